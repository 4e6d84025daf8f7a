import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { Button } from '../../../components/ui/Button.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { PasswordField } from '../../../components/ui/PasswordField.tsx';
import { TabPanel, Tabs } from '../../../components/ui/Tabs.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { goBack, reloadTo } from '../../../lib/navigation.ts';
import { signIn } from '../../../lib/session.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { isOn, site, useSiteSettings } from '../../../lib/site-settings.ts';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { showToastAfterReload } from '../../../lib/toast.ts';
import { isValid, type FieldErrors } from '../../../lib/validation.ts';
import { registerUser, validateRegister, type RegisterField, type RegisterMethod } from '../api/register-user.ts';
import { sendEmailCode, validateSendEmailCode } from '../api/send-email-code.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import { usePublicIp } from '../hooks/use-public-ip.ts';
import { BrandHeading } from './BrandHeading.tsx';
import styles from './account.module.css';

/** The email-code resend wait (docs/product-rules.md#register). */
export const EMAIL_CODE_WAIT_S = 60;

/**
 * Register (docs/product-rules.md#register): email and phone tabs per switch, code countdown, and the invite code
 * (prefilled from ?invite=) only while invie_code_switch is 1: the server ignores it otherwise.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  // The tabs and the code field depend on switches: hold their place until getSetting answers.
  const { failed: settingsFailed } = useSnapshot(site);
  const settingsPending = !settings && !settingsFailed;
  const ip = usePublicIp(settings?.ip_lookup_url);
  const search = useSearch();
  const methods: RegisterMethod[] = [];
  if (isOn(settings, 'email_register_switch')) methods.push('email');
  if (isOn(settings, 'phone_register_switch')) methods.push('phone');
  const [chosen, setChosen] = useState<RegisterMethod>('email');
  const method = methods.includes(chosen) ? chosen : (methods[0] ?? 'email');
  const verifyEmailCode = isOn(settings, 'verify_email_code');
  const inviteEnabled = isOn(settings, 'invie_code_switch');

  const [account, setAccount] = useState('');
  const panelId = useId();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repassword, setRepassword] = useState('');
  const [invite, setInvite] = useState(() => new URLSearchParams(search).get('invite') ?? '');
  const [errors, setErrors] = useState<FieldErrors<RegisterField>>({});
  const { busy: posting, run } = useSubmit();
  const busy = posting === 'register';
  const sending = posting === 'code';
  const countdown = useCountdown();

  const switchMethod = (next: RegisterMethod) => {
    setChosen(next);
    setAccount('');
    setCode('');
    setErrors({});
  };

  const onSendCode = async () => {
    const problem = validateSendEmailCode({ email: account });
    setErrors((e) => ({ ...e, account: problem ?? undefined }));
    if (problem || sending || countdown.remaining > 0) return;
    await run(
      'code',
      () => sendEmailCode({ email: account }),
      () => countdown.start(EMAIL_CODE_WAIT_S),
    );
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { method, account, password, repassword, code, invite: inviteEnabled ? invite : '' };
    const found = validateRegister(input, verifyEmailCode);
    setErrors(found);
    if (!isValid(found) || busy) return;
    const result = await run('register', () => registerUser({ ...input, ip }));
    if (!result?.ok) return;
    signIn(result.data.userinfo.token);
    showToastAfterReload(result.msg, 'success');
    reloadTo('/');
  };

  const err = (key: string | undefined) => (key ? t(key) : null);

  const accountField =
    method === 'email' ? (
      <TextField
        key="email"
        label={t('account.register.email')}
        placeholder={t('account.register.emailPlaceholder')}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        value={account}
        onChange={(e) => setAccount(e.target.value)}
        error={err(errors.account)}
      />
    ) : (
      <TextField
        key="phone"
        label={t('account.register.phone')}
        placeholder={t('account.register.phonePlaceholder')}
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        value={account}
        onChange={(e) => setAccount(e.target.value)}
        error={err(errors.account)}
      />
    );
  return (
    <div className={styles.page}>
      <PageHeader title={t('route.register')} backLabel={t('common.back')} onBack={() => goBack('/')} />
      <form className={styles.content} onSubmit={onSubmit} noValidate>
        <BrandHeading />
        {settingsPending ? (
          <div className={styles.pending} aria-busy="true">
            <Skeleton height={44} />
            <Skeleton height={72} />
            <Skeleton height={72} />
            <Skeleton height={72} />
          </div>
        ) : settings && methods.length === 0 ? (
          <p className={styles.notice}>{t('account.register.closed')}</p>
        ) : (
          <>
            {methods.length > 1 ? (
              <>
                <Tabs
                  label={t('account.register.method')}
                  value={method}
                  onChange={switchMethod}
                  items={methods.map((m) => ({
                    key: m,
                    label: t(m === 'email' ? 'account.register.tabEmail' : 'account.register.tabPhone'),
                  }))}
                  panelId={panelId}
                />
                <TabPanel id={panelId} tabKey={method}>
                  {accountField}
                </TabPanel>
              </>
            ) : (
              accountField
            )}
            {method === 'email' && verifyEmailCode && (
              <TextField
                label={t('account.register.code')}
                placeholder={t('account.register.codePlaceholder')}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                error={err(errors.code)}
                trailing={
                  <button
                    type="button"
                    className={styles.codeButton}
                    onClick={onSendCode}
                    disabled={sending || countdown.remaining > 0}
                    data-testid="send-code"
                  >
                    {countdown.remaining > 0
                      ? t('account.register.resendIn', { seconds: countdown.remaining })
                      : t('account.register.sendCode')}
                  </button>
                }
              />
            )}
            <PasswordField
              label={t('account.register.password')}
              placeholder={t('account.register.passwordPlaceholder')}
              showLabel={t('account.password.show')}
              name="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={err(errors.password)}
            />
            <PasswordField
              label={t('account.register.repassword')}
              placeholder={t('account.register.repasswordPlaceholder')}
              showLabel={t('account.password.show')}
              name="repassword"
              autoComplete="new-password"
              value={repassword}
              onChange={(e) => setRepassword(e.target.value)}
              error={err(errors.repassword)}
            />
            {inviteEnabled && (
              <TextField
                label={t('account.register.invite')}
                placeholder={t('account.register.invitePlaceholder')}
                name="invite"
                autoCapitalize="characters"
                spellCheck={false}
                value={invite}
                onChange={(e) => setInvite(e.target.value)}
              />
            )}
            <Button type="submit" block busy={busy}>
              {t('account.register.submit')}
            </Button>
          </>
        )}
        <p className={styles.footer}>
          {t('account.register.haveAccount')}{' '}
          <Link className={styles.link} href="/login">
            {t('account.register.loginLink')}
          </Link>
        </p>
      </form>
    </div>
  );
}
