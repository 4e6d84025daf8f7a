import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { Button } from '../../../components/ui/Button.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { PasswordField } from '../../../components/ui/PasswordField.tsx';
import { goBack } from '../../../lib/navigation.ts';
import { isValid, type FieldErrors } from '../../../lib/validation.ts';
import { resetPayPassword, validateResetPayPassword, type ResetPayPasswordField } from '../api/reset-pay-password.ts';
import { loadUser } from '../stores/user-store.ts';
import styles from './account.module.css';

/** Set or change the transaction password (spec §5); back to the security centre on success. */
export function ResetPayPasswordPage() {
  const { t } = useTranslation();
  const [values, setValues] = useState({ loginPassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<ResetPayPasswordField>>({});
  const [busy, setBusy] = useState(false);
  const set = (field: ResetPayPasswordField) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateResetPayPassword(values);
    setErrors(found);
    if (!isValid(found) || busy) return;
    setBusy(true);
    try {
      const result = await resetPayPassword(values);
      if (!result.ok) return;
      await loadUser();
      navigate('/security', { replace: true });
    } catch {
      // Announced by the api client.
    } finally {
      setBusy(false);
    }
  };

  const err = (key: string | undefined) => (key ? t(key) : null);
  return (
    <div className={styles.page}>
      <PageHeader title={t('route.resetLegalPwd')} backLabel={t('common.back')} onBack={() => goBack('/security')} />
      <form className={styles.content} onSubmit={onSubmit} noValidate>
        <PasswordField
          label={t('account.resetPay.loginPassword')}
          placeholder={t('account.resetPay.loginPlaceholder')}
          showLabel={t('account.password.show')}
          name="logpassword"
          autoComplete="current-password"
          value={values.loginPassword}
          onChange={set('loginPassword')}
          error={err(errors.loginPassword)}
        />
        <PasswordField
          label={t('account.resetPay.new')}
          placeholder={t('account.password.rulePlaceholder')}
          showLabel={t('account.password.show')}
          name="newpaypassword"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={set('newPassword')}
          error={err(errors.newPassword)}
        />
        <PasswordField
          label={t('account.resetPay.confirm')}
          placeholder={t('account.resetPay.confirmPlaceholder')}
          showLabel={t('account.password.show')}
          name="confirmpaypassword"
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
