import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ListStatus } from '../../../components/ui/ListStatus.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { VisuallyHidden } from '../../../components/ui/VisuallyHidden.tsx';
import { IconBell, IconChevronRight } from '../../../components/ui/icons.tsx';
import { useFormats } from '../../../lib/format.ts';
import { goBack } from '../../../lib/navigation.ts';
import { useListTexts } from '../../../lib/use-list-texts.ts';
import type { Notice } from '../api/get-notice-list.ts';
import { isNoticeRead, loadMoreNotices, markNoticeRead, noticesStore, resetNotices } from '../stores/notices-store.ts';
import { NoticeDialog } from './NoticeDialog.tsx';
import styles from './notices.module.css';

/** System notices (docs/product-rules.md#notices): infinite list; unread rows carry a distinct icon colour. */
export function NotifyPage() {
  const { t } = useTranslation();
  const formats = useFormats();
  const listTexts = useListTexts();
  const { items, state, readIds } = useSnapshot(noticesStore);
  const [open, setOpen] = useState<Notice | null>(null);
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    resetNotices();
    void loadMoreNotices();
  }, []);

  // Loads the next page when the end of the list scrolls into view.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && noticesStore.state === 'ready') void loadMoreNotices();
      },
      { rootMargin: '200px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, []);

  const openNotice = (notice: Notice) => {
    setOpen(notice);
    markNoticeRead(notice.id);
  };

  const firstLoad = items.length === 0 && state === 'loading';
  return (
    <div className={styles.page}>
      <PageHeader title={t('route.notify')} backLabel={t('common.back')} onBack={() => goBack('/')} />
      <ul className={styles.list} aria-busy={state === 'loading'}>
        {items.map((notice) => {
          const read = isNoticeRead(notice, readIds);
          return (
            <li key={notice.id}>
              <button
                type="button"
                className={styles.row}
                onClick={() => openNotice(notice as Notice)}
                data-testid="notice-row"
                data-read={read}
              >
                <span className={read ? styles.iconRead : styles.iconUnread}>
                  <IconBell />
                </span>
                <span className={styles.rowText}>
                  <span className={styles.rowTitle}>
                    <bdi>{notice.title}</bdi>
                    {!read && <VisuallyHidden> ({t('notices.list.unread')})</VisuallyHidden>}
                  </span>
                  <time className={styles.time}>
                    <bdi dir="ltr">{formats.serverTime(notice.addtime)}</bdi>
                  </time>
                </span>
                <IconChevronRight className={styles.chevron} size={18} />
              </button>
            </li>
          );
        })}
      </ul>
      {firstLoad && (
        <div className={styles.skeletons}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={56} />
          ))}
        </div>
      )}
      <div ref={sentinel} />
      {!firstLoad && <ListStatus state={state} onRetry={() => void loadMoreNotices()} texts={listTexts} />}
      {state === 'ready' && typeof IntersectionObserver === 'undefined' && (
        <button type="button" className={styles.more} onClick={() => void loadMoreNotices()}>
          {t('common.loadMore')}
        </button>
      )}
      <NoticeDialog notice={open} onClose={() => setOpen(null)} />
    </div>
  );
}
