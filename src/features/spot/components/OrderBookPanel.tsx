import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FlashNumber } from '../../../components/ui/FlashNumber.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { bookRows, type BookRow } from '../../../lib/book-rows.ts';
import { useBook } from '../../../lib/market-hooks.ts';
import { formatFixed } from '../../../lib/money.ts';
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

/** The live order book (spec §9): 5 rows a side, or 9 of one side; 6 decimals. Tapping a row takes its price. */
export function OrderBookPanel({ symbol, lastPrice, onPickPrice }: { symbol: string; lastPrice: string; onPickPrice(price: string): void }) {
  const { t } = useTranslation();
  const book = useBook(symbol, 20);
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
