import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { ListStatus } from '../../../components/ui/ListStatus.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { Switch } from '../../../components/ui/Switch.tsx';
import {
  IconAddress,
  IconBell,
  IconCard,
  IconChevronRight,
  IconDownload,
  IconIdCard,
  IconInfo,
  IconLogout,
  IconMoon,
  IconShare,
  IconShield,
} from '../../../components/ui/icons.tsx';
import { reloadTo } from '../../../lib/navigation.ts';
import { session, setTheme, signOut } from '../../../lib/session.ts';
import { isOn, useSiteSettings } from '../../../lib/site-settings.ts';
import { showToast, showToastAfterReload } from '../../../lib/toast.ts';
import { useListTexts } from '../../../lib/use-list-texts.ts';
import { appDownloadUrl } from '../api/app-download.ts';
import { logoutUser } from '../api/logout-user.ts';
import { identityStatusKey, loadUser, userStore } from '../stores/user-store.ts';
import styles from './member-panel.module.css';

export interface MemberPanelProps {
  open: boolean;
  onClose(): void;
}

const IDENTITY_STATUS_KEY = {
  awaiting: 'account.panel.identityStatus.awaiting',
  review: 'account.panel.identityStatus.review',
  certified: 'account.panel.identityStatus.certified',
} as const;

/**
 * The member side panel (docs/product-rules.md#account): username, UID, VIP, credit score, then the entries. Entries
 * tied to a feature switch (identity, address, bank, about us) show only when it is on; invite
 * always shows (invit_qrcode_switch hides only its QR code, not the code and link);
 * identity is tappable only while certification is awaited (rzstatus 0, 3 or unknown). App
 * download has no switch, so it always shows; without a configured store link it answers with
 * the contact-service toast. A failed getUserInfo shows "failed to load" with a retry.
 */
export function MemberPanel({ open, onClose }: MemberPanelProps) {
  const { t } = useTranslation();
  const listTexts = useListTexts();
  const settings = useSiteSettings();
  const { user, loading, failed } = useSnapshot(userStore);
  const { theme } = useSnapshot(session);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (open) void loadUser();
  }, [open]);

  const logout = async () => {
    setLeaving(true);
    try {
      await logoutUser();
    } catch {
      // The token is forgotten locally even when the server cannot be told.
    }
    signOut();
    showToastAfterReload(t('account.panel.loggedOut'), 'success');
    reloadTo('/');
  };

  const identity = user ? identityStatusKey(user.rzstatus) : 'awaiting';

  const openAppDownload = () => {
    const url = appDownloadUrl(settings, navigator.userAgent, navigator.maxTouchPoints);
    if (url) window.open(url, '_blank', 'noopener,noreferrer');
    else showToast(t('common.contactService'), 'error');
  };

  const entry = (key: string, icon: ReactNode, label: string, href: string, extra?: ReactNode) => (
    <li key={key}>
      <Link className={styles.item} href={href} onClick={onClose} data-testid={`panel-${key}`}>
        <span className={styles.icon}>{icon}</span>
        <span className={styles.label}>{label}</span>
        {extra}
        <IconChevronRight className={styles.chevron} size={18} />
      </Link>
    </li>
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('account.panel.title')}
      variant="panel"
      closeLabel={t('account.panel.close')}
      testId="member-panel"
    >
      <section className={styles.profile} aria-label={t('account.panel.profile')}>
        {user ? (
          <>
            <p className={styles.username} data-testid="panel-username">
              {user.username}
            </p>
            <p className={styles.meta}>
              <span>{t('account.panel.uid', { id: user.id })}</span>
              <span className={styles.vip}>{t('account.panel.vip', { level: user.vip })}</span>
            </p>
            <p className={styles.meta}>
              {t('account.panel.creditScore')}: <span className={styles.number}>{user.credit_score}</span>
            </p>
          </>
        ) : failed && !loading ? (
          <ListStatus state="failed" texts={listTexts} onRetry={() => void loadUser()} />
        ) : (
          <>
            <Skeleton height={22} width="60%" />
            <Skeleton height={16} width="80%" className={styles.gap} />
            <Skeleton height={16} width="50%" className={styles.gap} />
          </>
        )}
      </section>
      <ul className={styles.list}>
        {isOn(settings, 'certification_switch') && (
          <li key="identity">
            {identity === 'awaiting' ? (
              <Link className={styles.item} href="/real_authentication" onClick={onClose} data-testid="panel-identity">
                <span className={styles.icon}>
                  <IconIdCard />
                </span>
                <span className={styles.label}>{t('account.panel.identity')}</span>
                <span className={styles.value}>{t('account.panel.identityStatus.awaiting')}</span>
                <IconChevronRight className={styles.chevron} size={18} />
              </Link>
            ) : (
              <div className={styles.item} aria-disabled="true" data-testid="panel-identity">
                <span className={styles.icon}>
                  <IconIdCard />
                </span>
                <span className={styles.label}>{t('account.panel.identity')}</span>
                <span className={styles.value}>{t(IDENTITY_STATUS_KEY[identity])}</span>
              </div>
            )}
          </li>
        )}
        {isOn(settings, 'address_switch') &&
          entry('address', <IconAddress />, t('account.panel.bindAddress'), '/bindMentionAddress')}
        {isOn(settings, 'bank_switch') && entry('bank', <IconCard />, t('account.panel.bank'), '/bank')}
        {entry(
          'invite',
          <IconShare />,
          t('account.panel.invite'),
          `/invite?code=${encodeURIComponent(user?.invit ?? '')}`,
        )}
        {entry(
          'notify',
          <IconBell />,
          t('account.panel.messages'),
          '/notify',
          user?.has_unread === 1 ? (
            <span className={styles.dot} role="img" aria-label={t('account.panel.unread')} data-testid="unread-dot" />
          ) : null,
        )}
        <li key="night">
          <div className={styles.item}>
            <span className={styles.icon}>
              <IconMoon />
            </span>
            <span className={styles.label}>{t('account.panel.nightMode')}</span>
            <Switch
              checked={theme === 'night'}
              onChange={(on) => setTheme(on ? 'night' : 'day')}
              label={t('account.panel.nightMode')}
            />
          </div>
        </li>
        {entry('security', <IconShield />, t('account.panel.security'), '/security')}
        <li key="download">
          <button type="button" className={styles.item} onClick={openAppDownload} data-testid="panel-download">
            <span className={styles.icon}>
              <IconDownload />
            </span>
            <span className={styles.label}>{t('account.panel.appDownload')}</span>
            <IconChevronRight className={styles.chevron} size={18} />
          </button>
        </li>
        {isOn(settings, 'introduce_switch') && entry('about', <IconInfo />, t('account.panel.about'), '/introduction')}
        <li key="logout">
          <button type="button" className={[styles.item, styles.logout].join(' ')} onClick={logout} disabled={leaving}>
            <span className={styles.icon}>
              <IconLogout />
            </span>
            <span className={styles.label}>{t('account.panel.logout')}</span>
          </button>
        </li>
      </ul>
    </Dialog>
  );
}
