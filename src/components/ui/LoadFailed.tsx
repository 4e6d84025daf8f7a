import { useListTexts } from '../../lib/use-list-texts.ts';
import { ListStatus } from './ListStatus.tsx';
import styles from './load-failed.module.css';

/**
 * "Failed to load" with a retry, in the product's words (docs/product-rules.md#calls-and-answers): where a screen's first read failed, or
 * in place of a part whose code could not be fetched (a chart), then in the part's own `height` so
 * nothing jumps.
 */
export function LoadFailed({ onRetry, height }: { onRetry(): void; height?: number }) {
  const texts = useListTexts();
  const status = <ListStatus state="failed" texts={texts} onRetry={onRetry} />;
  if (height === undefined) return status;
  return (
    <div className={styles.box} style={{ height }} data-testid="part-load-failed">
      {status}
    </div>
  );
}
