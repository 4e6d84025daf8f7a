import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { Button } from '../../../components/ui/Button.tsx';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { IconCopy, IconShare } from '../../../components/ui/icons.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { VisuallyHidden } from '../../../components/ui/VisuallyHidden.tsx';
import { copyText } from '../../../lib/clipboard.ts';
import { goBack } from '../../../lib/navigation.ts';
import { isOn, useSiteSettings } from '../../../lib/site-settings.ts';
import { showToast } from '../../../lib/toast.ts';
import { getUserProfile } from '../api/get-user-profile.ts';
import { inviteLink } from '../api/invite-link.ts';
import { useLoaded } from '../../../lib/use-loaded.ts';
import { QrCode, QR_SIZE } from '../../../components/ui/QrCode.tsx';
import styles from './profile.module.css';

/**
 * Invite friends (docs/product-rules.md#invite, query `code`): a 172×172 QR of the invite link while
 * invit_qrcode_switch is 1, the promotion code and the link, each with a copy button, and the
 * system share sheet where the browser has one. The code is the account's own (getUserInfo); the
 * query's code shows until it has loaded.
 */
export function InvitePage() {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  const queryCode = new URLSearchParams(useSearch()).get('code')?.trim() ?? '';
  const profile = useLoaded(getUserProfile, []);
  const code = profile.data?.invit || queryCode;
  const link = code ? inviteLink(settings?.invit_url, code, window.location.origin) : null;
  const canShare = typeof navigator.share === 'function';

  const copy = async (text: string) => {
    const done = await copyText(text);
    showToast(t(done ? 'profile.invite.copied' : 'profile.invite.copyFailed'), done ? 'success' : 'error');
  };

  const share = async () => {
    if (!link) return;
    try {
      await navigator.share({ title: settings?.name ?? '', text: t('profile.invite.shareText', { code }), url: link });
    } catch {
      // Closed without sharing, or refused: nothing to report.
    }
  };

  let body;
  if (!code || !link) {
    body =
      profile.state === 'failed' ? (
        <LoadFailed onRetry={profile.reload} />
      ) : (
        <InviteSkeleton qr={isOn(settings, 'invit_qrcode_switch')} />
      );
  } else {
    body = (
      <>
        <p className={styles.intro}>{t('profile.invite.intro')}</p>
        {isOn(settings, 'invit_qrcode_switch') && (
          <figure className={styles.qrTile}>
            <QrCode text={link} label={t('profile.invite.qrLabel')} testId="invite-qr" />
            <figcaption className={styles.qrCaption}>{t('profile.invite.scan')}</figcaption>
          </figure>
        )}
        <div className={styles.copyRow}>
          <div className={styles.copyBody}>
            <span className={styles.copyLabel}>{t('profile.invite.code')}</span>
            <bdi className={[styles.copyValue, styles.code, styles.ltr].join(' ')} dir="ltr" data-testid="invite-code">
              {code}
            </bdi>
          </div>
          <Button variant="secondary" className={styles.copyButton} onClick={() => void copy(code)}>
            <IconCopy size={18} />
            {t('profile.invite.copy')} <VisuallyHidden>{t('profile.invite.code')}</VisuallyHidden>
          </Button>
        </div>
        <div className={styles.copyRow}>
          <div className={styles.copyBody}>
            <span className={styles.copyLabel}>{t('profile.invite.link')}</span>
            <bdi
              className={[styles.copyValue, styles.ltr, styles.mono, styles.oneLine].join(' ')}
              dir="ltr"
              data-testid="invite-link"
              title={link}
            >
              {link}
            </bdi>
          </div>
          <Button variant="secondary" className={styles.copyButton} onClick={() => void copy(link)}>
            <IconCopy size={18} />
            {t('profile.invite.copy')} <VisuallyHidden>{t('profile.invite.link')}</VisuallyHidden>
          </Button>
        </div>
        {canShare && (
          <Button block onClick={() => void share()}>
            <IconShare size={18} />
            {t('profile.invite.share')}
          </Button>
        )}
      </>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader title={t('route.invite')} backLabel={t('common.back')} onBack={() => goBack('/')} />
      <div className={styles.content}>{body}</div>
    </div>
  );
}

function InviteSkeleton({ qr }: { qr: boolean }) {
  return (
    <div className={styles.skeletons} aria-hidden="true">
      <Skeleton height={16} width="80%" />
      {qr && <Skeleton height={QR_SIZE + 52} width={QR_SIZE + 32} className={styles.qrTile} />}
      <Skeleton height={70} />
      <Skeleton height={70} />
    </div>
  );
}
