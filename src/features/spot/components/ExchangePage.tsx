import { useCallback, useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import type { MarketItem } from '../../../../common/protocol.ts';
import { AlertLink } from '../../../components/ui/AlertLink.tsx';
import { groupedDecimals } from '../../../lib/book-rows.ts';
import { shownDecimals } from '../../../lib/money.ts';
import { useShownPair } from '../../../lib/shown-pair.ts';
import { useLastPriceRef, usePairMinimum, useSpotBalance, useStartPrice } from '../hooks/use-spot-prices.ts';
import { MyOrders } from './MyOrders.tsx';
import { OrderBookPanel } from './OrderBookPanel.tsx';
import { PairPrice } from './PairPrice.tsx';
import { SpotCharts } from './SpotCharts.tsx';
import { SpotOrderForm } from './SpotOrderForm.tsx';
import { SymbolDrawer } from './SymbolDrawer.tsx';
import { TradeTape } from './TradeTape.tsx';
import layout from '../../../components/ui/layout.module.css';
import styles from './spot.module.css';

const DEFAULT_SYMBOL = 'btcusdt';
/**
 * The spot exchange screen (docs/product-rules.md#spot-orders): symbol drawer, order book, buy/sell form, trades and my orders.
 * It renders for its own state and when its pair or balance change; prices and lists reach the parts
 * that show them (the book its last price, the drawer its list), not through here.
 */
export function ExchangePage() {
  const params = new URLSearchParams(useSearch());
  const symbol = params.get('currentSymbol') || DEFAULT_SYMBOL;
  const pair = useShownPair('homeMarkets', symbol);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [picked, setPicked] = useState<{ price: string; seq: number; symbol: string } | null>(null);
  const title = pair?.title ?? params.get('name') ?? symbol.toUpperCase();
  const [base = '', quote = ''] = title.split('/');
  const startPrice = useStartPrice(symbol);
  const balance = useSpotBalance(pair?.id ?? null);
  const lastPrice = useLastPriceRef(symbol);
  const minimum = usePairMinimum(symbol);
  const decimals = useMemo(
    () => ({ price: shownDecimals(pair?.price_precision), size: shownDecimals(pair?.amount_precision) }),
    [pair?.price_precision, pair?.amount_precision],
  );
  const [grouping, setGrouping] = useState({ symbol, step: 0 });
  // A grouping belongs to the pair it was chosen on.
  const step = grouping.symbol === symbol ? grouping.step : 0;
  // A grouped book's prices are multiples of its bucket: fewer decimals than the pair's.
  const bookDecimals = useMemo(
    () => ({
      ...decimals,
      price: Math.min(decimals.price, groupedDecimals(pair?.price_precision, step, decimals.price)),
      lastPrice: decimals.price,
    }),
    [decimals, pair?.price_precision, step],
  );

  const pickPrice = useCallback(
    (price: string) => setPicked((p) => ({ price, seq: (p?.seq ?? 0) + 1, symbol })),
    [symbol],
  );
  const pickStep = useCallback((next: number) => setGrouping({ symbol, step: next }), [symbol]);
  const pickPair = (next: MarketItem) => {
    setDrawerOpen(false);
    navigate(`/exchange?currentSymbol=${encodeURIComponent(next.symbol)}&name=${encodeURIComponent(next.title)}`, {
      replace: true,
    });
  };

  return (
    <div className={layout.tabPage}>
      <header className={layout.stickyHeader}>
        <button
          type="button"
          className={styles.pairButton}
          onClick={() => setDrawerOpen(true)}
          aria-haspopup="dialog"
          data-testid="symbol-button"
        >
          <span aria-hidden="true">☰ </span>
          <bdi dir="ltr">{title}</bdi>
        </button>
        <PairPrice symbol={symbol} decimals={decimals.price} />
        <AlertLink symbol={symbol} title={title} />
      </header>
      <main className={styles.main}>
        <div className={styles.trade}>
          {/* One form per pair, mounted before the pair list arrives, so a side or mode chosen early is kept;
              a price tapped in another pair's book never reaches it. */}
          <SpotOrderForm
            key={symbol}
            mId={pair?.id ?? null}
            base={base}
            quote={quote}
            startPrice={startPrice}
            picked={picked?.symbol === symbol ? picked : null}
            balance={balance}
            precision={pair ? { price: pair.price_precision, amount: pair.amount_precision } : null}
            minimum={minimum}
            lastPrice={lastPrice}
          />
          <OrderBookPanel
            symbol={symbol}
            decimals={bookDecimals}
            onPickPrice={pickPrice}
            step={step}
            onStep={pickStep}
            pricePrecision={pair?.price_precision}
          />
        </div>
        <SpotCharts symbol={symbol} step={step} decimals={groupedDecimals(pair?.price_precision, step, 2)} />
        <MyOrders symbol={symbol} mId={pair?.id ?? null} title={title} />
        <TradeTape symbol={symbol} decimals={decimals} />
      </main>
      <SymbolDrawer open={drawerOpen} current={symbol} onPick={pickPair} onClose={() => setDrawerOpen(false)} />
    </div>
  );
}
