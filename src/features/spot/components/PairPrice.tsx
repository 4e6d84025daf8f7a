import { useTranslation } from 'react-i18next';
import { ChangeText } from '../../../components/ui/ChangeText.tsx';
import { VisuallyHidden } from '../../../components/ui/VisuallyHidden.tsx';
import { formatFixed } from '../../../lib/money.ts';
import { usePairTicker } from '../hooks/use-spot-prices.ts';
import styles from './spot.module.css';

/**
 * The pair's last price and 24 h change at the top of the spot screen, from the engine's ticker
 * (the pair list until its first push). Its own component: a price renders this and nothing else,
 * and its box is a relayout boundary, so a price lays out this box alone (docs/architecture.md#drawn-in-place).
 */
export function PairPrice({ symbol, decimals }: { symbol: string; decimals: number }) {
  const { t } = useTranslation();
  const { last, change } = usePairTicker(symbol);
  return (
    <div className={styles.pairPrice} data-testid="pair-price">
      <div className={styles.pairPriceBox}>
        <span className={styles.pairLast}>
          <VisuallyHidden>{t('spot.top.last')} </VisuallyHidden>
          <bdi dir="ltr" data-testid="pair-last">
            {formatFixed(last, decimals)}
          </bdi>
        </span>
        <span className={styles.pairChange}>
          <VisuallyHidden>{t('spot.top.change')} </VisuallyHidden>
          <ChangeText change={change} />
        </span>
      </div>
    </div>
  );
}
