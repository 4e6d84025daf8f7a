import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { IconAlert, IconCopy } from '../../../components/ui/icons.tsx';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { OneTimeCodeField } from '../../../components/ui/OneTimeCodeField.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { PasswordField } from '../../../components/ui/PasswordField.tsx';
import { QrCode } from '../../../components/ui/QrCode.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { VisuallyHidden } from '../../../components/ui/VisuallyHidden.tsx';
import { copyText } from '../../../lib/clipboard.ts';
import { goBack } from '../../../lib/navigation.ts';
import { isOneTimeCode } from '../../../lib/one-time-code.ts';
import { showToast } from '../../../lib/toast.ts';
import { useLoaded } from '../../../lib/use-loaded.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { disableTotp, enableTotp, getTotpStatus, setupTotp, type TotpSetup } from '../api/totp.ts';
import styles from './security.module.css';

/** What the screen shows besides the state: the set-up, the recovery codes once, the turn-off form. */
type Step =
  { kind: 'status' } | { kind: 'setup'; setup: TotpSetup } | { kind: 'codes'; codes: string[] } | { kind: 'off' };

/**
 * Authenticator codes (docs/account-protection.md "Authenticator codes"): on or off with the
 * recovery codes left. Turning on shows the QR code of the otpauth URI and the secret as text, then
 * asks a code from the app; the answer's ten recovery codes are shown this once. Turning off asks
 * the login password and a code or a recovery code.
 */
export function AuthenticatorPage() {
  const { t } = useTranslation();
  const status = useLoaded(getTotpStatus, []);
  const [step, setStep] = useState<Step>({ kind: 'status' });
  const { busy, run } = useSubmit();

  const begin = () => void run('setup', setupTotp, (setup) => setStep({ kind: 'setup', setup }));
  const finished = () => {
    setStep({ kind: 'status' });
    status.reload();
  };

  let body;
  if (step.kind === 'setup') {
    body = (
      <SetupStep
        setup={step.setup}
        onEnabled={(codes) => setStep({ kind: 'codes', codes })}
        onCancel={() => setStep({ kind: 'status' })}
      />
    );
  } else if (step.kind === 'codes') {
    body = <RecoveryCodes codes={step.codes} onDone={finished} />;
  } else if (step.kind === 'off') {
    body = <TurnOff onDone={finished} onCancel={() => setStep({ kind: 'status' })} />;
  } else if (status.state === 'failed') {
    body = <LoadFailed onRetry={status.reload} />;
  } else if (!status.data) {
    body = (
      <div className={styles.skeletons} aria-hidden="true">
        <Skeleton height={16} width="90%" />
        <Skeleton height={72} />
        <Skeleton height={44} />
      </div>
    );
  } else {
    const on = status.data.state === 'on';
    body = (
      <>
        <p className={styles.intro}>{t('security.totp.intro')}</p>
        <div className={styles.stateBox} data-testid="totp-state">
          <span className={[styles.stateMark, on ? styles.on : styles.off].join(' ')}>
            {t(on ? 'security.totp.stateOn' : 'security.totp.stateOff')}
          </span>
          {on && (
            <span className={styles.muted} data-testid="totp-recovery-left">
              {t('security.totp.recoveryLeft', { left: status.data.recovery_codes_left })}
            </span>
          )}
        </div>
        {on ? (
          <Button variant="secondary" block onClick={() => setStep({ kind: 'off' })}>
            {t('security.totp.turnOff')}
          </Button>
        ) : (
          <Button block busy={busy === 'setup'} onClick={begin}>
            {t('security.totp.turnOn')}
          </Button>
        )}
      </>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader title={t('security.totp.title')} backLabel={t('common.back')} onBack={() => goBack('/security')} />
      <div className={styles.content}>{body}</div>
    </div>
  );
}

/** The key in groups of four, as apps print it and people type it; the copy button copies it whole. */
const groupsOfFour = (key: string): string => key.replace(/(.{4})(?=.)/g, '$1 ');

async function copyWithToast(text: string, t: (key: string) => string): Promise<void> {
  const done = await copyText(text);
  showToast(t(done ? 'security.totp.copied' : 'security.totp.copyFailed'), done ? 'success' : 'error');
}

/** Scan (or type the key), then confirm with the code the app shows. */
function SetupStep({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TotpSetup;
  onEnabled(codes: string[]): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { busy, run } = useSubmit();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!isOneTimeCode(code)) return;
    setRefusal(null);
    const result = await run(
      'enable',
      () => enableTotp(code),
      (data) => onEnabled(data.recovery_codes),
    );
    if (result && !result.ok) setRefusal(result.msg || null);
  };

  return (
    <form onSubmit={onSubmit} noValidate className={styles.form}>
      <h2 className={styles.stepTitle}>{t('security.totp.scanStep')}</h2>
      <figure className={styles.qrTile}>
        <QrCode text={setup.uri} label={t('security.totp.qrLabel')} testId="totp-qr" />
      </figure>
      <div className={styles.copyRow}>
        <div className={styles.copyBody}>
          <span className={styles.copyLabel}>{t('security.totp.secretLabel')}</span>
          <bdi className={[styles.copyValue, styles.mono, styles.ltr].join(' ')} dir="ltr" data-testid="totp-secret">
            {groupsOfFour(setup.secret)}
          </bdi>
        </div>
        <Button variant="secondary" className={styles.copyButton} onClick={() => void copyWithToast(setup.secret, t)}>
          <IconCopy size={18} />
          {t('security.totp.copy')} <VisuallyHidden>{t('security.totp.secretLabel')}</VisuallyHidden>
        </Button>
      </div>
      <h2 className={styles.stepTitle}>{t('security.totp.confirmStep')}</h2>
      <OneTimeCodeField
        value={code}
        onChange={(value) => {
          setCode(value);
          setRefusal(null);
        }}
        error={refusal}
        showInvalid={tried}
      />
      <Button type="submit" block busy={busy === 'enable'}>
        {t('security.totp.confirm')}
      </Button>
      <Button variant="ghost" block onClick={onCancel}>
        {t('security.totp.cancel')}
      </Button>
    </form>
  );
}

/** The ten recovery codes, this once, with a plain warning to save them now. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="recovery-title" className={styles.form}>
      <h2 id="recovery-title" className={styles.stepTitle}>
        {t('security.totp.codesTitle')}
      </h2>
      <p className={styles.warning} role="alert" data-testid="recovery-warning">
        <IconAlert size={18} className={styles.warningIcon} />
        <span>{t('security.totp.codesWarning')}</span>
      </p>
      <ul className={styles.codes} dir="ltr" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button variant="secondary" block onClick={() => void copyWithToast(codes.join('\n'), t)}>
        <IconCopy size={18} />
        {t('security.totp.copyCodes')}
      </Button>
      <Button block onClick={onDone}>
        {t('security.totp.done')}
      </Button>
    </section>
  );
}

/** Turning off: the login password and a code from the app, or a recovery code. */
function TurnOff({ onDone, onCancel }: { onDone(): void; onCancel(): void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState('');
  const [tried, setTried] = useState(false);
  const { busy, run } = useSubmit();

  const passwordMissing = password === '';
  const proofMissing = useRecovery ? recovery.trim() === '' : !isOneTimeCode(code);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (passwordMissing || proofMissing) return;
    await run('disable', () => disableTotp(password, useRecovery ? { recovery } : { code }), onDone);
  };

  return (
    <form onSubmit={onSubmit} noValidate className={styles.form}>
      <h2 className={styles.stepTitle}>{t('security.totp.offTitle')}</h2>
      <p className={styles.intro}>{t('security.totp.offHint')}</p>
      <PasswordField
        label={t('security.totp.password')}
        placeholder={t('security.totp.passwordPlaceholder')}
        showLabel={t('account.password.show')}
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={tried && passwordMissing ? t('security.totp.passwordRequired') : null}
      />
      {useRecovery ? (
        <TextField
          label={t('security.totp.recoveryLabel')}
          placeholder="XXXXX-XXXXX"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          dir="ltr"
          value={recovery}
          onChange={(event) => setRecovery(event.target.value)}
          error={tried && proofMissing ? t('security.totp.recoveryRequired') : null}
          data-testid="recovery-code"
        />
      ) : (
        <OneTimeCodeField value={code} onChange={setCode} showInvalid={tried} />
      )}
      <button type="button" className={styles.link} onClick={() => setUseRecovery((on) => !on)}>
        {t(useRecovery ? 'security.totp.useCode' : 'security.totp.useRecovery')}
      </button>
      <Button type="submit" variant="danger" block busy={busy === 'disable'}>
        {t('security.totp.turnOff')}
      </Button>
      <Button variant="ghost" block onClick={onCancel}>
        {t('security.totp.cancel')}
      </Button>
    </form>
  );
}
