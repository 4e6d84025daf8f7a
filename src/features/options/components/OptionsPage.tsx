import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { BehaviorSubject } from 'rxjs';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import type { CandlePeriod, MarketItem } from '../../../../common/protocol.ts';
import { AlertLink } from '../../../components/ui/AlertLink.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { CoinAmount } from '../../../components/ui/CoinAmount.tsx';
import { LazyBoundary } from '../../../components/ui/LazyBoundary.tsx';
import type { ChartPriceLine } from '../../../components/ui/MarketChart.tsx';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { usePublishedHeight } from '../../../components/ui/use-published-height.ts';
import type { FitTarget } from '../../../components/ui/use-fit-above.ts';
import { formatFixed, shownDecimals } from '../../../lib/money.ts';
import { useShownPair } from '../../../lib/shown-pair.ts';
import { showToast } from '../../../lib/toast.ts';
import { CHART_INTERVALS, DEFAULT_SYMBOL } from '../api/chart-intervals.ts';
import { stakeDecimals, validateOptionQuantity } from '../api/option-rules.ts';
import type { OptionDuration } from '../api/get-hy-config.ts';
import { useHyConfig } from '../hooks/use-hy-config.ts';
import {
  chartPeriodOnOpen,
  closeCountdown,
  closePicker,
  hasSelection,
  openConfirmation,
  openPicker,
  optionsStore,
  rememberChartPeriod,
  setSelection,
  type OptionSelection,
} from '../stores/options-store.ts';
import { DaySummaryBar, type DrawnClose } from './DaySummaryBar.tsx';
import { OptionsCandleChart } from './OptionsCandleChart.tsx';
import { OptionOrderList } from './OptionOrderList.tsx';
import { OrderCountdown } from './OrderCountdown.tsx';
import { OrderConfirmation } from './OrderConfirmation.tsx';
import { OrderPicker } from './OrderPicker.tsx';
import { PairsPopup } from './PairsPopup.tsx';
import layout from '../../../components/ui/layout.module.css';
import tone from '../../../components/ui/tone.module.css';
import styles from './options.module.css';

const NO_DURATIONS: OptionDuration[] = [];

function pickerDone(selection: OptionSelection): void {
  setSelection(selection);
  closePicker();
}

/**
 * The chart view: day summary, intervals and chart. Memoized, so a tap that only opens a dialog
 * re-renders none of it (docs/performance.md#tap-latency: tap latency during a busy feed).
 */
const ChartView = memo(function ChartView({
  symbol,
  period,
  decimals,
  onPeriod,
  fit,
  drawn,
  entryLine,
}: {
  symbol: string;
  period: CandlePeriod;
  decimals: number;
  onPeriod(period: CandlePeriod): void;
  /** The screen's page and its order bar fixed at the bottom, which the chart ends above. */
  fit: FitTarget;
  /** The price the chart has drawn last: the header and the running order show the same one, so none disagree. */
  drawn: BehaviorSubject<DrawnClose | null>;
  /** The running order's buy price on this pair, drawn across the chart; null without one. */
  entryLine: ChartPriceLine | null;
}) {
  const { t } = useTranslation();
  // Without the chart its last price grows old: the header and the running order then read the day's close.
  useEffect(() => () => drawn.next(null), [drawn]);
  // On a narrow phone the strip scrolls: the chosen interval is brought into view, at either end in right-to-left.
  const strip = useRef<HTMLDivElement>(null);
  useEffect(() => {
    strip.current?.querySelector('[aria-pressed="true"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [period]);
  return (
    <main className={styles.main}>
      <DaySummaryBar symbol={symbol} decimals={decimals} drawnClose={drawn} />
      <div
        className={styles.intervals}
        role="group"
        aria-label={t('options.chart.intervals')}
        ref={strip}
        data-testid="chart-intervals"
      >
        {CHART_INTERVALS.map((interval) => (
          <button
            key={interval.period}
            type="button"
            aria-pressed={interval.period === period}
            onClick={() => onPeriod(interval.period)}
          >
            {interval.label}
          </button>
        ))}
      </div>
      <LazyBoundary
        fallback={<Skeleton height={300} />}
        failed={(retry) => <LoadFailed height={300} onRetry={retry} />}
      >
        <OptionsCandleChart
          symbol={symbol}
          period={period}
          decimals={decimals}
          fitAbove={fit}
          priceLine={entryLine}
          onDrawn={(drawnSymbol, close) => drawn.next({ symbol: drawnSymbol, close })}
        />
      </LazyBoundary>
    </main>
  );
});

/** The action bar's button that shows the chosen stake and duration and opens the picker. */
function SelectionButton({ coin }: { coin: string }) {
  const { t } = useTranslation();
  const { selection } = useSnapshot(optionsStore);
  return (
    <button type="button" className={styles.selectionButton} onClick={openPicker} data-testid="selection-button">
      {hasSelection(selection) ? (
        <>
          <CoinAmount className={styles.num} amount={selection.quantity} coin={coin} />
          <span>{t('options.picker.seconds', { count: selection.duration ?? 0 })}</span>
        </>
      ) : (
        <span>{t('options.picker.choose')}</span>
      )}
    </button>
  );
}

/** The options (second contract) screen of docs/product-rules.md#options: header, pairs popup, chart view and order-list view. */
export function OptionsPage() {
  const { t } = useTranslation();
  const params = new URLSearchParams(useSearch());
  const symbol = params.get('currentSymbol') || DEFAULT_SYMBOL;
  const pair = useShownPair('optionPairs', symbol);
  const name = pair?.title ?? params.get('name') ?? symbol.toUpperCase();
  const [view, setView] = useState<'chart' | 'orders'>('chart');
  const [period, setPeriod] = useState<CandlePeriod>(chartPeriodOnOpen);
  const choosePeriod = useCallback((next: CandlePeriod) => {
    rememberChartPeriod(next);
    setPeriod(next);
  }, []);
  const actionBarRef = useRef<HTMLDivElement>(null);
  usePublishedHeight(actionBarRef, '--screen-bar-h');
  const pageRef = useRef<HTMLDivElement>(null);
  const chartFit = useMemo<FitTarget>(() => ({ page: pageRef, bar: actionBarRef }), []);
  const [pairsOpen, setPairsOpen] = useState(false);
  const { loaded, reload } = useHyConfig();
  // The selection is not read here: choosing one re-renders its button, not the page (docs/performance.md#tap-latency tap budget).
  const { active } = useSnapshot(optionsStore);
  const [drawn] = useState(() => new BehaviorSubject<DrawnClose | null>(null));
  const entryTitle = t('options.running.entry');
  const entryPrice = active && !active.settled && active.symbol === symbol ? active.entryPrice : null;
  const entryLine = useMemo<ChartPriceLine | null>(
    () => (entryPrice === null ? null : { price: entryPrice, title: entryTitle }),
    [entryPrice, entryTitle],
  );
  const priceDecimals = shownDecimals(pair?.price_precision);
  const coin = loaded?.config.coinname ?? '';
  const balance = loaded?.config.balance ?? '0';
  const feeRate = loaded?.config.fee_rate;
  const decimals = loaded?.config.amount_precision;
  const durations = loaded?.durations ?? NO_DURATIONS;

  // Reads the selection at the tap, from the store itself (the page does not render it).
  const buy = (direction: 1 | 2) => {
    const selection = optionsStore.selection;
    const chosen = durations.find((d) => d.time === selection.duration);
    if (!hasSelection(selection) || !chosen) return openPicker();
    const problem = validateOptionQuantity({
      quantity: selection.quantity,
      minimum: chosen.min,
      balance,
      feeRate,
      decimals,
    });
    if (problem) {
      showToast(t(problem, { min: chosen.min, decimals: stakeDecimals(decimals) }), 'error');
      return openPicker();
    }
    openConfirmation(direction);
  };

  const pickPair = (next: MarketItem) => {
    setPairsOpen(false);
    navigate(`/options?currentSymbol=${encodeURIComponent(next.symbol)}&name=${encodeURIComponent(next.title)}`, {
      replace: true,
    });
  };

  return (
    <div className={layout.tabPage} ref={pageRef}>
      <header className={`${layout.stickyHeader} ${styles.header}`}>
        <button
          type="button"
          className={styles.pairButton}
          onClick={() => setPairsOpen(true)}
          aria-haspopup="dialog"
          data-testid="pair-button"
        >
          <span aria-hidden="true">☰ </span>
          <bdi dir="ltr">{name}</bdi>
        </button>
        <AlertLink symbol={symbol} title={name} />
        <button
          type="button"
          className={styles.viewToggle}
          onClick={() => setView(view === 'chart' ? 'orders' : 'chart')}
          data-testid="view-toggle"
        >
          {t(view === 'chart' ? 'options.view.orders' : 'options.view.chart')}
        </button>
      </header>

      {view === 'chart' ? (
        <ChartView
          symbol={symbol}
          period={period}
          decimals={priceDecimals}
          onPeriod={choosePeriod}
          fit={chartFit}
          drawn={drawn}
          entryLine={entryLine}
        />
      ) : (
        <main className={styles.main}>
          <OptionOrderList />
        </main>
      )}

      <div className={styles.actionBar} ref={actionBarRef} data-testid="order-bar">
        {active && (
          <OrderCountdown
            order={active}
            coin={coin}
            decimals={priceDecimals}
            drawnClose={drawn}
            onClose={() => {
              closeCountdown();
              reload();
            }}
          />
        )}
        <SelectionButton coin={coin} />
        <div className={styles.buyButtons}>
          <Button className={tone.solidUp} onClick={() => buy(1)} disabled={!pair || !loaded} data-testid="buy-up">
            <span aria-hidden="true">▲ </span>
            {t('options.buyUp')}
          </Button>
          <Button className={tone.solidDown} onClick={() => buy(2)} disabled={!pair || !loaded} data-testid="buy-down">
            <span aria-hidden="true">▼ </span>
            {t('options.buyDown')}
          </Button>
        </div>
        <p className={styles.muted}>
          {t('options.picker.balance')}{' '}
          <bdi dir="ltr">
            <span className={styles.num} data-testid="options-balance">
              {formatFixed(balance, 8)}
            </span>{' '}
            {coin}
          </bdi>
        </p>
      </div>

      <PairsPopup open={pairsOpen} current={symbol} onPick={pickPair} onClose={() => setPairsOpen(false)} />
      {loaded && (
        <OrderPicker
          durations={loaded.durations}
          multipliers={loaded.multipliers}
          priceType={Number(loaded.config.hy_price_type)}
          balance={balance}
          feeRate={feeRate}
          decimals={decimals}
          coin={coin}
          onDone={pickerDone}
          onClose={closePicker}
        />
      )}
      <OrderConfirmation
        pairId={pair?.id}
        symbol={symbol}
        name={name}
        durations={durations}
        coin={coin}
        feeRate={feeRate}
        onPlaced={reload}
      />
    </div>
  );
}
