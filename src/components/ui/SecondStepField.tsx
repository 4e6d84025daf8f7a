import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from './Button.tsx';
import { OneTimeCodeField } from './OneTimeCodeField.tsx';
import styles from './second-step-field.module.css';

export interface SecondStepFieldProps {
  /** The second steps the account has: a code field for `totp`, a button for `passkey`. */
  methods: readonly ('totp' | 'passkey')[];
  /** starting: the approval is being asked for; failed: it could not be (with onRetry); ready. */
  state: 'starting' | 'ready' | 'failed';
  code: string;
  onCodeChange(value: string): void;
  /** Already-translated refusal (a wrong code, an expired confirmation), shown beneath the code. */
  error?: string | null;
  /** Show "enter the 6 digits" for a text that is not a code (after the user tried to confirm). */
  showInvalid?: boolean;
  onPasskey?(): void;
  passkeyBusy?: boolean;
  onRetry?(): void;
  /** The site asks for a second factor and the account has none: say so and link to turning one on. */
  factorNeeded?: boolean;
}

/**
 * The one second step of an operation (docs/account-protection.md "When the second step is asked"),
 * inside the confirm sheet or a form: the authenticator code and, with passkeys, "Use passkey". What
 * it approves is exactly what the sheet shows: the code is sent with that operation only.
 */
export function SecondStepField({
  methods,
  state,
  code,
  onCodeChange,
  error,
  showInvalid,
  onPasskey,
  passkeyBusy,
  onRetry,
  factorNeeded,
}: SecondStepFieldProps) {
  const { t } = useTranslation();
  if (factorNeeded)
    return (
      <div className={styles.notice} role="alert" data-testid="second-step-needed">
        <p>{t('security.approval.factorNeeded')}</p>
        <Link href="/security/authenticator" className={styles.link}>
          {t('security.approval.turnOn')}
        </Link>
      </div>
    );
  const hasCode = methods.includes('totp');
  const hasPasskey = methods.includes('passkey');
  return (
    <div className={styles.step} data-testid="second-step">
      <p className={styles.hint}>{t(hasCode ? 'security.approval.hint' : 'security.approval.hintPasskey')}</p>
      {hasCode && (
        <OneTimeCodeField
          value={code}
          onChange={onCodeChange}
          error={state === 'failed' ? null : error}
          showInvalid={showInvalid}
        />
      )}
      {!hasCode && error && state !== 'failed' && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {hasPasskey && (
        <Button
          variant="secondary"
          block
          busy={passkeyBusy}
          disabled={state !== 'ready'}
          onClick={onPasskey}
          data-testid="second-step-passkey"
        >
          {t('security.approval.usePasskey')}
        </Button>
      )}
      {state === 'starting' && (
        <p className={styles.status} aria-live="polite">
          {t('security.approval.starting')}
        </p>
      )}
      {state === 'failed' && (
        <div className={styles.status} role="alert">
          <span>{error ?? t('security.approval.startFailed')}</span>{' '}
          <button type="button" className={styles.retry} onClick={onRetry}>
            {t('security.approval.retry')}
          </button>
        </div>
      )}
    </div>
  );
}
