import {
  createRef,
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type DOMAttributes,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { Book } from '../../../../common/protocol.ts';
import { FlashNumber } from '../../../components/ui/FlashNumber.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { bookRows, groupingSize } from '../../../lib/book-rows.ts';
import { engineStream } from '../../../lib/engine-client.ts';
import { formatFixed } from '../../../lib/money.ts';
import { useStreamDraw } from '../../../lib/use-stream-draw.ts';
import { BOOK_STEPS, SPOT_BOOK_LEVELS } from '../api/book-grouping.ts';
import { useLastPrice } from '../hooks/use-spot-prices.ts';
import { useFormats } from '../../../lib/format.ts';
import { BookSideView, paintBookRows, type RowPainter } from './book-side-view.ts';
import { motionAllowed, readTextLook, useOnScreen, usePalette, type Palette, type TextLook } from './canvas-surface.ts';
import grouping from './book-grouping.module.css';
import styles from './spot.module.css';

type Layout = 'both' | 'bids' | 'asks';
type Side = 'bids' | 'asks';

/** A side's nodes: its rows' list and the canvas under it. */
interface SideNodes {
  list: RefObject<HTMLUListElement | null>;
  canvas: RefObject<HTMLCanvasElement | null>;
}

const sideNodes = (): SideNodes => ({ list: createRef(), canvas: createRef() });

/** Decimals the book shows: the pair's price and size precisions, 6 at most (money.ts shownDecimals). */
export interface BookDecimals {
  price: number;
  size: number;
  /** The last price's, when the rows show fewer (a grouped book). */
  lastPrice?: number;
}

const rowAt = (target: EventTarget): HTMLButtonElement | null =>
  target instanceof Element ? target.closest<HTMLButtonElement>('button[data-price]') : null;

/**
 * Row taps for the whole book, read from each row's data-price. A row is one price level, so a press
 * can begin on a level that leaves the book before the release, with the next level's row drawn
 * under the pointer. The browser then fires no click at all (its pressed button is gone), so a
 * release over another row than the pressed one takes that row's price, as a click there would; a
 * press begun outside the rows takes nothing. A touch is clicked where it is released anyway; if its
 * release takes the row too, the same price is taken twice, which changes nothing.
 */
function useRowPick(
  onPick: (price: string) => void,
): Pick<DOMAttributes<HTMLElement>, 'onClick' | 'onPointerDown' | 'onPointerUp'> {
  const pressed = useRef<HTMLButtonElement | null>(null);
  return useMemo(
    () => ({
      onClick: (event) => {
        const price = rowAt(event.target)?.dataset.price;
        if (price) onPick(price);
      },
      onPointerDown: (event) => {
        pressed.current = rowAt(event.target);
      },
      onPointerUp: (event) => {
        const released = rowAt(event.target);
        const begun = pressed.current;
        pressed.current = null;
        if (event.button === 0 && begun && released?.dataset.price && released !== begun)
          onPick(released.dataset.price);
      },
    }),
    [onPick],
  );
}

/**
 * One side's rows as fixed nodes over the side's canvas, which BookSideView paints each push
 * (docs/architecture.md#drawn-on-a-canvas): React renders them once. Each row is a button, hidden
 * until a level fills it.
 */
function RowSlots({
  side,
  count,
  nodes,
  shown,
}: {
  side: Side;
  count: number;
  nodes: SideNodes;
  /** False until the book (of this pair and grouping) has come: the skeleton stands in. */
  shown: boolean;
}) {
  return (
    <div className={styles.bookSideBox} hidden={!shown}>
      <canvas className={styles.bookCanvas} ref={nodes.canvas} data-testid={`book-${side}-canvas`} />
      <ul className={styles.bookSide} data-testid={`book-${side}`} ref={nodes.list}>
        {Array.from({ length: count }, (_, position) => (
          <li key={position} hidden>
            <button type="button" className={styles.bookRow} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the rows' canvases paint with: the text look and the theme's palette. */
interface BookLook {
  text: TextLook;
  palette: () => Palette;
}

/** A side's row painter; it reads the look at each paint, as a view outlives a change of theme or language. */
function rowPainter(look: RefObject<BookLook | null>, side: Side): RowPainter {
  return (canvas, size, rows) => {
    const shared = look.current;
    if (!shared) return;
    paintBookRows(canvas, size, rows, { ...shared.text, side, flashes: motionAllowed(), palette: shared.palette() });
  };
}

/**
 * The book stream drawn into both sides' rows: asks best last (nearest the last price), bids best
 * first. A new pair or grouping starts both sides afresh, so no size is compared across books.
 */
function useDrawnBook(symbol: string, step: number, count: number, decimals: BookDecimals) {
  const [asks] = useState(sideNodes);
  const [bids] = useState(sideNodes);
  const views = useRef<{ asks?: BookSideView; bids?: BookSideView; book?: string }>({});
  // Each side paints while its canvas is on the screen, and all of it when it comes back.
  const asksOnScreen = useOnScreen(asks.canvas, () => views.current.asks?.repaint());
  const bidsOnScreen = useOnScreen(bids.canvas, () => views.current.bids?.repaint());
  const palette = usePalette();
  const formats = useFormats();
  // What the rows' canvases paint with, read when the language, theme or up colour changes.
  const look = useRef<BookLook | null>(null);
  useLayoutEffect(() => {
    const list = asks.list.current ?? bids.list.current;
    if (list) look.current = { text: readTextLook(list), palette };
    views.current.asks?.repaint();
    views.current.bids?.repaint();
  }, [asks, bids, palette, formats, count]);
  useEffect(
    () => () => {
      views.current.asks?.dispose();
      views.current.bids?.dispose();
    },
    [],
  );
  const bookKey = `${symbol}:${step}`;
  const draw = useCallback(
    (book: Book) => {
      const now = performance.now();
      const held = views.current;
      for (const [side, nodes] of [
        ['asks', asks],
        ['bids', bids],
      ] as const) {
        const [list, canvas] = [nodes.list.current, nodes.canvas.current];
        if (!list || !canvas) continue;
        let view = held[side];
        if (view?.list !== list) {
          view?.dispose();
          const shown = side === 'asks' ? asksOnScreen : bidsOnScreen;
          view = held[side] = new BookSideView(list, canvas, rowPainter(look, side), () => shown.current);
        } else if (held.book !== bookKey) view.reset();
        const rows = bookRows(book, side, count);
        view.draw(side === 'asks' ? rows.reverse() : rows, decimals, now);
      }
      held.book = bookKey;
    },
    [asks, bids, bookKey, count, decimals, asksOnScreen, bidsOnScreen],
  );
  const ready = useStreamDraw(engineStream({ kind: 'book', symbol, levels: SPOT_BOOK_LEVELS, step }), draw);
  return { asks, bids, ready };
}

/** A book layout drawn as the exchanges draw it: sell rows (down colour) over buy rows (up colour), or one side. */
function LayoutIcon({ layout }: { layout: Layout }) {
  const bars = layout === 'both' ? ['asks', 'asks', 'bids', 'bids'] : [layout, layout, layout, layout];
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      {bars.map((side, i) => (
        <rect
          key={i}
          x="2"
          y={2 + i * 4.5}
          width="16"
          height="3"
          rx="1"
          className={side === 'asks' ? styles.iconAsk : styles.iconBid}
        />
      ))}
    </svg>
  );
}

/**
 * The last price between the sides: its own component, so a ticker push renders this line alone and
 * a book push does not; its line is a relayout boundary (docs/architecture.md#drawn-in-place).
 */
const BookLastPrice = memo(function BookLastPrice({ symbol, decimals }: { symbol: string; decimals: number }) {
  const lastPrice = useLastPrice(symbol);
  return (
    <div className={styles.lastPrice}>
      <div className={styles.lastPriceLine}>
        <FlashNumber value={lastPrice} text={formatFixed(lastPrice, decimals)} testId="book-last" />
      </div>
    </div>
  );
});

export interface OrderBookPanelProps {
  symbol: string;
  decimals: BookDecimals;
  onPickPrice(price: string): void;
  /** Price grouping: 0 the pair's tick, N buckets of 10^N ticks (depth.stepN). */
  step: number;
  onStep(step: number): void;
  /** The pair's price decimals, to name the groupings; undefined names them by step. */
  pricePrecision: number | undefined;
}

/** The column names: apart, so a book push does not translate them again. */
const BookHead = memo(function BookHead() {
  const { t } = useTranslation();
  return (
    <div className={styles.bookHead}>
      <span>{t('spot.book.price')}</span>
      <span>{t('spot.book.size')}</span>
    </div>
  );
});

/** The price grouping picker. */
const BookGrouping = memo(function BookGrouping({
  step,
  onStep,
  pricePrecision,
}: Pick<OrderBookPanelProps, 'step' | 'onStep' | 'pricePrecision'>) {
  const { t } = useTranslation();
  return (
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
  );
});

/** Both sides, or one side of nine rows. */
const LayoutButtons = memo(function LayoutButtons({
  layout,
  onLayout,
}: {
  layout: Layout;
  onLayout(layout: Layout): void;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.layoutButtons} role="group" aria-label={t('spot.book.layout')}>
      {(['both', 'bids', 'asks'] as const).map((key) => {
        const label = t(
          key === 'both' ? 'spot.book.both' : key === 'bids' ? 'spot.book.bidsOnly' : 'spot.book.asksOnly',
        );
        return (
          <button
            key={key}
            type="button"
            aria-pressed={layout === key}
            aria-label={label}
            title={label}
            onClick={() => onLayout(key)}
          >
            <LayoutIcon layout={key} />
          </button>
        );
      })}
    </div>
  );
});

/**
 * The live order book (docs/product-rules.md#spot-orders): 5 rows a side, or 9 of one side, at the pair's decimals. Tapping a
 * row takes its price. Prices can be grouped; the depth chart reads this same book subscription.
 * A book push (five a second) is painted into fixed rows with no React render; the head and controls are memoised apart.
 */
export function OrderBookPanel({ symbol, decimals, onPickPrice, step, onStep, pricePrecision }: OrderBookPanelProps) {
  const { t } = useTranslation();
  const rowPick = useRowPick(onPickPrice);
  const [layout, setLayout] = useState<Layout>('both');
  const count = layout === 'both' ? 5 : 9;
  const book = useDrawnBook(symbol, step, count, decimals);
  return (
    <section className={styles.book} aria-label={t('spot.book.label')} {...rowPick}>
      <BookHead />
      {!book.ready && <Skeleton height={layout === 'both' ? 260 : 240} />}
      {layout !== 'bids' && (
        <RowSlots key={`asks:${count}`} side="asks" count={count} nodes={book.asks} shown={book.ready} />
      )}
      {book.ready && <BookLastPrice symbol={symbol} decimals={decimals.lastPrice ?? decimals.price} />}
      {layout !== 'asks' && (
        <RowSlots key={`bids:${count}`} side="bids" count={count} nodes={book.bids} shown={book.ready} />
      )}
      <BookGrouping step={step} onStep={onStep} pricePrecision={pricePrecision} />
      <LayoutButtons layout={layout} onLayout={setLayout} />
    </section>
  );
}
