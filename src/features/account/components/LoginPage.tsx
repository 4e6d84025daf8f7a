import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/Button.tsx';
import { Checkbox } from '../../../components/ui/Checkbox.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { PasswordField } from '../../../components/ui/PasswordField.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { loadAccount, loadCredentials, saveAccount, saveCredentials } from '../../../lib/client-storage.ts';
import { goBack, reloadTo } from '../../../lib/navigation.ts';
import { signIn } from '../../../lib/session.ts';
import { useSiteSettings } from '../../../lib/site-settings.ts';
import { showToast, showToastAfterReload } from '../../../lib/toast.ts';
import { isValid, type FieldErrors } from '../../../lib/validation.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { loginUser, validateLogin, type LoginOutput, type SecondStepOutput } from '../api/login-user.ts';
import { signInWithPasskey } from '../api/passkey-sign-in.ts';
import { usePublicIp } from '../hooks/use-public-ip.ts';
import { BrandHeading } from './BrandHeading.tsx';
import { LoginSecondStep } from './LoginSecondStep.tsx';
import styles from './account.module.css';

/**
 * Login (docs/product-rules.md#log-in-and-sessions): username, password, remember credentials, register link, forgot password.
 * An account with a second factor answers second_step instead of a token: the code step follows
 * (docs/account-protection.md "Sign-in second step"), then the login ends the same way.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  const ip = usePublicIp(settings?.ip_lookup_url);
  const [remembered] = useState(loadCredentials);
  // The last account used is offered even when the password was not remembered.
  const [username, setUsername] = useState(() => remembered?.username ?? loadAccount() ?? '');
  const [password, setPassword] = useState(remembered?.password ?? '');
  const [remember, setRemember] = useState(remembered !== null);
  const [errors, setErrors] = useState<FieldErrors<'username' | 'password'>>({});
  const [secondStep, setSecondStep] = useState<SecondStepOutput['second_step'] | null>(null);
  const { busy: posting, run } = useSubmit();
  const busy = posting !== null;

  const signedIn = (data: LoginOutput, msg: string) => {
    saveCredentials(remember ? { username: username.trim(), password } : null);
    saveAccount(username.trim());
    enter(data, msg);
  };

  // No account or password typed: the device offers the passkeys it holds for this site.
  const onPasskey = async () => {
    const result = await run('passkey', () => signInWithPasskey(ip));
    if (!result?.ok) return;
    saveAccount(result.data.userinfo.username);
    enter(result.data, result.msg);
  };

  const enter = (data: LoginOutput, msg: string) => {
    signIn(data.userinfo.token);
    showToastAfterReload(msg, 'success');
    reloadTo('/');
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin({ username, password });
    setErrors(found);
    if (!isValid(found) || busy) return;
    const result = await run('login', () => loginUser({ username, password, ip }));
    if (!result?.ok) return;
    if ('second_step' in result.data) setSecondStep(result.data.second_step);
    else signedIn(result.data, result.msg);
  };

  const onForgot = () => {
    if (!settings?.custom_service) showToast(t('common.contactService'), 'error');
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('route.login')} backLabel={t('common.back')} onBack={() => goBack('/')} />
      {secondStep ? (
        <div className={styles.content}>
          <BrandHeading />
          <LoginSecondStep step={secondStep} onSignedIn={signedIn} onRestart={() => setSecondStep(null)} />
        </div>
      ) : (
        <form className={styles.content} onSubmit={onSubmit} noValidate>
          <BrandHeading />
          <TextField
            label={t('account.login.username')}
            placeholder={t('account.login.usernamePlaceholder')}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            inputMode="email"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            error={errors.username ? t(errors.username) : null}
          />
          <PasswordField
            label={t('account.login.password')}
            placeholder={t('account.login.passwordPlaceholder')}
            showLabel={t('account.password.show')}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password ? t(errors.password) : null}
          />
          <div className={styles.row}>
            <Checkbox
              label={t('account.login.remember')}
              checked={remember}
              onChange={(e) => setRemember(e.target.checked)}
            />
            {settings?.custom_service ? (
              <a className={styles.link} href={settings.custom_service} target="_blank" rel="noopener noreferrer">
                {t('account.login.forgot')}
              </a>
            ) : (
              <button type="button" className={styles.link} onClick={onForgot}>
                {t('account.login.forgot')}
              </button>
            )}
          </div>
          <Button type="submit" block busy={posting === 'login'} disabled={busy}>
            {t('account.login.submit')}
          </Button>
          <Button
            variant="secondary"
            block
            className={styles.passkeyButton}
            busy={posting === 'passkey'}
            disabled={busy}
            onClick={() => void onPasskey()}
          >
            {t('security.passkeys.signIn')}
          </Button>
          <p className={styles.footer}>
            {t('account.login.noAccount')}{' '}
            <Link className={styles.link} href="/register">
              {t('account.login.registerLink')}
            </Link>
          </p>
        </form>
      )}
    </div>
  );
}
