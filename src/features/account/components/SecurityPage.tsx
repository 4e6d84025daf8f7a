import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { IconChevronRight, IconGlobe, IconKey, IconLock, IconMail, IconShield } from '../../../components/ui/icons.tsx';
import { ListStatus } from '../../../components/ui/ListStatus.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { goBack } from '../../../lib/navigation.ts';
import { useLoaded } from '../../../lib/use-loaded.ts';
import { useListTexts } from '../../../lib/use-list-texts.ts';
import { getSecuritySummary } from '../api/get-security-summary.ts';
import { countPasskeys } from '../api/passkey-count.ts';
import { getTotpState } from '../api/totp-state.ts';
import { loadUser, userStore } from '../stores/user-store.ts';
import styles from './account.module.css';

/**
 * Security centre (docs/product-rules.md#passwords): login and transaction password entries, the latter marked set / not
 * set. When getUserInfo fails the mark is left out and "failed to load" with a retry shows below
 * (a button cannot sit inside the entry's link).
 */
export function SecurityPage() {
  const { t } = useTranslation();
  const listTexts = useListTexts();
  const { user, loading, failed } = useSnapshot(userStore);
  const passkeys = useLoaded(countPasskeys, []);
  const summary = useLoaded(getSecuritySummary, []);
  const antiPhishing = summary.data?.anti_phishing_code ?? '';
  const totp = useLoaded(getTotpState, []);
  const totpOn = totp.data?.state === 'on';
  useEffect(() => {
    void loadUser();
  }, []);
  const paySet = user?.have_pay === 1;
  const loadFailed = !user && failed && !loading;
  return (
    <div className={styles.page}>
      <PageHeader title={t('route.security')} backLabel={t('common.back')} onBack={() => goBack('/')} />
      <ul className={styles.list}>
        <li>
          <Link className={styles.item} href="/modifyPwd">
            <IconLock className={styles.itemIcon} />
            <span className={styles.itemLabel}>{t('account.security.loginPassword')}</span>
            <span className={styles.itemValue}>{t('account.security.change')}</span>
            <IconChevronRight className={styles.chevron} size={20} />
          </Link>
        </li>
        <li>
          <Link className={styles.item} href="/resetLegalPwd">
            <IconKey className={styles.itemIcon} />
            <span className={styles.itemLabel}>{t('account.security.payPassword')}</span>
            {user ? (
              <span
                className={[styles.itemValue, paySet ? styles.set : styles.notSet].join(' ')}
                data-testid="pay-password-status"
              >
                {t(paySet ? 'account.security.set' : 'account.security.notSet')}
              </span>
            ) : loadFailed ? null : (
              <Skeleton height={16} width={48} />
            )}
            <IconChevronRight className={styles.chevron} size={20} />
          </Link>
        </li>
        <li>
          <Link className={styles.item} href="/security/authenticator">
            <IconShield className={styles.itemIcon} />
            <span className={styles.itemLabel}>{t('security.totp.title')}</span>
            {totp.data ? (
              <span className={[styles.itemValue, totpOn ? styles.set : ''].join(' ')} data-testid="totp-status">
                {t(totpOn ? 'security.totp.on' : 'security.totp.off')}
              </span>
            ) : totp.state === 'failed' ? null : (
              <Skeleton height={16} width={48} />
            )}
            <IconChevronRight className={styles.chevron} size={20} />
          </Link>
        </li>
        <li>
          <Link className={styles.item} href="/security/passkeys">
            <IconShield className={styles.itemIcon} />
            <span className={styles.itemLabel}>{t('security.passkeys.title')}</span>
            {passkeys.data !== null ? (
              <span
                className={[styles.itemValue, passkeys.data > 0 ? styles.set : ''].join(' ')}
                data-testid="passkey-count"
              >
                {passkeys.data > 0 ? passkeys.data : t('account.security.notSet')}
              </span>
            ) : passkeys.state === 'failed' ? null : (
              <Skeleton height={16} width={48} />
            )}
            <IconChevronRight className={styles.chevron} size={20} />
          </Link>
        </li>
        <li>
          <Link className={styles.item} href="/security/sessions" data-testid="security-sessions">
            <IconGlobe className={styles.itemIcon} />
            <span className={styles.itemLabel}>{t('security.sessions.title')}</span>
            {summary.data ? (
              <span className={styles.itemValue}>{t('security.sessions.count', { count: summary.data.sessions })}</span>
            ) : null}
            <IconChevronRight className={styles.chevron} size={20} />
          </Link>
        </li>
        <li>
          <Link className={styles.item} href="/security/sign-ins" data-testid="security-sign-ins">
            <IconShield className={styles.itemIcon} />
            <span className={styles.itemLabel}>{t('security.signIns.title')}</span>
            <IconChevronRight className={styles.chevron} size={20} />
          </Link>
        </li>
        <li>
          <Link className={styles.item} href="/security/anti-phishing" data-testid="security-anti-phishing">
            <IconMail className={styles.itemIcon} />
            <span className={styles.itemLabel}>{t('security.antiPhishing.title')}</span>
            {summary.data ? (
              <span
                className={[styles.itemValue, antiPhishing ? styles.set : styles.notSet].join(' ')}
                data-testid="anti-phishing-status"
              >
                {antiPhishing ? <bdi dir="ltr">{antiPhishing}</bdi> : t('account.security.notSet')}
              </span>
            ) : null}
            <IconChevronRight className={styles.chevron} size={20} />
          </Link>
        </li>
      </ul>
      {loadFailed && <ListStatus state="failed" texts={listTexts} onRetry={() => void loadUser()} />}
    </div>
  );
}
