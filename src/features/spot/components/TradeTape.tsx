import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Trade } from '../../../../common/protocol.ts';
import { engineStream } from '../../../lib/engine-client.ts';
import { useFormats } from '../../../lib/format.ts';
import { useStreamDraw } from '../../../lib/use-stream-draw.ts';
import type { BookDecimals } from './OrderBookPanel.tsx';
import { TapeView } from './tape-view.ts';
import styles from './spot.module.css';

const SHOWN = 20;

/**
 * Recent trades of the pair, newest first, live from the feed: 24-hour time (docs/numbers-and-dates.md),
 * the pair's decimals. React renders the list; TapeView owns its twenty rows and draws each update into them
 * (docs/architecture.md#drawn-in-place). The trades of the latest update mark their start edge.
 */
export function TradeTape({ symbol, decimals }: { symbol: string; decimals: BookDecimals }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const list = useRef<HTMLUListElement>(null);
  const view = useRef<{ tape?: TapeView; symbol?: string; style?: unknown[] }>({});
  useEffect(() => () => view.current.tape?.dispose(), []);
  const draw = useCallback(
    (trades: readonly Trade[]) => {
      const held = view.current;
      if (!list.current) return;
      held.tape ??= new TapeView(list.current, SHOWN, styles.tapeRow as string);
      if (held.symbol !== symbol) held.tape.reset();
      const restyled = held.style?.[0] !== decimals || held.style[1] !== formats;
      held.symbol = symbol;
      held.style = [decimals, formats];
      held.tape.draw(trades, decimals, formats, restyled);
    },
    [symbol, decimals, formats],
  );
  // Hidden until this pair's tape has come: another pair's trades never stand in for it.
  const ready = useStreamDraw(engineStream({ kind: 'trades', symbol }), draw);
  return (
    <section aria-label={t('spot.trades.label')}>
      <h2 className={styles.sectionTitle}>{t('spot.trades.label')}</h2>
      <div className={styles.tapeHead}>
        <span>{t('spot.trades.time')}</span>
        <span>{t('spot.book.price')}</span>
        <span>{t('spot.book.size')}</span>
      </div>
      <ul className={styles.tape} data-testid="trade-tape" ref={list} hidden={!ready} />
    </section>
  );
}
