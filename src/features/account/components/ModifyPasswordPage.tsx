import { reloadTo } from '../../../lib/navigation.ts';
import { signOut } from '../../../lib/session.ts';
import { showToastAfterReload } from '../../../lib/toast.ts';
import {
  resetLoginPassword,
  validateResetLoginPassword,
  type ResetLoginPasswordField,
} from '../api/reset-login-password.ts';
import { PasswordChangeForm, type PasswordInputSpec } from './PasswordChangeForm.tsx';

const inputs: readonly PasswordInputSpec<ResetLoginPasswordField>[] = [
  {
    field: 'oldPassword',
    name: 'oldpassword',
    labelKey: 'account.modifyPwd.old',
    placeholderKey: 'account.modifyPwd.oldPlaceholder',
    autoComplete: 'current-password',
  },
  {
    field: 'newPassword',
    name: 'newpassword',
    labelKey: 'account.modifyPwd.new',
    placeholderKey: 'account.password.rulePlaceholder',
    autoComplete: 'new-password',
  },
  {
    field: 'confirmPassword',
    name: 'confirmpassword',
    labelKey: 'account.modifyPwd.confirm',
    placeholderKey: 'account.modifyPwd.confirmPlaceholder',
    autoComplete: 'new-password',
  },
];

/** Change the login password (docs/product-rules.md#passwords): on success the session is cleared and the page reloads on /login. */
export function ModifyPasswordPage() {
  return (
    <PasswordChangeForm
      operation="login_password"
      titleKey="route.modifyPwd"
      inputs={inputs}
      validate={validateResetLoginPassword}
      submit={resetLoginPassword}
      onSuccess={({ msg }) => {
        signOut();
        showToastAfterReload(msg, 'success');
        reloadTo('/login');
      }}
    />
  );
}
