import { useTranslation } from 'react-i18next';
import type { MarketItem } from '../../../../workers/shared/protocol.ts';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { direction, formatSigned } from '../../../lib/money.ts';
import styles from './spot.module.css';

/** The symbol-list drawer of the spot screen. */
export function SymbolDrawer({ open, pairs, current, onPick, onClose }: { open: boolean; pairs: readonly MarketItem[]; current: string; onPick(pair: MarketItem): void; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('spot.drawer.title')} variant="panel" closeLabel={t('common.close')} testId="symbol-drawer">
      <ul className={styles.drawerList}>
        {pairs.map((pair) => {
          const dir = direction(pair.change);
          return (
            <li key={pair.symbol}>
              <button type="button" className={styles.drawerRow} aria-current={pair.symbol === current ? 'true' : undefined} onClick={() => onPick(pair)}>
                <strong>{pair.title}</strong>
                <span>{pair.close}</span>
                <span className={styles[dir]}>
                  <span aria-hidden="true">{dir === 'up' ? '▲ ' : dir === 'down' ? '▼ ' : ''}</span>
                  {formatSigned(pair.change, 2)}%
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
