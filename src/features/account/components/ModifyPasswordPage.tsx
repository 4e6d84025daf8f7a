import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { PasswordField } from '../../../components/ui/PasswordField.tsx';
import { goBack, reloadTo } from '../../../lib/navigation.ts';
import { signOut } from '../../../lib/session.ts';
import { showToastAfterReload } from '../../../lib/toast.ts';
import { isValid, type FieldErrors } from '../../../lib/validation.ts';
import {
  resetLoginPassword,
  validateResetLoginPassword,
  type ResetLoginPasswordField,
} from '../api/reset-login-password.ts';
import styles from './account.module.css';

/** Change the login password (spec §4): on success the session is cleared and the page reloads on /login. */
export function ModifyPasswordPage() {
  const { t } = useTranslation();
  const [values, setValues] = useState({ oldPassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<ResetLoginPasswordField>>({});
  const [busy, setBusy] = useState(false);
  const set = (field: ResetLoginPasswordField) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateResetLoginPassword(values);
    setErrors(found);
    if (!isValid(found) || busy) return;
    setBusy(true);
    try {
      const result = await resetLoginPassword(values);
      if (!result.ok) return;
      signOut();
      showToastAfterReload(result.msg, 'success');
      reloadTo('/login');
    } catch {
      // Announced by the api client.
    } finally {
      setBusy(false);
    }
  };

  const err = (key: string | undefined) => (key ? t(key) : null);
  return (
    <div className={styles.page}>
      <PageHeader title={t('route.modifyPwd')} backLabel={t('common.back')} onBack={() => goBack('/security')} />
      <form className={styles.content} onSubmit={onSubmit} noValidate>
        <PasswordField
          label={t('account.modifyPwd.old')}
          placeholder={t('account.modifyPwd.oldPlaceholder')}
          showLabel={t('account.password.show')}
          name="oldpassword"
          autoComplete="current-password"
          value={values.oldPassword}
          onChange={set('oldPassword')}
          error={err(errors.oldPassword)}
        />
        <PasswordField
          label={t('account.modifyPwd.new')}
          placeholder={t('account.password.rulePlaceholder')}
          showLabel={t('account.password.show')}
          name="newpassword"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={set('newPassword')}
          error={err(errors.newPassword)}
        />
        <PasswordField
          label={t('account.modifyPwd.confirm')}
          placeholder={t('account.modifyPwd.confirmPlaceholder')}
          showLabel={t('account.password.show')}
          name="confirmpassword"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={err(errors.confirmPassword)}
        />
        <Button type="submit" block busy={busy}>
          {t('common.confirm')}
        </Button>
      </form>
    </div>
  );
}
