/**
 * The engine's market test page: the app's engine (worker, or main thread with ?engine=main) through
 * the app's hooks, rendering a candlestick chart, a 20 + 20 row book and a trade tape. The engine's
 * end-to-end test (tests/e2e/market/market-engine.spec.ts) drives it, as no app screen shows a
 * 1-minute chart and a 20-row book together; `npm run bench` measures the real options screen.
 */
import { memo, useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import type { IChartApi, ISeriesApi } from 'lightweight-charts';
import type { Book, CandleSeries, Trade } from '../../common/protocol.ts';
import { bookRows } from '../../src/lib/book-rows.ts';
import { useBook, useCandles, useTicker, useTrades } from '../../src/lib/market-hooks.ts';
import { chartBar, createCandleChart, ROWS } from './chart-options.ts';

const symbol = new URLSearchParams(location.search).get('symbol') ?? 'btcusdt';

function CandleChart({ series }: { series: CandleSeries | null }) {
  const box = useRef<HTMLDivElement>(null);
  const drawn = useRef<{
    chart: IChartApi;
    candles: ISeriesApi<'Candlestick'>;
    resetId: number;
    lastTime: number;
  } | null>(null);

  useEffect(() => {
    if (!box.current) return;
    const { chart, series: candles } = createCandleChart(box.current);
    drawn.current = { chart, candles, resetId: -1, lastTime: Number.NEGATIVE_INFINITY };
    return () => {
      chart.remove();
      drawn.current = null;
    };
  }, []);

  useEffect(() => {
    // The series the chart shows, for the end-to-end tests (a reference, so it costs nothing).
    Object.assign(window, { __benchSeries: series });
    const target = drawn.current;
    if (!target || !series || series.bars.length === 0) return;
    if (series.resetId !== target.resetId) {
      target.candles.setData(series.bars.map(chartBar));
      target.resetId = series.resetId;
    } else {
      let first = series.bars.length;
      while (first > 0 && (series.bars[first - 1] as { time: number }).time >= target.lastTime) first--;
      for (let i = first; i < series.bars.length; i++)
        target.candles.update(chartBar(series.bars[i] as CandleSeries['bars'][number]));
    }
    target.lastTime = series.bars.at(-1)?.time ?? target.lastTime;
  }, [series]);

  return <div ref={box} className="chart" />;
}

const BookSide = memo(function BookSide({ book, side }: { book: Book | null; side: 'bids' | 'asks' }) {
  const rows = book ? bookRows(book, side, ROWS) : [];
  if (side === 'asks') rows.reverse();
  return (
    <ol className={`rows ${side}`}>
      {rows.map((row, i) => (
        <li key={i}>
          <span>{row.price}</span>
          <span>{row.size}</span>
        </li>
      ))}
    </ol>
  );
});

const Tape = memo(function Tape({ trades }: { trades: readonly Trade[] }) {
  return (
    <ol className="rows tape">
      {trades.slice(0, ROWS).map((trade) => (
        <li key={trade.tradeId} className={trade.direction}>
          <span>{trade.price}</span>
          <span>{trade.amount}</span>
        </li>
      ))}
    </ol>
  );
});

function BenchScreen() {
  const ticker = useTicker(symbol);
  const book = useBook(symbol, ROWS);
  const candles = useCandles(symbol, '1min');
  const trades = useTrades(symbol);
  return (
    <main className="screen">
      <header className="ticker">
        {symbol} <strong>{ticker?.close ?? '…'}</strong>
      </header>
      <CandleChart series={candles} />
      <section className="book">
        <BookSide book={book} side="asks" />
        <BookSide book={book} side="bids" />
      </section>
      <Tape trades={trades} />
    </main>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<BenchScreen />);
