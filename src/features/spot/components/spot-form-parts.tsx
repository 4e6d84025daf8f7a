import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField } from '../../../components/ui/AmountField.tsx';
import { CoinAmount } from '../../../components/ui/CoinAmount.tsx';
import { ConfirmSheet } from '../../../components/ui/ConfirmSheet.tsx';
import { SendButton } from '../../../components/ui/SendButton.tsx';
import { isolatedLtr, useFormats } from '../../../lib/format.ts';
import { formatFixed } from '../../../lib/money.ts';
import type { PlaceSpotOrderInput } from '../api/place-spot-order.ts';
import type { PriceDistance } from '../api/price-distance.ts';
import {
  canBuy,
  priceStep,
  QUICK_FILL,
  stepPrice,
  type PairPrecision,
  type SpotMode,
  type SpotSide,
} from '../api/spot-rules.ts';
import styles from './spot.module.css';

// The order form's parts, each memoised and given stable handlers (lib/use-stable-handler.ts), so a
// tap renders only the parts whose values it changed (docs/performance.md#tap-latency).

export const SideTabs = memo(function SideTabs({ side, onSide }: { side: SpotSide; onSide(next: SpotSide): void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.sideTabs} role="group" aria-label={t('spot.form.side')}>
      <button
        type="button"
        aria-pressed={side === 1}
        className={styles.buyTab}
        onClick={() => onSide(1)}
        data-testid="side-buy"
      >
        {t('spot.form.buy')}
      </button>
      <button
        type="button"
        aria-pressed={side === 2}
        className={styles.sellTab}
        onClick={() => onSide(2)}
        data-testid="side-sell"
      >
        {t('spot.form.sell')}
      </button>
    </div>
  );
});

export const ModePicker = memo(function ModePicker({ mode, onMode }: { mode: SpotMode; onMode(next: SpotMode): void }) {
  const { t } = useTranslation();
  return (
    <label className={styles.modeLabel}>
      <span className={styles.fieldLabel}>{t('spot.form.mode')}</span>
      <select value={mode} onChange={(e) => onMode(e.target.value === '3' ? 3 : e.target.value === '2' ? 2 : 1)}>
        <option value={1}>{t('spot.form.limit')}</option>
        <option value={2}>{t('spot.form.market')}</option>
        <option value={3}>{t('spot.form.stopLimit')}</option>
      </select>
    </label>
  );
});

/** The stepper buttons' names, by the price they step. */
const STEP_LABELS = {
  price: { down: 'spot.form.priceDown', up: 'spot.form.priceUp' },
  trigger: { down: 'spot.form.triggerDown', up: 'spot.form.triggerUp' },
} as const;

interface SteppedPriceFieldProps {
  /** Which price the field holds: its steppers' names and test ids (`step-priceUp`) follow it. */
  name: keyof typeof STEP_LABELS;
  label: string;
  value: string;
  onChange(text: string): void;
  error: string | null;
  precision: PairPrecision;
}

/** A price with − and + on either side, stepping by the pair's precision. */
export const SteppedPriceField = memo(function SteppedPriceField({
  name,
  label,
  value,
  onChange,
  error,
  precision,
}: SteppedPriceFieldProps) {
  const { t } = useTranslation();
  const step = priceStep(precision);
  const stepper = (direction: 1 | -1) => (
    <button
      type="button"
      className={styles.stepButton}
      aria-label={t(STEP_LABELS[name][direction === 1 ? 'up' : 'down'], { step })}
      data-testid={`step-${name}${direction === 1 ? 'Up' : 'Down'}`}
      onClick={() => onChange(stepPrice(value, direction, precision))}
    >
      {direction === 1 ? '+' : '−'}
    </button>
  );
  return (
    <AmountField
      className={`${styles.formField} ${styles.priceField}`}
      label={label}
      value={value}
      onChange={onChange}
      error={error}
      leading={stepper(-1)}
      end={stepper(1)}
    />
  );
});

/** The quantity or order value field: renders again only when its text, its balance or its message change. */
export const PlainAmountField = memo(AmountField);

export const QuickFill = memo(function QuickFill({ onFill }: { onFill(percent: number): void }) {
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <div className={styles.quickFill} role="group" aria-label={t('spot.form.quickFill')}>
      {QUICK_FILL.map((percent) => (
        <button key={percent} type="button" onClick={() => onFill(percent)} data-testid={`quick-fill-${percent}`}>
          {formats.percent(String(percent), 0, false)}
        </button>
      ))}
    </div>
  );
});

/**
 * One figure under the form: its label, then the amount and its unit. The amount never breaks inside
 * the number; when label and value do not fit one line the value moves, whole, to the next one.
 */
function Figure({ label, amount, unit, testId }: { label: string; amount: string; unit: string; testId?: string }) {
  return (
    <div className={styles.figure}>
      <dt>{label}</dt>
      <dd data-testid={testId}>
        <CoinAmount amount={<span className={styles.amount}>{amount}</span>} coin={unit} />
      </dd>
    </div>
  );
}

interface OrderFiguresProps {
  side: SpotSide;
  /** A limit or stop-limit order: the form has a price, so a buy shows what the balance can buy at it. */
  priced: boolean;
  price: string;
  quoteAvailable: string;
  baseAvailable: string;
  /** The order's value in the quote coin, '' while unknown. */
  value: string;
  base: string;
  quote: string;
}

export const OrderFigures = memo(function OrderFigures({
  side,
  priced,
  price,
  quoteAvailable,
  baseAvailable,
  value,
  base,
  quote,
}: OrderFiguresProps) {
  const { t } = useTranslation();
  return (
    <dl className={styles.figures}>
      <Figure
        label={t('spot.form.available')}
        amount={formatFixed(side === 1 ? quoteAvailable : baseAvailable, 8)}
        unit={side === 1 ? quote : base}
        testId="available"
      />
      {side === 1 && priced && (
        <Figure label={t('spot.form.canBuy')} amount={canBuy(quoteAvailable, price)} unit={base} />
      )}
      <Figure
        label={t('spot.form.tradingAmount')}
        amount={value ? formatFixed(value, 8) : '--'}
        unit={quote}
        testId="order-value"
      />
    </dl>
  );
});

export const OrderSendButton = memo(SendButton);

/** A price far from the last one, waiting for the user to confirm it, with the order it belongs to. */
export interface FarPrice {
  order: PlaceSpotOrderInput;
  distance: PriceDistance;
  last: string;
}

interface FarPriceSheetProps {
  far: FarPrice | null;
  base: string;
  /** The pair's price decimals, to show the last price as the book shows it. */
  decimals: number;
  confirmLabel: string;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}

/** The confirm step for a limit price far from the last trade: the order, and how far its price is. */
export const FarPriceSheet = memo(function FarPriceSheet({
  far,
  base,
  decimals,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: FarPriceSheetProps) {
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <ConfirmSheet
      open={far !== null}
      title={t('spot.confirm.title')}
      rows={
        far
          ? [
              ...(far.order.mode === 3
                ? [{ label: t('spot.orders.trigger'), value: <bdi dir="ltr">{far.order.trigger}</bdi> }]
                : []),
              { label: t('spot.orders.price'), value: <bdi dir="ltr">{far.order.price}</bdi>, strong: true },
              {
                label: t('spot.orders.quantity'),
                value: <CoinAmount amount={<bdi dir="ltr">{far.order.quantity}</bdi>} coin={base} />,
              },
            ]
          : []
      }
      confirmLabel={confirmLabel}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
      testId="price-confirm"
    >
      {far && (
        <p className={styles.farNote} data-testid="price-distance">
          {t(far.distance.side === 'above' ? 'spot.confirm.above' : 'spot.confirm.below', {
            percent: isolatedLtr(formats.percent(far.distance.percent, 2, false)),
            // As the book shows prices (docs/numbers-and-dates.md): the pair's decimals, no grouping.
            last: isolatedLtr(formatFixed(far.last, decimals)),
          })}
        </p>
      )}
    </ConfirmSheet>
  );
});
