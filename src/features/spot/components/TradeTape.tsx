import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Trade } from '../../../../common/protocol.ts';
import { useFormats, type Formats } from '../../../lib/format.ts';
import { useTrades } from '../../../lib/market-hooks.ts';
import { formatFixed } from '../../../lib/money.ts';
import { FLASH_MS } from '../../../components/ui/FlashNumber.tsx';
import type { BookDecimals } from './OrderBookPanel.tsx';
import tone from '../../../components/ui/tone.module.css';
import styles from './spot.module.css';

const SHOWN = 20;

interface TapeRowProps {
  trade: Trade;
  decimals: BookDecimals;
  formats: Formats;
  /** The trade came in the tape's latest update: its row marks its start edge. */
  arriving: boolean;
}

/**
 * One trade. A trade never changes once made, and each push brings the tape anew (copied from the
 * worker), so a row is the same while its trade id, decimals and language are: a new trade renders
 * its own row only, not all twenty.
 */
const TapeRow = memo(
  function TapeRow({ trade, decimals, formats, arriving }: TapeRowProps) {
    return (
      <li className={styles.tapeRow} data-direction={trade.direction} data-arrived={arriving || undefined}>
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
    );
  },
  (a, b) =>
    a.trade.tradeId === b.trade.tradeId &&
    a.decimals === b.decimals &&
    a.formats === b.formats &&
    a.arriving === b.arriving,
);

const NONE: ReadonlySet<string> = new Set();

/**
 * The ids of the trades the latest update brought (none for the first, which is history). Their
 * marks go with the next update, in the same render as the new rows, or after FLASH_MS without one
 * (a timer per row would cost a render, a restyle and a layout of its own for every trade).
 */
function useArrivals(trades: readonly Trade[]): ReadonlySet<string> {
  const [seen, setSeen] = useState({ trades, arrivals: NONE });
  if (seen.trades !== trades) {
    // Adjusted while rendering (React's pattern for state derived from the previous props).
    const head = seen.trades[0]?.tradeId;
    const arrivals = new Set<string>();
    if (head !== undefined)
      for (const trade of trades) {
        if (trade.tradeId === head) break;
        arrivals.add(trade.tradeId);
      }
    setSeen({ trades, arrivals });
  }
  useEffect(() => {
    if (seen.arrivals.size === 0) return;
    const timer = setTimeout(
      () => setSeen((now) => (now === seen ? { trades: now.trades, arrivals: NONE } : now)),
      FLASH_MS,
    );
    return () => clearTimeout(timer);
  }, [seen]);
  return seen.arrivals;
}

/** Recent trades of the pair, newest first, live from the feed: 24-hour time (docs/numbers-and-dates.md), the pair's decimals. */
export function TradeTape({ symbol, decimals }: { symbol: string; decimals: BookDecimals }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const trades = useTrades(symbol);
  const arrivals = useArrivals(trades);
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
          <TapeRow
            key={trade.tradeId}
            trade={trade}
            decimals={decimals}
            formats={formats}
            arriving={arrivals.has(trade.tradeId)}
          />
        ))}
      </ul>
    </section>
  );
}
