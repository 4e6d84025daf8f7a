import { useMemo, useState } from 'react';
import { of, type Observable } from 'rxjs';
import { useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import type { MarketBalance, MarketItem } from '../../../../workers/shared/protocol.ts';
import { AlertLink } from '../../../components/ui/AlertLink.tsx';
import { groupedDecimals } from '../../../lib/book-rows.ts';
import { engineStream } from '../../../lib/engine-client.ts';
import { useTicker } from '../../../lib/market-hooks.ts';
import { shownDecimals } from '../../../lib/money.ts';
import { useObservable } from '../../../lib/use-observable.ts';
import { MyOrders } from './MyOrders.tsx';
import { OrderBookPanel } from './OrderBookPanel.tsx';
import { SpotCharts } from './SpotCharts.tsx';
import { SpotOrderForm } from './SpotOrderForm.tsx';
import { SymbolDrawer } from './SymbolDrawer.tsx';
import { TradeTape } from './TradeTape.tsx';
import layout from '../../../components/ui/layout.module.css';
import styles from './spot.module.css';

const DEFAULT_SYMBOL = 'btcusdt';
const NO_PAIRS: MarketItem[] = [];

const NO_BALANCE$: Observable<MarketBalance | null> = of(null);

/** The pair's balances, or null while the pair list (which gives the market id) is still loading. */
function useSpotBalance(mId: number | null): MarketBalance | null {
  return useObservable<MarketBalance | null>(mId === null ? NO_BALANCE$ : engineStream({ kind: 'spotBalance', mId }), null);
}

/** The spot exchange screen (spec §2): symbol drawer, order book, buy/sell form, trades and my orders. */
export function ExchangePage() {
  const params = new URLSearchParams(useSearch());
  const symbol = params.get('currentSymbol') || DEFAULT_SYMBOL;
  const pairs = useObservable(engineStream({ kind: 'homeMarkets' }), NO_PAIRS);
  const pair = pairs.find((p) => p.symbol === symbol) ?? null;
  const ticker = useTicker(symbol);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [picked, setPicked] = useState<{ price: string; seq: number; symbol: string } | null>(null);
  const title = pair?.title ?? params.get('name') ?? symbol.toUpperCase();
  const [base = '', quote = ''] = title.split('/');
  const lastPrice = ticker?.close ?? pair?.close ?? '';
  const balance = useSpotBalance(pair?.id ?? null);
  const decimals = useMemo(() => ({ price: shownDecimals(pair?.price_precision), size: shownDecimals(pair?.amount_precision) }), [pair?.price_precision, pair?.amount_precision]);
  const [grouping, setGrouping] = useState({ symbol, step: 0 });
  // A grouping belongs to the pair it was chosen on.
  const step = grouping.symbol === symbol ? grouping.step : 0;
  // A grouped book's prices are multiples of its bucket: fewer decimals than the pair's.
  const bookDecimals = useMemo(() => ({ ...decimals, price: Math.min(decimals.price, groupedDecimals(pair?.price_precision, step, decimals.price)), lastPrice: decimals.price }), [decimals, pair?.price_precision, step]);

  const pickPair = (next: MarketItem) => {
    setDrawerOpen(false);
    navigate(`/exchange?currentSymbol=${encodeURIComponent(next.symbol)}&name=${encodeURIComponent(next.title)}`, { replace: true });
  };

  return (
    <div className={layout.tabPage}>
      <header className={layout.stickyHeader}>
        <button type="button" className={styles.pairButton} onClick={() => setDrawerOpen(true)} aria-haspopup="dialog" data-testid="symbol-button">
          <span aria-hidden="true">☰ </span>
          <bdi dir="ltr">{title}</bdi>
        </button>
        <AlertLink symbol={symbol} title={title} />
      </header>
      <main className={styles.main}>
        <div className={styles.trade}>
          {/* One form per pair, mounted before the pair list arrives, so a side or mode chosen early is kept;
              a price tapped in another pair's book never reaches it. */}
          <SpotOrderForm key={symbol} mId={pair?.id ?? null} base={base} quote={quote} lastPrice={lastPrice} picked={picked?.symbol === symbol ? picked : null} balance={balance} precision={pair && { price: pair.price_precision, amount: pair.amount_precision }} />
          <OrderBookPanel
            symbol={symbol}
            lastPrice={lastPrice}
            decimals={bookDecimals}
            onPickPrice={(price) => setPicked((p) => ({ price, seq: (p?.seq ?? 0) + 1, symbol }))}
            step={step}
            onStep={(next) => setGrouping({ symbol, step: next })}
            pricePrecision={pair?.price_precision}
          />
        </div>
        <SpotCharts symbol={symbol} step={step} decimals={groupedDecimals(pair?.price_precision, step, 2)} />
        <MyOrders symbol={symbol} />
        <TradeTape symbol={symbol} decimals={decimals} />
      </main>
      <SymbolDrawer open={drawerOpen} pairs={pairs} current={symbol} onPick={pickPair} onClose={() => setDrawerOpen(false)} />
    </div>
  );
}
