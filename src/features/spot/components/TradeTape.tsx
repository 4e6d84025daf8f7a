import { useTranslation } from 'react-i18next';
import { useTrades } from '../../../lib/market-hooks.ts';
import { formatFixed } from '../../../lib/money.ts';
import tone from '../../../components/ui/tone.module.css';
import styles from './spot.module.css';

const SHOWN = 20;

/** Recent trades of the pair, newest first, live from the feed. */
export function TradeTape({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
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
            <span>{new Date(trade.ts).toLocaleTimeString()}</span>
            <span className={trade.direction === 'buy' ? tone.up : tone.down}>
              <span aria-hidden="true">{trade.direction === 'buy' ? '▲ ' : '▼ '}</span>
              {formatFixed(trade.price, 6)}
            </span>
            <span>{formatFixed(trade.amount, 6)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
