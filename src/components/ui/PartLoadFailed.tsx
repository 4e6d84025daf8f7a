import { useListTexts } from '../../lib/use-list-texts.ts';
import { ListStatus } from './ListStatus.tsx';
import styles from './part-load-failed.module.css';

/** In place of a part of a screen whose code could not be fetched (a chart): "Failed to load" and a retry, in the part's own height so nothing jumps. */
export function PartLoadFailed({ height, onRetry }: { height: number; onRetry(): void }) {
  const texts = useListTexts();
  return (
    <div className={styles.box} style={{ height }} data-testid="part-load-failed">
      <ListStatus state="failed" texts={texts} onRetry={onRetry} />
    </div>
  );
}
