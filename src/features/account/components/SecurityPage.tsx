import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { IconChevronRight, IconKey, IconLock, IconShield } from '../../../components/ui/icons.tsx';
import { ListStatus } from '../../../components/ui/ListStatus.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { goBack } from '../../../lib/navigation.ts';
import { useListTexts } from '../../../lib/use-list-texts.ts';
import { useLoaded } from '../../../lib/use-loaded.ts';
import { getAllowlist } from '../../../lib/withdraw-guard.ts';
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
  useEffect(() => {
    void loadUser();
  }, []);
  const allowlist = useLoaded(getAllowlist, []);
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
          <Link className={styles.item} href="/security/allowlist">
            <IconShield className={styles.itemIcon} />
            <span className={styles.itemLabel}>{t('route.allowlist')}</span>
            {allowlist.data ? (
              <span
                className={[styles.itemValue, allowlist.data.on ? styles.set : ''].join(' ')}
                data-testid="allowlist-status"
              >
                {t(
                  !allowlist.data.on
                    ? 'security.allowlist.off'
                    : allowlist.data.offAt !== null
                      ? 'security.allowlist.pendingOff'
                      : 'security.allowlist.on',
                )}
              </span>
            ) : allowlist.state === 'failed' ? null : (
              <Skeleton height={16} width={48} />
            )}
            <IconChevronRight className={styles.chevron} size={20} />
          </Link>
        </li>
      </ul>
      {loadFailed && <ListStatus state="failed" texts={listTexts} onRetry={() => void loadUser()} />}
    </div>
  );
}
