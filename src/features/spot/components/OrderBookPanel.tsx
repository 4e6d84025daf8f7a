import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FlashNumber } from '../../../components/ui/FlashNumber.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { bookRows, groupingSize, type BookRow } from '../../../lib/book-rows.ts';
import { useBook } from '../../../lib/market-hooks.ts';
import { formatFixed } from '../../../lib/money.ts';
import { BOOK_STEPS, SPOT_BOOK_LEVELS } from '../api/book-grouping.ts';
import grouping from './book-grouping.module.css';
import tone from '../../../components/ui/tone.module.css';
import styles from './spot.module.css';

type Layout = 'both' | 'bids' | 'asks';

function Rows({ rows, side, onPick }: { rows: BookRow[]; side: 'bids' | 'asks'; onPick(price: string): void }) {
  return (
    <ul className={styles.bookSide} data-testid={`book-${side}`}>
      {rows.map((row) => (
        <li key={row.price}>
          <button type="button" className={styles.bookRow} onClick={() => onPick(row.price)}>
            <span className={side === 'bids' ? tone.up : tone.down}>{formatFixed(row.price, 6)}</span>
            <FlashNumber value={row.size} text={formatFixed(row.size, 6)} />
          </button>
        </li>
      ))}
    </ul>
  );
}

export interface OrderBookPanelProps {
  symbol: string;
  lastPrice: string;
  onPickPrice(price: string): void;
  /** Price grouping: 0 the pair's tick, N buckets of 10^N ticks (depth.stepN, issue 15). */
  step: number;
  onStep(step: number): void;
  /** The pair's price decimals, to name the groupings; undefined names them by step. */
  pricePrecision: number | undefined;
}

/**
 * The live order book (spec §9): 5 rows a side, or 9 of one side; 6 decimals. Tapping a row takes
 * its price. Prices can be grouped (issue 15); the depth chart reads this same book subscription.
 */
export function OrderBookPanel({ symbol, lastPrice, onPickPrice, step, onStep, pricePrecision }: OrderBookPanelProps) {
  const { t } = useTranslation();
  const book = useBook(symbol, SPOT_BOOK_LEVELS, step);
  const [layout, setLayout] = useState<Layout>('both');
  const count = layout === 'both' ? 5 : 9;
  return (
    <section className={styles.book} aria-label={t('spot.book.label')}>
      <div className={styles.bookHead}>
        <span>{t('spot.book.price')}</span>
        <span>{t('spot.book.size')}</span>
      </div>
      {!book ? (
        <Skeleton height={layout === 'both' ? 260 : 240} />
      ) : (
        <>
          {layout !== 'bids' && <Rows rows={bookRows(book, 'asks', count).reverse()} side="asks" onPick={onPickPrice} />}
          <div className={styles.lastPrice}>
            <FlashNumber value={lastPrice} text={formatFixed(lastPrice, 6)} testId="book-last" />
          </div>
          {layout !== 'asks' && <Rows rows={bookRows(book, 'bids', count)} side="bids" onPick={onPickPrice} />}
        </>
      )}
      <label className={grouping.grouping}>
        <span>{t('depth.grouping')}</span>
        <select value={step} onChange={(event) => onStep(Number(event.target.value))} data-testid="book-grouping">
          {BOOK_STEPS.map((each) => (
            <option key={each} value={each}>
              {groupingSize(pricePrecision, each) ?? t('depth.step', { step: each })}
            </option>
          ))}
        </select>
      </label>
      <div className={styles.layoutButtons} role="group" aria-label={t('spot.book.layout')}>
        {(['both', 'bids', 'asks'] as const).map((key) => (
          <button key={key} type="button" aria-pressed={layout === key} onClick={() => setLayout(key)}>
            {t(key === 'both' ? 'spot.book.both' : key === 'bids' ? 'spot.book.bidsOnly' : 'spot.book.asksOnly')}
          </button>
        ))}
      </div>
    </section>
  );
}
