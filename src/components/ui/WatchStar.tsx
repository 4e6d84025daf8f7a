import { useTranslation } from 'react-i18next';
import { toggleWatch, useWatchlist } from '../../lib/watchlist.ts';
import styles from './watch-star.module.css';

/**
 * The star that adds a pair to the watchlist or removes it: a 44 px button placed beside
 * a row's link, never inside it. `title` is the pair as shown (BASE/QUOTE) for the accessible name.
 */
export function WatchStar({ symbol, title }: { symbol: string; title: string }) {
  const { t } = useTranslation();
  const watched = useWatchlist().includes(symbol.toLowerCase());
  return (
    <button
      type="button"
      className={styles.star}
      aria-pressed={watched}
      aria-label={t(watched ? 'watch.remove' : 'watch.add', { pair: title })}
      onClick={() => toggleWatch(symbol)}
      data-testid="watch-star"
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
      </svg>
    </button>
  );
}
