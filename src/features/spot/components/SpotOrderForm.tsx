import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarketBalance } from '../../../../common/protocol.ts';
import { amountTextProblem } from '../../../lib/amount-input.ts';
import { formatFixed, toBig } from '../../../lib/money.ts';
import { useSiteSettings } from '../../../lib/site-settings.ts';
import { showToast } from '../../../lib/toast.ts';
import { useStableHandler } from '../../../lib/use-stable-handler.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { placeSpotOrder, type PlaceSpotOrderInput } from '../api/place-spot-order.ts';
import { confirmPercent, priceDistance } from '../api/price-distance.ts';
import {
  canBuy,
  minimumText,
  orderValue,
  priceDecimals,
  quickFill,
  validateSpotOrder,
  type PairMinimum,
  type PairPrecision,
  type SpotFormField,
  type SpotMode,
  type SpotSide,
} from '../api/spot-rules.ts';
import {
  FarPriceSheet,
  ModePicker,
  OrderFigures,
  OrderSendButton,
  PlainAmountField,
  QuickFill,
  SideTabs,
  SteppedPriceField,
  type FarPrice,
} from './spot-form-parts.tsx';
import tone from '../../../components/ui/tone.module.css';
import styles from './spot.module.css';

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

/**
 * The buy/sell form: limit, market or stop-limit, price step 0.01, quantity, order
 * value, quick-fill. Prices are shown, stepped and checked with the pair's precisions, so the form
 * sends only what the server accepts. A limit price further from the last price than the site's
 * price_confirm_percent asks first (ConfirmSheet), so a slipped digit does not trade at once.
 * The form holds the state; its parts (spot-form-parts.tsx) render again only for what a tap changed.
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
  const changeSide = useStableHandler((next: SpotSide) => {
    setSide(next);
    setError(null);
    clearAmounts();
  });
  const changeMode = useStableHandler((next: SpotMode) => {
    setMode(next);
    setError(null);
    clearAmounts();
  });
  const fill = useStableHandler((percent: number) => {
    const result = quickFill({ side, mode, price, quoteAvailable, baseAvailable, precision: pairPrecision }, percent);
    if (!result) return setError({ field: 'price', key: 'spot.rules.enterPrice' });
    setError(null);
    if (result.field === 'quantity') setQuantity(result.value);
    else setAmount(result.value);
  });
  const send = (order: PlaceSpotOrderInput) =>
    run(
      'order',
      () => placeSpotOrder(order),
      () => {
        setFarPrice(null);
        clearAmounts();
      },
    );
  const submit = useStableHandler(() => {
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
  });
  const confirmFarPrice = useStableHandler(() => farPrice && void send(farPrice.order));
  const closeFarPrice = useCallback(() => setFarPrice(null), []);
  const errorFor = (field: SpotFormField) =>
    error?.field === field ? t(error.key, { ...error.params, base, quote }) : null;
  const value = priced ? orderValue(price, quantity) : amount;
  const minimumHint = minimumText(minimum ?? undefined);
  // The form's own labels, translated once per language and pair rather than on every tap.
  const labels = useMemo(
    () => ({
      form: t('spot.form.label'),
      trigger: t('spot.form.trigger', { coin: quote }),
      price: t('spot.form.price', { coin: quote }),
      limitPrice: t('spot.form.limitPrice', { coin: quote }),
      marketPrice: t('spot.form.marketPrice'),
      amount: t('spot.form.amount', { coin: quote }),
      quantity: t('spot.form.quantity', { coin: base }),
      submitBuy: t('spot.form.submitBuy', { coin: base }),
      submitSell: t('spot.form.submitSell', { coin: base }),
    }),
    [t, base, quote],
  );
  const submitLabel = side === 1 ? labels.submitBuy : labels.submitSell;
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

  return (
    <section className={styles.form} aria-label={labels.form}>
      <SideTabs side={side} onSide={changeSide} />
      <ModePicker mode={mode} onMode={changeMode} />
      {mode === 3 && (
        <SteppedPriceField
          name="trigger"
          label={labels.trigger}
          value={trigger}
          onChange={setTrigger}
          error={errorFor('trigger')}
          precision={pairPrecision}
        />
      )}
      {priced ? (
        <SteppedPriceField
          name="price"
          label={mode === 3 ? labels.limitPrice : labels.price}
          value={price}
          onChange={setPrice}
          error={errorFor('price')}
          precision={pairPrecision}
        />
      ) : (
        <p className={styles.marketNote}>{labels.marketPrice}</p>
      )}
      {buysValue ? (
        <PlainAmountField
          className={styles.formField}
          label={labels.amount}
          value={amount}
          onChange={setAmount}
          available={balance === null ? undefined : quoteAvailable}
          unit={quote}
          error={errorFor('amount')}
        />
      ) : (
        <PlainAmountField
          className={styles.formField}
          label={labels.quantity}
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
      <QuickFill onFill={fill} />
      <OrderFigures
        side={side}
        priced={priced}
        price={price}
        quoteAvailable={quoteAvailable}
        baseAvailable={baseAvailable}
        value={value}
        base={base}
        quote={quote}
      />
      <OrderSendButton
        block
        busy={busy === 'order'}
        className={side === 1 ? tone.solidUp : tone.solidDown}
        onClick={submit}
        disabled={mId === null}
        data-testid="spot-submit"
      >
        {submitLabel}
      </OrderSendButton>
      <FarPriceSheet
        far={farPrice}
        base={base}
        decimals={decimals}
        confirmLabel={submitLabel}
        busy={busy === 'order'}
        onConfirm={confirmFarPrice}
        onClose={closeFarPrice}
      />
    </section>
  );
}
