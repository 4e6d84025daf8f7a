import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarketBalance } from '../../../../workers/shared/protocol.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { CoinAmount } from '../../../components/ui/CoinAmount.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useFormats } from '../../../lib/format.ts';
import { formatFixed } from '../../../lib/money.ts';
import { showToast } from '../../../lib/toast.ts';
import { placeSpotOrder } from '../api/place-spot-order.ts';
import {
  canBuy,
  orderValue,
  priceDecimals,
  priceStep,
  QUICK_FILL,
  quickFill,
  stepPrice,
  validateSpotOrder,
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
}

/**
 * The buy/sell form (spec §2, §5): limit or market, price step 0.01, quantity, order value,
 * quick-fill. Prices are shown, stepped and checked with the pair's precisions, so the form sends
 * only what the server accepts.
 */
export function SpotOrderForm({ mId, base, quote, startPrice, picked, balance, precision }: SpotOrderFormProps) {
  const { t } = useTranslation();
  const formats = useFormats();
  const [side, setSide] = useState<SpotSide>(1);
  const [mode, setMode] = useState<SpotMode>(1);
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<{ field: SpotFormField; key: string; params?: { decimals: number } } | null>(null);
  const [busy, setBusy] = useState(false);
  const quoteAvailable = balance?.usdt_balance ?? '0';
  const baseAvailable = balance?.coin_balance ?? '0';
  const known = precision !== null;
  const pricePrecision = precision?.price;
  const amountPrecision = precision?.amount;
  const pairPrecision = useMemo<PairPrecision>(() => ({ price: pricePrecision, amount: amountPrecision }), [pricePrecision, amountPrecision]);
  const decimals = priceDecimals(pairPrecision);
  const step = priceStep(pairPrecision);

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
  const submit = async () => {
    if (mId === null) return;
    const check = validateSpotOrder({ side, mode, price, quantity, amount, quoteAvailable, baseAvailable, precision: pairPrecision });
    if (!check.ok) {
      setError({ field: check.field, key: check.key, params: check.params });
      if (check.clear) {
        showToast(t(check.key, check.params), 'error');
        clearAmounts();
      }
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const result = await placeSpotOrder({ mId, side, mode, price, quantity, amount });
      if (result.ok) clearAmounts();
    } catch {
      // The client has shown the network error; the entries stay so the user can retry.
    } finally {
      setBusy(false);
    }
  };
  const errorFor = (field: SpotFormField) => (error?.field === field ? t(error.key, error.params) : null);
  const value = mode === 1 ? orderValue(price, quantity) : amount;

  return (
    <section className={styles.form} aria-label={t('spot.form.label')}>
      <div className={styles.sideTabs} role="group" aria-label={t('spot.form.side')}>
        <button type="button" aria-pressed={side === 1} className={styles.buyTab} onClick={() => changeSide(1)}>
          {t('spot.form.buy')}
        </button>
        <button type="button" aria-pressed={side === 2} className={styles.sellTab} onClick={() => changeSide(2)}>
          {t('spot.form.sell')}
        </button>
      </div>
      <label className={styles.modeLabel}>
        <span className={styles.fieldLabel}>{t('spot.form.mode')}</span>
        <select
          value={mode}
          onChange={(e) => {
            setMode(e.target.value === '2' ? 2 : 1);
            setError(null);
            clearAmounts();
          }}
        >
          <option value={1}>{t('spot.form.limit')}</option>
          <option value={2}>{t('spot.form.market')}</option>
        </select>
      </label>
      {mode === 1 ? (
        <TextField
          className={`${styles.formField} ${styles.priceField}`}
          label={t('spot.form.price', { coin: quote })}
          inputMode="decimal"
          step={step}
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          error={errorFor('price')}
          leading={
            <button type="button" className={styles.stepButton} aria-label={t('spot.form.priceDown', { step })} onClick={() => setPrice(stepPrice(price, -1, pairPrecision))}>
              −
            </button>
          }
          trailing={
            <button type="button" className={styles.stepButton} aria-label={t('spot.form.priceUp', { step })} onClick={() => setPrice(stepPrice(price, 1, pairPrecision))}>
              +
            </button>
          }
        />
      ) : (
        <p className={styles.marketNote}>{t('spot.form.marketPrice')}</p>
      )}
      {mode === 2 && side === 1 ? (
        <TextField className={styles.formField} label={t('spot.form.amount', { coin: quote })} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} error={errorFor('amount')} />
      ) : (
        <TextField className={styles.formField} label={t('spot.form.quantity', { coin: base })} inputMode="decimal" value={quantity} onChange={(e) => setQuantity(e.target.value)} error={errorFor('quantity')} />
      )}
      <div className={styles.quickFill} role="group" aria-label={t('spot.form.quickFill')}>
        {QUICK_FILL.map((percent) => (
          <button key={percent} type="button" onClick={() => fill(percent)}>
            {formats.percent(String(percent), 0, false)}
          </button>
        ))}
      </div>
      <dl className={styles.figures}>
        <Figure label={t('spot.form.available')} amount={formatFixed(side === 1 ? quoteAvailable : baseAvailable, 8)} unit={side === 1 ? quote : base} testId="available" />
        {side === 1 && mode === 1 && <Figure label={t('spot.form.canBuy')} amount={canBuy(quoteAvailable, price)} unit={base} />}
        <Figure label={t('spot.form.tradingAmount')} amount={value ? formatFixed(value, 8) : '--'} unit={quote} testId="order-value" />
      </dl>
      <Button block busy={busy} className={side === 1 ? tone.solidUp : tone.solidDown} onClick={() => void submit()} disabled={mId === null}>
        {t(side === 1 ? 'spot.form.submitBuy' : 'spot.form.submitSell', { coin: base })}
      </Button>
    </section>
  );
}
