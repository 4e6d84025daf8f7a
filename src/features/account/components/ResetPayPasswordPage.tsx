import { navigate } from 'wouter/use-browser-location';
import { resetPayPassword, validateResetPayPassword, type ResetPayPasswordField } from '../api/reset-pay-password.ts';
import { loadUser } from '../stores/user-store.ts';
import { PasswordChangeForm, type PasswordInputSpec } from './PasswordChangeForm.tsx';

const inputs: readonly PasswordInputSpec<ResetPayPasswordField>[] = [
  {
    field: 'loginPassword',
    name: 'logpassword',
    labelKey: 'account.resetPay.loginPassword',
    placeholderKey: 'account.resetPay.loginPlaceholder',
    autoComplete: 'current-password',
  },
  {
    field: 'newPassword',
    name: 'newpaypassword',
    labelKey: 'account.resetPay.new',
    placeholderKey: 'account.password.rulePlaceholder',
    autoComplete: 'new-password',
  },
  {
    field: 'confirmPassword',
    name: 'confirmpaypassword',
    labelKey: 'account.resetPay.confirm',
    placeholderKey: 'account.resetPay.confirmPlaceholder',
    autoComplete: 'new-password',
  },
];

/** Set or change the transaction password (docs/product-rules.md#passwords); back to the security centre on success. */
export function ResetPayPasswordPage() {
  return (
    <PasswordChangeForm
      operation="pay_password"
      titleKey="route.resetLegalPwd"
      inputs={inputs}
      validate={validateResetPayPassword}
      submit={resetPayPassword}
      onSuccess={async () => {
        await loadUser();
        navigate('/security', { replace: true });
      }}
    />
  );
}
