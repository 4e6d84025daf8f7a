import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { navigate } from 'wouter/use-browser-location';
import { SafeHtml } from '../../../components/ui/SafeHtml.tsx';
import { IconBell, IconChevronRight, IconClose } from '../../../components/ui/icons.tsx';
import { usePublishedHeight } from '../../../components/ui/use-published-height.ts';
import type { Notice } from '../api/get-notice-list.ts';
import { useLatestNotice } from '../hooks/use-latest-notice.ts';
import { dismissBanner, noticesStore, shouldShowBanner } from '../stores/notices-store.ts';
import styles from './notices.module.css';

export interface NoticeBannerProps {
  /** Poll only with a token (spec §6) ... */
  signedIn: boolean;
  /** ... and when the site's unread_notice_switch is 1. */
  unreadSwitch: boolean;
  /** Float above the bottom tab bar (the current route shows it). */
  aboveTabBar?: boolean;
}

/**
 * The shell's pop-up notice banner (spec §2, §4). While no banner is shown the poller is mounted
 * and the worker polls every 10 s; once the newest notice is unread the poller unmounts (the
 * stream is unsubscribed, so polling stops) and the banner shows; closing it mounts the poller
 * again, which restarts the poll.
 */
export function NoticeBanner({ signedIn, unreadSwitch, aboveTabBar = false }: NoticeBannerProps) {
  const [shown, setShown] = useState<Notice | null>(null);
  const { readIds } = useSnapshot(noticesStore);
  // Opening the notice elsewhere (the /notify list) reads it: the banner goes and polling resumes.
  const current = shown && !readIds.includes(shown.id) ? shown : null;
  if (!signedIn || !unreadSwitch) return null;
  if (!current) return <NoticePoller onUnread={setShown} />;
  const close = () => {
    dismissBanner(current.id);
    setShown(null);
  };
  const openList = () => {
    close();
    navigate('/notify');
  };
  return <BannerCard notice={current} onClose={close} onOpenList={openList} aboveTabBar={aboveTabBar} />;
}

function NoticePoller({ onUnread }: { onUnread(notice: Notice): void }) {
  const notice = useLatestNotice(true);
  const { readIds, dismissedIds } = useSnapshot(noticesStore);
  useEffect(() => {
    if (notice && shouldShowBanner(notice, readIds, dismissedIds)) onUnread(notice);
  }, [notice, readIds, dismissedIds, onUnread]);
  return null;
}

interface BannerCardProps {
  notice: Notice;
  onClose(): void;
  onOpenList(): void;
  aboveTabBar: boolean;
}

/** The banner's distance from what it floats above (var(--space-2)), kept clear when the page scrolls. */
const BANNER_GAP_PX = 8;

/**
 * Floats at the bottom (above the tab bar), where it covers neither the header's controls nor a
 * form's first fields; it publishes its height so the page can scroll its last rows out from under it.
 */
function BannerCard({ notice, onClose, onOpenList, aboveTabBar }: BannerCardProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  usePublishedHeight(ref, '--banner-h', BANNER_GAP_PX);
  return (
    <section
      ref={ref}
      className={[styles.banner, aboveTabBar ? styles.aboveTabBar : ''].join(' ')}
      aria-label={t('shell.notice.label')}
      data-testid="notice-banner"
    >
      <span className={styles.bannerIcon}>
        <IconBell size={20} />
      </span>
      <div className={styles.bannerBody}>
        <strong className={styles.bannerTitle}>{notice.title}</strong>
        <SafeHtml html={notice.content} className={styles.bannerContent} testId="notice-banner-content" />
      </div>
      <button type="button" className={styles.bannerButton} onClick={onOpenList} aria-label={t('shell.notice.viewAll')}>
        <IconChevronRight className={styles.chevron} size={20} />
      </button>
      <button type="button" className={styles.bannerButton} onClick={onClose} aria-label={t('shell.notice.close')}>
        <IconClose size={18} />
      </button>
    </section>
  );
}
