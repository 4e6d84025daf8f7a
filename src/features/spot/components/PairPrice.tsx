import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeText } from '../../../components/ui/ChangeText.tsx';
import { VisuallyHidden } from '../../../components/ui/VisuallyHidden.tsx';
import { formatFixed } from '../../../lib/money.ts';
import { useLastPrice, usePairChange } from '../hooks/use-spot-prices.ts';
import styles from './spot.module.css';

/** The last price alone: a ticker push renders this text and nothing around it. */
const PairLast = memo(function PairLast({ symbol, decimals }: { symbol: string; decimals: number }) {
  return (
    <bdi dir="ltr" data-testid="pair-last">
      {formatFixed(useLastPrice(symbol), decimals)}
    </bdi>
  );
});

/** The 24 h change, rendered only when its two-decimal figure changes. */
const PairChange = memo(function PairChange({ symbol }: { symbol: string }) {
  return <ChangeText change={usePairChange(symbol)} />;
});

/**
 * The pair's last price and 24 h change at the top of the spot screen, from the engine's ticker
 * (the pair list until its first push). The price and the change are components of their own, so a
 * price renders one text, and the box is a relayout boundary, so it lays out this box alone
 * (docs/architecture.md#drawn-in-place).
 */
export function PairPrice({ symbol, decimals }: { symbol: string; decimals: number }) {
  const { t } = useTranslation();
  return (
    <div className={styles.pairPrice} data-testid="pair-price">
      <div className={styles.pairPriceBox}>
        <span className={styles.pairLast}>
          <VisuallyHidden>{t('spot.top.last')} </VisuallyHidden>
          <PairLast symbol={symbol} decimals={decimals} />
        </span>
        <span className={styles.pairChange}>
          <VisuallyHidden>{t('spot.top.change')} </VisuallyHidden>
          <PairChange symbol={symbol} />
        </span>
      </div>
    </div>
  );
}
