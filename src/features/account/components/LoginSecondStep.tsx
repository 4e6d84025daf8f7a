import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { OneTimeCodeField } from '../../../components/ui/OneTimeCodeField.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { isOneTimeCode } from '../../../lib/one-time-code.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { finishSecondStep, type LoginOutput, type SecondStepOutput } from '../api/login-user.ts';
import { finishSecondStepWithPasskey } from '../api/passkey-sign-in.ts';
import styles from './account.module.css';

export interface LoginSecondStepProps {
  step: SecondStepOutput['second_step'];
  /** The token answer, exactly as a login without a second factor gets it. */
  onSignedIn(data: LoginOutput, msg: string): void;
  /** Back to the password (the ticket expired or was used). */
  onRestart(): void;
}

/**
 * The login's second step (docs/account-protection.md "Sign-in second step"): the code from the
 * authenticator app, one of the recovery codes, or a passkey of the account, as the server offers.
 */
export function LoginSecondStep({ step, onSignedIn, onRestart }: LoginSecondStepProps) {
  const { t } = useTranslation();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState('');
  const [tried, setTried] = useState(false);
  const { busy, run } = useSubmit();
  const canUseCode = step.methods.includes('totp');
  const canUseRecovery = step.methods.includes('recovery');
  const canUsePasskey = step.methods.includes('passkey');

  const onPasskey = async () => {
    const result = await run('passkey', () => finishSecondStepWithPasskey(step.ticket));
    if (result?.ok) onSignedIn(result.data, result.msg);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (useRecovery ? recovery.trim() === '' : !isOneTimeCode(code)) return;
    const result = await run('second-step', () => finishSecondStep(step.ticket, useRecovery ? { recovery } : { code }));
    if (result?.ok) onSignedIn(result.data, result.msg);
  };

  return (
    <form className={styles.secondStep} onSubmit={onSubmit} noValidate data-testid="login-second-step">
      <h2 className={styles.secondStepTitle}>{t('security.totp.login.title')}</h2>
      <p className={styles.secondStepHint}>
        {t(
          useRecovery
            ? 'security.totp.login.recoveryHint'
            : canUseCode
              ? 'security.totp.login.hint'
              : 'security.passkeys.secondStepHint',
        )}
      </p>
      {useRecovery ? (
        <TextField
          label={t('security.totp.recoveryLabel')}
          placeholder="XXXXX-XXXXX"
          autoComplete="off"
          autoCapitalize="characters"
          autoFocus
          spellCheck={false}
          dir="ltr"
          value={recovery}
          onChange={(event) => setRecovery(event.target.value)}
          error={tried && recovery.trim() === '' ? t('security.totp.recoveryRequired') : null}
          data-testid="recovery-code"
        />
      ) : (
        canUseCode && <OneTimeCodeField value={code} onChange={setCode} showInvalid={tried} autoFocus />
      )}
      {canUseRecovery && (
        <button
          type="button"
          className={styles.link}
          onClick={() => {
            setUseRecovery((on) => !on);
            setTried(false);
          }}
        >
          {t(useRecovery ? 'security.totp.useCode' : 'security.totp.useRecovery')}
        </button>
      )}
      {canUseCode && (
        <Button type="submit" block busy={busy === 'second-step'} disabled={busy !== null}>
          {t('security.totp.login.submit')}
        </Button>
      )}
      {canUsePasskey && (
        <Button
          variant={canUseCode ? 'secondary' : 'primary'}
          block
          busy={busy === 'passkey'}
          disabled={busy !== null}
          onClick={() => void onPasskey()}
          data-testid="second-step-passkey"
        >
          {t('security.passkeys.usePasskey')}
        </Button>
      )}
      <button type="button" className={[styles.link, styles.restart].join(' ')} onClick={onRestart}>
        {t('security.totp.login.restart')}
      </button>
    </form>
  );
}
