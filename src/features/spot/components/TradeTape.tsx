import { useTranslation } from 'react-i18next';
import { useFormats } from '../../../lib/format.ts';
import { useTrades } from '../../../lib/market-hooks.ts';
import { formatFixed } from '../../../lib/money.ts';
import type { BookDecimals } from './OrderBookPanel.tsx';
import tone from '../../../components/ui/tone.module.css';
import styles from './spot.module.css';

const SHOWN = 20;

/** Recent trades of the pair, newest first, live from the feed: 24-hour time in the app's language, the pair's decimals. */
export function TradeTape({ symbol, decimals }: { symbol: string; decimals: BookDecimals }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const trades = useTrades(symbol);
  return (
    <section aria-label={t('spot.trades.label')}>
      <h2 className={styles.sectionTitle}>{t('spot.trades.label')}</h2>
      <div className={styles.tapeHead}>
        <span>{t('spot.trades.time')}</span>
        <span>{t('spot.book.price')}</span>
        <span>{t('spot.book.size')}</span>
      </div>
      <ul className={styles.tape} data-testid="trade-tape">
        {trades.slice(0, SHOWN).map((trade) => (
          <li key={trade.tradeId} className={styles.tapeRow} data-direction={trade.direction}>
            <span>
              <bdi dir="ltr">{formats.time(trade.ts)}</bdi>
            </span>
            <span className={trade.direction === 'buy' ? tone.up : tone.down}>
              <bdi dir="ltr">
                <span aria-hidden="true">{trade.direction === 'buy' ? '▲ ' : '▼ '}</span>
                {formatFixed(trade.price, decimals.price)}
              </bdi>
            </span>
            <span>
              <bdi dir="ltr">{formatFixed(trade.amount, decimals.size)}</bdi>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
