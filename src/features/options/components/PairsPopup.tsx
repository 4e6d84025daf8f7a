import { useTranslation } from 'react-i18next';
import type { MarketItem } from '../../../../workers/shared/protocol.ts';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { ChangeText } from './ChangeText.tsx';
import styles from './options.module.css';

export interface PairsPopupProps {
  open: boolean;
  pairs: readonly MarketItem[];
  current: string;
  onPick(pair: MarketItem): void;
  onClose(): void;
}

/** The side popup of all pairs (spec §2 Options): BASE/QUOTE, latest close, change; the list refreshes every 2.5 s through the engine. */
export function PairsPopup({ open, pairs, current, onPick, onClose }: PairsPopupProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('options.pairs.title')} variant="panel" closeLabel={t('common.close')} testId="option-pairs">
      <ul className={styles.pairList}>
        {pairs.map((pair) => (
          <li key={pair.symbol}>
            <button
              type="button"
              className={styles.pairRow}
              aria-current={pair.symbol === current ? 'true' : undefined}
              onClick={() => onPick(pair)}
            >
              <span className={styles.pairTitle}>{pair.title}</span>
              <span className={styles.num}>{pair.close}</span>
              <ChangeText change={pair.change} suffix="%" />
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
