import { useTranslation } from 'react-i18next';
import { PasswordField } from './PasswordField.tsx';

export interface PayPasswordFieldProps {
  value: string;
  onChange(value: string): void;
  /** Already-translated message of a broken password rule, shown beneath the field. */
  error?: string | null;
  className?: string;
}

/**
 * The transaction password a money action asks for while traders_password_switch is 1 (withdrawal,
 * flash exchange, internal transfer, staking, lock mining). It only holds the text: each call sends
 * it under the field name its route takes.
 */
export function PayPasswordField({ value, onChange, error, className }: PayPasswordFieldProps) {
  const { t } = useTranslation();
  return (
    <PasswordField
      className={className}
      label={t('wallet.form.payPassword')}
      placeholder={t('wallet.form.payPasswordPlaceholder')}
      showLabel={t('account.password.show')}
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}
