import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { IconAlert, IconCheck, IconHourglass, IconIdCard } from '../../../components/ui/icons.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { UploadSlot } from '../../../components/ui/UploadSlot.tsx';
import { goBack } from '../../../lib/navigation.ts';
import { isOff, useSiteSettings } from '../../../lib/site-settings.ts';
import { showToast } from '../../../lib/toast.ts';
import { useUploadSlot } from '../../../lib/use-upload-slot.ts';
import { getUserProfile, identityStatus, type UserProfile } from '../api/get-user-profile.ts';
import { submitIdentity, validateIdentity } from '../api/submit-identity.ts';
import { useLoaded } from '../../../lib/use-loaded.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { StatusPanel } from './StatusPanel.tsx';
import styles from './profile.module.css';

/**
 * Identity verification (docs/product-rules.md#identity-verification): the current status, and while the user
 * awaits certification (rzstatus 0 or 3) the form: real name and the front and back of the ID, one
 * image each. A rejection shows its reason above the form. Submitting moves the status to under
 * review; "check again" reloads it. Closed while certification_switch is off.
 */
export function IdentityPage() {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  const profile = useLoaded(getUserProfile, []);
  const status = profile.data ? identityStatus(profile.data.rzstatus) : null;
  const closed = isOff(settings, 'certification_switch');

  let body;
  if (closed) {
    body = <StatusPanel icon={<IconIdCard />} title={t('profile.identity.closed')} testId="identity-status" />;
  } else if (!profile.data) {
    body = profile.state === 'failed' ? <LoadFailed onRetry={profile.reload} /> : <FormSkeleton />;
  } else if (status === 'review' || status === 'certified') {
    body = (
      <StatusPanel
        icon={status === 'review' ? <IconHourglass /> : <IconCheck />}
        tone={status === 'review' ? 'wait' : 'good'}
        title={t(status === 'review' ? 'profile.identity.status.review' : 'profile.identity.status.certified')}
        text={t(status === 'review' ? 'profile.identity.reviewText' : 'profile.identity.certifiedText')}
        testId="identity-status"
        action={
          status === 'review' ? (
            <Button
              variant="ghost"
              className={styles.statusAction}
              busy={profile.state === 'loading'}
              onClick={profile.reload}
            >
              {t('profile.identity.checkAgain')}
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    body = (
      <>
        {status === 'rejected' && (
          <StatusPanel
            icon={<IconAlert />}
            tone="bad"
            title={t('profile.identity.status.rejected')}
            text={
              profile.data.rz_reason
                ? t('profile.identity.reason', { reason: isolated(profile.data.rz_reason) })
                : t('profile.identity.rejectedText')
            }
            testId="identity-status"
          />
        )}
        <IdentityForm
          onSubmitted={() => profile.set({ ...(profile.data as UserProfile), rzstatus: 1, rz_reason: '' })}
        />
      </>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader title={t('route.realAuthentication')} backLabel={t('common.back')} onBack={() => goBack('/')} />
      <div className={styles.content}>{body}</div>
    </div>
  );
}

/** Text of another direction inside a translation (an operator's English reason on an Arabic screen), kept in its own order: FSI … PDI. */
const isolated = (text: string): string => `\u2068${text}\u2069`;

/** The form while awaiting certification: validated in the spec's order, sent once, the submit blocked while posting or uploading. */
function IdentityForm({ onSubmitted }: { onSubmitted(): void }) {
  const { t } = useTranslation();
  const [realName, setRealName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const { busy: posting, run } = useSubmit();
  const busy = posting !== null;
  const front = useUploadSlot();
  const back = useUploadSlot();
  const uploading = front.state.status === 'uploading' || back.state.status === 'uploading';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = validateIdentity({ realName, front: front.url, back: back.url });
    setNameError(problem?.field === 'realName' ? problem.key : null);
    if (problem) {
      if (problem.field !== 'realName') showToast(t(problem.key), 'error');
      return;
    }
    await run(
      'submit',
      () => submitIdentity({ realName, front: front.url, back: back.url }),
      () => onSubmitted(),
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate data-testid="identity-form">
      <p className={styles.intro}>{t('profile.identity.intro')}</p>
      <TextField
        label={t('profile.identity.realName')}
        placeholder={t('profile.identity.realNamePlaceholder')}
        name="real_name"
        autoComplete="name"
        maxLength={50}
        value={realName}
        onChange={(event) => setRealName(event.target.value)}
        error={nameError ? t(nameError) : null}
      />
      <UploadSlot label={t('profile.identity.front')} hint={t('profile.identity.frontHint')} {...front.slotProps} />
      <UploadSlot label={t('profile.identity.back')} hint={t('profile.identity.backHint')} {...back.slotProps} />
      <Button type="submit" block busy={busy} disabled={uploading}>
        {t('profile.identity.submit')}
      </Button>
    </form>
  );
}

/** The form's size while the status loads, so nothing jumps when it arrives. */
function FormSkeleton() {
  return (
    <div className={styles.skeletons} aria-hidden="true">
      <Skeleton height={16} width="80%" />
      <Skeleton height={72} />
      <Skeleton height={200} />
      <Skeleton height={200} />
    </div>
  );
}
