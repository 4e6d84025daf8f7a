import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { Button } from '../../../components/ui/Button.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { PasswordField } from '../../../components/ui/PasswordField.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { goBack } from '../../../lib/navigation.ts';
import { useLoaded } from '../../../lib/use-loaded.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { antiPhishingCodeProblem, getAntiPhishingCode, setAntiPhishingCode } from '../api/anti-phishing.ts';
import styles from './sessions.module.css';

/**
 * Sets or changes the anti-phishing code (docs/account-protection.md#anti-phishing-code): every mail
 * from us then shows it in its subject and first line. The code is kept exactly as typed; a wrong
 * one is refused with the rule beneath the field.
 */
export function AntiPhishingPage() {
  const { t } = useTranslation();
  const current = useLoaded(getAntiPhishingCode, []);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ code?: string; password?: string }>({});
  const { busy, run } = useSubmit();
  const masked = current.data?.anti_phishing_code ?? '';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      code: antiPhishingCodeProblem(code) ?? undefined,
      password: password ? undefined : 'security.antiPhishing.passwordRequired',
    };
    setErrors(found);
    if (found.code || found.password) return;
    await run(
      'save',
      () => setAntiPhishingCode(code, password),
      () => navigate('/security', { replace: true }),
    );
  };

  return (
    <div className={styles.page}>
      <PageHeader
        title={t('security.antiPhishing.title')}
        backLabel={t('common.back')}
        onBack={() => goBack('/security')}
      />
      <form className={styles.content} onSubmit={onSubmit} noValidate>
        <p className={styles.intro}>{t('security.antiPhishing.intro')}</p>
        <p className={styles.current} data-testid="anti-phishing-current">
          {current.state === 'loading' && !current.data ? (
            <Skeleton height={16} width={120} />
          ) : masked ? (
            <>
              {t('security.antiPhishing.current')}{' '}
              <bdi dir="ltr" className={styles.masked}>
                {masked}
              </bdi>
            </>
          ) : current.state === 'failed' ? null : (
            t('security.antiPhishing.none')
          )}
        </p>
        <TextField
          label={t(masked ? 'security.antiPhishing.newCode' : 'security.antiPhishing.code')}
          placeholder={t('security.antiPhishing.placeholder')}
          name="anti_phishing_code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          dir="ltr"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={errors.code ? t(errors.code) : null}
          data-testid="anti-phishing-code"
        />
        <PasswordField
          label={t('security.antiPhishing.password')}
          placeholder={t('security.antiPhishing.passwordPlaceholder')}
          showLabel={t('account.password.show')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password ? t(errors.password) : null}
        />
        <Button type="submit" block busy={busy !== null} data-testid="anti-phishing-save">
          {t('common.confirm')}
        </Button>
      </form>
    </div>
  );
}
