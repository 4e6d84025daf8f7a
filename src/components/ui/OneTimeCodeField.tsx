import { useTranslation } from 'react-i18next';
import { isOneTimeCode } from '../../lib/one-time-code.ts';
import { TextField } from './TextField.tsx';

export interface OneTimeCodeFieldProps {
  value: string;
  onChange(value: string): void;
  /** Already-translated refusal of the code (wrong, reused, locked); shown beneath the field. */
  error?: string | null;
  /** Show "enter the 6 digits" for a text that is not a code (after the user tried to send it). */
  showInvalid?: boolean;
  autoFocus?: boolean;
  className?: string;
}

/**
 * The one field for an authenticator code: a numeric keyboard, the phone's one-time-code autofill,
 * and the text kept as typed (a pasted "123 456" is read without its space by `oneTimeCodeDigits`).
 */
export function OneTimeCodeField({ value, onChange, error, showInvalid, autoFocus, className }: OneTimeCodeFieldProps) {
  const { t } = useTranslation();
  const invalid = showInvalid && !isOneTimeCode(value) ? t('security.code.invalid') : null;
  return (
    <TextField
      className={className}
      label={t('security.code.label')}
      placeholder={t('security.code.placeholder')}
      inputMode="numeric"
      autoComplete="one-time-code"
      autoFocus={autoFocus}
      spellCheck={false}
      dir="ltr"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error ?? invalid}
      data-testid="one-time-code"
    />
  );
}
