import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import {
  IconAddress,
  IconChevronRight,
  IconEye,
  IconGlobe,
  IconKey,
  IconLock,
  IconMail,
  IconPasskey,
  IconShield,
  type IconProps,
} from '../../../components/ui/icons.tsx';
import { ListStatus } from '../../../components/ui/ListStatus.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { goBack } from '../../../lib/navigation.ts';
import { useLoaded } from '../../../lib/use-loaded.ts';
import { useListTexts } from '../../../lib/use-list-texts.ts';
import { getAllowlist } from '../../../lib/withdraw-guard.ts';
import { getSecuritySummary } from '../api/get-security-summary.ts';
import { countPasskeys } from '../api/passkey-count.ts';
import { getTotpState } from '../api/totp-state.ts';
import { loadUser, userStore } from '../stores/user-store.ts';
import styles from './account.module.css';

/** A row's state: its text and whether it reads as set (accent) or not set; 'loading', or null when it failed. */
type RowState = { text: ReactNode; set?: boolean; testId?: string } | 'loading' | null;

/** One entry of the security centre: an icon, the name, its state, a chevron; the whole row links to its screen. */
function HubRow({
  href,
  icon: Icon,
  label,
  state,
  testId,
}: {
  href: string;
  icon: (props: IconProps) => ReactNode;
  label: string;
  state?: RowState;
  testId?: string;
}) {
  return (
    <li>
      <Link className={styles.item} href={href} data-testid={testId}>
        <Icon className={styles.itemIcon} />
        <span className={styles.itemLabel}>{label}</span>
        {state === 'loading' ? (
          <Skeleton height={16} width={48} />
        ) : !state ? null : (
          <span
            className={[
              styles.itemValue,
              state.set === true ? styles.set : state.set === false ? styles.notSet : '',
            ].join(' ')}
            data-testid={state.testId}
          >
            {state.text}
          </span>
        )}
        <IconChevronRight className={styles.chevron} size={20} />
      </Link>
    </li>
  );
}

/** What a loaded value shows: 'loading' while it loads, null when it failed (the row then shows no state). */
function rowState<T>(loaded: { data: T | null; state: string }, show: (data: T) => RowState): RowState {
  if (loaded.data !== null) return show(loaded.data);
  return loaded.state === 'failed' ? null : 'loading';
}

/**
 * Security centre (docs/account-protection.md): every way the account is protected, each with its
 * state: the login and transaction passwords, the authenticator app, passkeys, the withdrawal
 * allow-list, signed-in devices, the sign-in history and the anti-phishing code (shown masked).
 * When getUserInfo fails the transaction password's mark is left out and "failed to load" with a
 * retry shows below (a button cannot sit inside an entry's link).
 */
export function SecurityPage() {
  const { t } = useTranslation();
  const listTexts = useListTexts();
  const { user, loading, failed } = useSnapshot(userStore);
  const totp = useLoaded(getTotpState, []);
  const passkeys = useLoaded(countPasskeys, []);
  const allowlist = useLoaded(getAllowlist, []);
  const summary = useLoaded(getSecuritySummary, []);
  useEffect(() => {
    void loadUser();
  }, []);
  const paySet = user?.have_pay === 1;
  const loadFailed = !user && failed && !loading;
  return (
    <div className={styles.page}>
      <PageHeader title={t('route.security')} backLabel={t('common.back')} onBack={() => goBack('/')} />
      <ul className={styles.list}>
        <HubRow
          href="/modifyPwd"
          icon={IconLock}
          label={t('account.security.loginPassword')}
          state={{ text: t('account.security.change') }}
        />
        <HubRow
          href="/resetLegalPwd"
          icon={IconKey}
          label={t('account.security.payPassword')}
          state={
            user
              ? {
                  text: t(paySet ? 'account.security.set' : 'account.security.notSet'),
                  set: paySet,
                  testId: 'pay-password-status',
                }
              : loadFailed
                ? null
                : 'loading'
          }
        />
        <HubRow
          href="/security/authenticator"
          icon={IconShield}
          label={t('security.totp.title')}
          state={rowState(totp, (data) => ({
            text: t(data.state === 'on' ? 'security.totp.on' : 'security.totp.off'),
            set: data.state === 'on' ? true : undefined,
            testId: 'totp-status',
          }))}
        />
        <HubRow
          href="/security/passkeys"
          icon={IconPasskey}
          label={t('security.passkeys.title')}
          state={rowState(passkeys, (count) => ({
            text: count > 0 ? count : t('account.security.notSet'),
            set: count > 0 ? true : undefined,
            testId: 'passkey-count',
          }))}
        />
        <HubRow
          href="/security/allowlist"
          icon={IconAddress}
          label={t('route.allowlist')}
          state={rowState(allowlist, (list) => ({
            text: t(
              !list.on
                ? 'security.allowlist.off'
                : list.offAt !== null
                  ? 'security.allowlist.pendingOff'
                  : 'security.allowlist.on',
            ),
            set: list.on ? true : undefined,
            testId: 'allowlist-status',
          }))}
        />
        <HubRow
          href="/security/sessions"
          icon={IconGlobe}
          label={t('security.sessions.title')}
          testId="security-sessions"
          state={rowState(summary, (data) => ({ text: t('security.sessions.count', { count: data.sessions }) }))}
        />
        <HubRow
          href="/security/sign-ins"
          icon={IconEye}
          label={t('security.signIns.title')}
          testId="security-sign-ins"
        />
        <HubRow
          href="/security/anti-phishing"
          icon={IconMail}
          label={t('security.antiPhishing.title')}
          testId="security-anti-phishing"
          state={rowState(summary, (data) => ({
            text: data.anti_phishing_code ? (
              <bdi dir="ltr">{data.anti_phishing_code}</bdi>
            ) : (
              t('account.security.notSet')
            ),
            set: data.anti_phishing_code !== '' ? true : undefined,
            testId: 'anti-phishing-status',
          }))}
        />
      </ul>
      {loadFailed && <ListStatus state="failed" texts={listTexts} onRetry={() => void loadUser()} />}
    </div>
  );
}
