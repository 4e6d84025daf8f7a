import type { MarketItem } from '../../../common/protocol.ts';
import { ChangeText } from './ChangeText.tsx';
import { Dialog } from './Dialog.tsx';
import { StaleNote, staleClass } from './StaleNote.tsx';
import { WatchStar } from './WatchStar.tsx';
import styles from './pair-list-dialog.module.css';

export interface PairListDialogProps {
  open: boolean;
  title: string;
  closeLabel: string;
  testId: string;
  pairs: readonly MarketItem[];
  /** The symbol shown now; its row is marked current. */
  current: string;
  onPick(pair: MarketItem): void;
  onClose(): void;
}

/** A side panel listing pairs (BASE/QUOTE, latest close, change) to switch the screen's pair; each row's star watches the pair. */
export function PairListDialog({
  open,
  title,
  closeLabel,
  testId,
  pairs,
  current,
  onPick,
  onClose,
}: PairListDialogProps) {
  // Closed, it builds nothing: its list changes with every poll of prices, seen or not.
  if (!open) return null;
  return (
    <Dialog open={open} onClose={onClose} title={title} variant="panel" closeLabel={closeLabel} testId={testId}>
      <StaleNote value={pairs} />
      <ul className={`${styles.list} ${staleClass(pairs)}`}>
        {pairs.map((pair) => (
          <li key={pair.symbol} className={styles.item}>
            <button
              type="button"
              className={styles.row}
              aria-current={pair.symbol === current ? 'true' : undefined}
              onClick={() => onPick(pair)}
            >
              <span className={styles.title}>
                <bdi dir="ltr">{pair.title}</bdi>
              </span>
              <span className={styles.close}>
                <bdi dir="ltr">{pair.close}</bdi>
              </span>
              <ChangeText change={pair.change} className={styles.change} />
            </button>
            <WatchStar symbol={pair.symbol} title={pair.title} />
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
