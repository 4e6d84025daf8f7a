import { useEffect, useRef, type ReactNode } from 'react';
import { useListTexts } from '../../lib/use-list-texts.ts';
import type { PagedList as PagedListState } from '../../lib/use-paged-list.ts';
import { usePullToRefresh } from '../../lib/use-pull-to-refresh.ts';
import { ListStatus } from './ListStatus.tsx';
import { Skeleton } from './Skeleton.tsx';
import styles from './paged-list.module.css';

export interface PagedListProps<T> {
  list: PagedListState<T>;
  renderRow(row: T): ReactNode;
  keyOf(row: T): string | number;
  /** The text shown while a pull is far enough to refresh on release. */
  releaseText: string;
  /** Height of one row's skeleton while the first page loads (reserves the list's room). */
  rowHeight: number;
  /** Accessible name of the list. */
  label?: string;
  testId?: string;
  className?: string;
}

/**
 * The one list of the app with pull-to-refresh and infinite loading (docs/product-rules.md#calls-and-answers): skeleton rows
 * while the first page loads, the next page when the end scrolls into view (a button where the
 * browser has no IntersectionObserver), and the spec's loading / end / empty / failed line with retry.
 */
export function PagedList<T>({
  list,
  renderRow,
  keyOf,
  releaseText,
  rowHeight,
  label,
  testId,
  className,
}: PagedListProps<T>) {
  const texts = useListTexts();
  const pulling = usePullToRefresh(list.refresh);
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useRef(list.loadMore);
  loadMore.current = list.loadMore;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore.current();
      },
      { rootMargin: '200px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  const firstLoad = list.rows.length === 0 && list.state === 'loading';
  return (
    <div className={className}>
      <div className={`${styles.pullHint} ${pulling ? styles.pullHintActive : ''}`} aria-hidden={!pulling}>
        {releaseText}
      </div>
      <ul className={styles.list} aria-label={label} aria-busy={list.state === 'loading'} data-testid={testId}>
        {list.rows.map((row) => (
          <li key={keyOf(row)}>{renderRow(row)}</li>
        ))}
      </ul>
      {firstLoad && (
        <div className={styles.skeletons}>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height={rowHeight} />
          ))}
        </div>
      )}
      <div ref={sentinel} aria-hidden="true" />
      {!firstLoad && <ListStatus state={list.state} texts={texts} onRetry={list.retry} />}
      {list.state === 'ready' && typeof IntersectionObserver === 'undefined' && (
        <button type="button" className={styles.more} onClick={list.loadMore}>
          {texts.more}
        </button>
      )}
    </div>
  );
}
