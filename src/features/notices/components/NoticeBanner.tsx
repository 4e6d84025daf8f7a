import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { navigate } from 'wouter/use-browser-location';
import { usePaintedSinceMount } from '../../../components/ui/after-next-paint.ts';
import { LazyBoundary } from '../../../components/ui/LazyBoundary.tsx';
import { retryableLazy } from '../../../lib/retryable-lazy.ts';
import type { Notice } from '../api/get-notice-list.ts';
import { useLatestNotice } from '../hooks/use-latest-notice.ts';
import { dismissBanner, noticesStore, shouldShowBanner } from '../stores/notices-store.ts';

const NoticeBannerCard = retryableLazy(() => import('./NoticeBannerCard.tsx'));

export interface NoticeBannerProps {
  /** Poll only with a token (docs/product-rules.md#routes-and-access) ... */
  signedIn: boolean;
  /** ... and when the site's unread_notice_switch is 1. */
  unreadSwitch: boolean;
}

/**
 * The shell's pop-up notice banner (docs/product-rules.md#notices). While no banner is shown the poller is mounted
 * and the worker polls every 10 s; once the newest notice is unread the poller unmounts (the
 * stream is unsubscribed, so polling stops) and the banner shows; closing it mounts the poller
 * again, which restarts the poll after the next paint.
 */
export function NoticeBanner({ signedIn, unreadSwitch }: NoticeBannerProps) {
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
  return (
    <LazyBoundary>
      <NoticeBannerCard notice={current} onClose={close} onOpenList={openList} />
    </LazyBoundary>
  );
}

interface PollerProps {
  onUnread(notice: Notice): void;
}

/**
 * The poll starts once the frame after the mount has painted: restarting it is no part of the close
 * tap's answer, and subscribing posts to the worker inside the tap (docs/performance.md#tap-latency tap budget).
 */
function NoticePoller(props: PollerProps) {
  return usePaintedSinceMount() ? <LatestNoticeWatch {...props} /> : null;
}

function LatestNoticeWatch({ onUnread }: PollerProps) {
  const notice = useLatestNotice(true);
  const { readIds, dismissedIds } = useSnapshot(noticesStore);
  useEffect(() => {
    if (notice && shouldShowBanner(notice, readIds, dismissedIds)) onUnread(notice);
  }, [notice, readIds, dismissedIds, onUnread]);
  return null;
}
