import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarketBalance } from '../../../../common/protocol.ts';
import { AmountField } from '../../../components/ui/AmountField.tsx';
import { CoinAmount } from '../../../components/ui/CoinAmount.tsx';
import { ConfirmSheet } from '../../../components/ui/ConfirmSheet.tsx';
import { SendButton } from '../../../components/ui/SendButton.tsx';
import { amountTextProblem } from '../../../lib/amount-input.ts';
import { isolatedLtr, useFormats } from '../../../lib/format.ts';
import { formatFixed, toBig } from '../../../lib/money.ts';
import { useSiteSettings } from '../../../lib/site-settings.ts';
import { showToast } from '../../../lib/toast.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { placeSpotOrder, type PlaceSpotOrderInput } from '../api/place-spot-order.ts';
import { confirmPercent, priceDistance, type PriceDistance } from '../api/price-distance.ts';
import {
  canBuy,
  minimumText,
  orderValue,
  priceDecimals,
  priceStep,
  QUICK_FILL,
  quickFill,
  stepPrice,
  validateSpotOrder,
  type PairMinimum,
  type PairPrecision,
  type SpotFormField,
  type SpotMode,
  type SpotSide,
} from '../api/spot-rules.ts';
import tone from '../../../components/ui/tone.module.css';
import styles from './spot.module.css';

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

export interface SpotOrderFormProps {
  mId: number | null;
  base: string;
  quote: string;
  /** The price the form starts from (the last trade once the pair is known, see use-spot-prices.ts); '' until then. */
  startPrice: string;
  /** A price tapped in the book; `seq` changes on every tap so the same price can be taken twice. */
  picked: { price: string; seq: number } | null;
  balance: MarketBalance | null;
  /**
   * The pair's price and quantity precisions from the market list; null while the list is loading.
   * A field the server did not send is undefined (the rules fall back, see spot-rules.ts).
   */
  precision: PairPrecision | null;
  /** The pair's smallest order from the market list; null or undefined fields while unknown (nothing is checked). */
  minimum?: PairMinimum | null;
  /** The last trade price, read when the user submits (useLastPriceRef); '' while unknown. */
  lastPrice?: RefObject<string>;
}

const NO_LAST_PRICE: RefObject<string> = { current: '' };

/** A price far from the last one, waiting for the user to confirm it, with the order it belongs to. */
interface FarPrice {
  order: PlaceSpotOrderInput;
  distance: PriceDistance;
  last: string;
}

/**
 * The buy/sell form: limit, market or stop-limit, price step 0.01, quantity, order
 * value, quick-fill. Prices are shown, stepped and checked with the pair's precisions, so the form
 * sends only what the server accepts. A limit price further from the last price than the site's
 * price_confirm_percent asks first (ConfirmSheet), so a slipped digit does not trade at once.
 */
export function SpotOrderForm({
  mId,
  base,
  quote,
  startPrice,
  picked,
  balance,
  precision,
  minimum,
  lastPrice = NO_LAST_PRICE,
}: SpotOrderFormProps) {
  const { t } = useTranslation();
  const formats = useFormats();
  const settings = useSiteSettings();
  const { busy, run } = useSubmit();
  const [side, setSide] = useState<SpotSide>(1);
  const [mode, setMode] = useState<SpotMode>(1);
  const [price, setPrice] = useState('');
  const [trigger, setTrigger] = useState('');
  const [quantity, setQuantity] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<{
    field: SpotFormField;
    key: string;
    params?: Record<string, string | number>;
  } | null>(null);
  const [farPrice, setFarPrice] = useState<FarPrice | null>(null);
  const quoteAvailable = balance?.usdt_balance ?? '0';
  const baseAvailable = balance?.coin_balance ?? '0';
  const known = precision !== null;
  const pricePrecision = precision?.price;
  const amountPrecision = precision?.amount;
  const pairPrecision = useMemo<PairPrecision>(
    () => ({ price: pricePrecision, amount: amountPrecision }),
    [pricePrecision, amountPrecision],
  );
  const decimals = priceDecimals(pairPrecision);
  const step = priceStep(pairPrecision);
  const priced = mode !== 2;
  const buysValue = mode === 2 && side === 1;

  const appliedPick = useRef(0);
  useEffect(() => {
    // Each tap applies once; a precision arriving later does not re-apply an old tap over a typed price.
    if (!picked || picked.seq === appliedPick.current) return;
    appliedPick.current = picked.seq;
    setPrice(formatFixed(picked.price, decimals));
  }, [picked, decimals]);
  const prefilled = useRef(false);
  useEffect(() => {
    // Once per pair, when its precision is known, the price starts at the last trade unless the user
    // typed one first; after that an empty field stays empty.
    if (prefilled.current || !startPrice || !known) return;
    prefilled.current = true;
    setPrice((typed) => typed || formatFixed(startPrice, decimals, ''));
  }, [startPrice, known, decimals]);

  const clearAmounts = () => {
    setQuantity('');
    setAmount('');
  };
  const changeSide = (next: SpotSide) => {
    setSide(next);
    setError(null);
    clearAmounts();
  };
  const fill = (percent: number) => {
    const result = quickFill({ side, mode, price, quoteAvailable, baseAvailable, precision: pairPrecision }, percent);
    if (!result) return setError({ field: 'price', key: 'spot.rules.enterPrice' });
    setError(null);
    if (result.field === 'quantity') setQuantity(result.value);
    else setAmount(result.value);
  };
  const send = (order: PlaceSpotOrderInput) =>
    run(
      'order',
      () => placeSpotOrder(order),
      () => {
        setFarPrice(null);
        clearAmounts();
      },
    );
  const submit = () => {
    if (mId === null) return;
    // A field whose text is not a number already says so; nothing goes out until it is fixed.
    const shown = [priced ? price : '', mode === 3 ? trigger : '', buysValue ? amount : quantity];
    if (shown.some((text) => amountTextProblem(text, false) !== null)) return;
    const last = lastPrice.current ?? '';
    const check = validateSpotOrder({
      side,
      mode,
      price,
      quantity,
      amount,
      trigger,
      lastPrice: last,
      minimum: minimum ?? undefined,
      quoteAvailable,
      baseAvailable,
      precision: pairPrecision,
    });
    if (!check.ok) {
      setError({ field: check.field, key: check.key, params: check.params });
      if (check.clear) {
        showToast(t(check.key, check.params), 'error');
        clearAmounts();
      }
      return;
    }
    setError(null);
    const order: PlaceSpotOrderInput = { mId, side, mode, price, quantity, amount, ...(mode === 3 ? { trigger } : {}) };
    const distance = priced ? priceDistance(price, last, confirmPercent(settings?.price_confirm_percent)) : null;
    if (distance) return setFarPrice({ order, distance, last });
    void send(order);
  };
  const errorFor = (field: SpotFormField) =>
    error?.field === field ? t(error.key, { ...error.params, base, quote }) : null;
  const value = priced ? orderValue(price, quantity) : amount;
  const minimumHint = minimumText(minimum ?? undefined);
  const submitLabel = t(side === 1 ? 'spot.form.submitBuy' : 'spot.form.submitSell', { coin: base });
  // The largest quantity the balance covers: the held coin for a sell, the USDT at the limit price for a buy.
  const limitPrice = toBig(price);
  const quantityAvailable =
    balance === null
      ? undefined
      : side === 2
        ? baseAvailable
        : priced && limitPrice?.gt(0)
          ? canBuy(quoteAvailable, price)
          : undefined;
  const stepper = (direction: 1 | -1, text: string, set: (next: string) => void, labelKey: string, testId: string) => (
    <button
      type="button"
      className={styles.stepButton}
      aria-label={t(labelKey, { step })}
      data-testid={testId}
      onClick={() => set(stepPrice(text, direction, pairPrecision))}
    >
      {direction === 1 ? '+' : '−'}
    </button>
  );

  return (
    <section className={styles.form} aria-label={t('spot.form.label')}>
      <div className={styles.sideTabs} role="group" aria-label={t('spot.form.side')}>
        <button
          type="button"
          aria-pressed={side === 1}
          className={styles.buyTab}
          onClick={() => changeSide(1)}
          data-testid="side-buy"
        >
          {t('spot.form.buy')}
        </button>
        <button
          type="button"
          aria-pressed={side === 2}
          className={styles.sellTab}
          onClick={() => changeSide(2)}
          data-testid="side-sell"
        >
          {t('spot.form.sell')}
        </button>
      </div>
      <label className={styles.modeLabel}>
        <span className={styles.fieldLabel}>{t('spot.form.mode')}</span>
        <select
          value={mode}
          onChange={(e) => {
            setMode(e.target.value === '3' ? 3 : e.target.value === '2' ? 2 : 1);
            setError(null);
            clearAmounts();
          }}
        >
          <option value={1}>{t('spot.form.limit')}</option>
          <option value={2}>{t('spot.form.market')}</option>
          <option value={3}>{t('spot.form.stopLimit')}</option>
        </select>
      </label>
      {mode === 3 && (
        <AmountField
          className={`${styles.formField} ${styles.priceField}`}
          label={t('spot.form.trigger', { coin: quote })}
          value={trigger}
          onChange={setTrigger}
          error={errorFor('trigger')}
          leading={stepper(-1, trigger, setTrigger, 'spot.form.triggerDown', 'step-triggerDown')}
          end={stepper(1, trigger, setTrigger, 'spot.form.triggerUp', 'step-triggerUp')}
        />
      )}
      {priced ? (
        <AmountField
          className={`${styles.formField} ${styles.priceField}`}
          label={t(mode === 3 ? 'spot.form.limitPrice' : 'spot.form.price', { coin: quote })}
          value={price}
          onChange={setPrice}
          error={errorFor('price')}
          leading={stepper(-1, price, setPrice, 'spot.form.priceDown', 'step-priceDown')}
          end={stepper(1, price, setPrice, 'spot.form.priceUp', 'step-priceUp')}
        />
      ) : (
        <p className={styles.marketNote}>{t('spot.form.marketPrice')}</p>
      )}
      {buysValue ? (
        <AmountField
          className={styles.formField}
          label={t('spot.form.amount', { coin: quote })}
          value={amount}
          onChange={setAmount}
          available={balance === null ? undefined : quoteAvailable}
          unit={quote}
          error={errorFor('amount')}
        />
      ) : (
        <AmountField
          className={styles.formField}
          label={t('spot.form.quantity', { coin: base })}
          value={quantity}
          onChange={setQuantity}
          available={quantityAvailable}
          unit={base}
          error={errorFor('quantity')}
        />
      )}
      {minimumHint && (
        <p className={styles.minimum} data-testid="min-order">
          {t(minimumHint.key, { ...minimumHint.params, base, quote })}
        </p>
      )}
      <div className={styles.quickFill} role="group" aria-label={t('spot.form.quickFill')}>
        {QUICK_FILL.map((percent) => (
          <button key={percent} type="button" onClick={() => fill(percent)} data-testid={`quick-fill-${percent}`}>
            {formats.percent(String(percent), 0, false)}
          </button>
        ))}
      </div>
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
      <SendButton
        block
        busy={busy === 'order'}
        className={side === 1 ? tone.solidUp : tone.solidDown}
        onClick={submit}
        disabled={mId === null}
        data-testid="spot-submit"
      >
        {submitLabel}
      </SendButton>
      <ConfirmSheet
        open={farPrice !== null}
        title={t('spot.confirm.title')}
        rows={
          farPrice
            ? [
                ...(farPrice.order.mode === 3
                  ? [{ label: t('spot.orders.trigger'), value: <bdi dir="ltr">{farPrice.order.trigger}</bdi> }]
                  : []),
                { label: t('spot.orders.price'), value: <bdi dir="ltr">{farPrice.order.price}</bdi>, strong: true },
                {
                  label: t('spot.orders.quantity'),
                  value: <CoinAmount amount={<bdi dir="ltr">{farPrice.order.quantity}</bdi>} coin={base} />,
                },
              ]
            : []
        }
        confirmLabel={submitLabel}
        busy={busy === 'order'}
        onConfirm={() => farPrice && void send(farPrice.order)}
        onClose={() => setFarPrice(null)}
        testId="price-confirm"
      >
        {farPrice && (
          <p className={styles.farNote} data-testid="price-distance">
            {t(farPrice.distance.side === 'above' ? 'spot.confirm.above' : 'spot.confirm.below', {
              percent: isolatedLtr(formats.percent(farPrice.distance.percent, 2, false)),
              // As the book shows prices (docs/numbers-and-dates.md): the pair's decimals, no grouping.
              last: isolatedLtr(formatFixed(farPrice.last, decimals)),
            })}
          </p>
        )}
      </ConfirmSheet>
    </section>
  );
}
