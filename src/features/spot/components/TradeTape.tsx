import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Trade } from '../../../../common/protocol.ts';
import { engineStream } from '../../../lib/engine-client.ts';
import { useFormats } from '../../../lib/format.ts';
import { useStreamDraw } from '../../../lib/use-stream-draw.ts';
import {
  motionAllowed,
  readTextLook,
  useCanvasSize,
  useOnScreen,
  usePalette,
  type TextLook,
} from './canvas-surface.ts';
import type { BookDecimals } from './OrderBookPanel.tsx';
import { TapeView, paintTape, type TapeRow } from './tape-view.ts';
import styles from './spot.module.css';

const SHOWN = 20;
/** A row's height and start padding: `.tape` and `.tapeHead` in spot.module.css. */
const ROW_HEIGHT = 22;
const PADDING = 5;

/**
 * Recent trades of the pair, newest first, live from the feed: 24-hour time (docs/numbers-and-dates.md),
 * the pair's decimals. Drawn on a canvas (docs/architecture.md#drawn-on-a-canvas); the trades of the
 * latest update mark their start edge in their side's colour. A screen reader reads the canvas'
 * label: each trade's time, side, price and amount, newest first, separated by semicolons.
 */
export function TradeTape({ symbol, decimals }: { symbol: string; decimals: BookDecimals }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const canvas = useRef<HTMLCanvasElement>(null);
  const palette = usePalette();
  const view = useRef<{ tape: TapeView; symbol?: string; style?: unknown[] } | null>(null);
  const size = useCanvasSize(canvas, () => view.current?.tape.repaint());
  // The canvas' font and direction, read when the language changes: not in a draw, where reading a
  // computed style would run the style pass the book's rows just made due.
  const text = useRef<TextLook | null>(null);
  const labelled = useRef('');
  const onScreen = useOnScreen(canvas, () => view.current?.tape.repaint());
  const words = useMemo(() => ({ buy: t('spot.form.buy'), sell: t('spot.form.sell') }), [t]);
  const paint = useCallback(
    (rows: readonly TapeRow[]) => {
      const element = canvas.current;
      if (!element || !size.current || !text.current) return;
      // The label is kept while off the screen too: a screen reader may read the canvas there.
      const label = rows
        .map((row) => `${row.time} ${row.buy ? words.buy : words.sell} ${row.price} ${row.amount}`)
        .join('; ');
      if (labelled.current !== label) element.setAttribute('aria-label', (labelled.current = label));
      if (!onScreen.current) return;
      paintTape(element, size.current, rows, {
        ...text.current,
        rowHeight: ROW_HEIGHT,
        padding: PADDING,
        marks: motionAllowed(),
        palette: palette(),
      });
    },
    [size, palette, words, onScreen],
  );
  const paintRef = useRef(paint);
  view.current ??= { tape: new TapeView(SHOWN, (rows) => paintRef.current(rows)) };
  useLayoutEffect(() => {
    if (canvas.current) text.current = readTextLook(canvas.current);
    paintRef.current = paint;
    view.current?.tape.repaint();
  }, [paint, formats]);
  useEffect(() => () => view.current?.tape.dispose(), []);
  const draw = useCallback(
    (trades: readonly Trade[]) => {
      const held = view.current;
      if (!held) return;
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
      <canvas className={styles.tape} data-testid="trade-tape" role="img" ref={canvas} hidden={!ready} />
    </section>
  );
}
