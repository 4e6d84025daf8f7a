import { memo, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { AmountField } from '../../../components/ui/AmountField.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { CoinAmount } from '../../../components/ui/CoinAmount.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { isolatedLtr, useFormats } from '../../../lib/format.ts';
import { formatFixed } from '../../../lib/money.ts';
import type { OptionDuration } from '../api/get-hy-config.ts';
import { maxStake, quantityChoices, stakeDecimals, validateOptionQuantity } from '../api/option-rules.ts';
import { closePicker, optionsStore, type OptionSelection } from '../stores/options-store.ts';
import styles from './options.module.css';

/** Shown while the options store's `pickerOpen` is set (openPicker, closePicker); opens on the store's `selection`. */
export interface OrderPickerProps {
  durations: readonly OptionDuration[];
  multipliers: readonly string[];
  priceType: number;
  balance: string;
  /** getHyConfig fee_rate: debited with the stake, so All and the balance check leave room for it. */
  feeRate?: string;
  /** Decimals the server accepts in a stake (getHyConfig amount_precision). */
  decimals?: number;
  coin: string;
  onDone(selection: OptionSelection): void;
  onClose(): void;
}

/**
 * The bottom sheet that picks the stake and the duration (docs/product-rules.md#options): the multipliers (× the
 * duration's minimum when hy_price_type is 2), a numeric field, and All, which fills the largest
 * stake that the balance covers together with its fee. Memoised: the page renders for its own state
 * (the pairs popup, the view, a config reload, the header's pair), none of which changes the picker.
 */
export const OrderPicker = memo(function OrderPicker({ onClose, ...form }: OrderPickerProps) {
  const { t } = useTranslation();
  // Not the selection: the form reads it as an opening starts, so confirming one renders no form.
  const { pickerOpen, pickerOpenings } = useSnapshot(optionsStore);
  // The open state outlives the picker in the store: a page that leaves with it open (a session
  // time-out) must not greet the next visit with the sheet up.
  useEffect(() => closePicker, []);
  // Rendered ahead and only shown on the tap (docs/performance.md#tap-latency: tap latency during a busy feed).
  return (
    <Dialog
      open={pickerOpen}
      onClose={onClose}
      title={t('options.picker.title')}
      variant="sheet"
      closeLabel={t('common.close')}
      testId="option-picker"
      prerender
    >
      <PickerForm {...form} opening={pickerOpenings} />
    </Dialog>
  );
});

/**
 * The picker's form. Memoised, and rendered for an opening (`opening`, the store's count), never for a
 * closing: the Confirm tap closes the sheet and sets the selection, and rendered the whole hidden form
 * twice for it (a reset pass and the form).
 */
const PickerForm = memo(function PickerForm({
  opening,
  durations,
  multipliers,
  priceType,
  balance,
  feeRate,
  decimals,
  coin,
  onDone,
}: Omit<OrderPickerProps, 'onClose'> & { opening: number }) {
  const { t } = useTranslation();
  // The store itself, not a snapshot: read once as an opening starts (below), never subscribed.
  const [duration, setDuration] = useState<number | null>(
    () => optionsStore.selection.duration ?? durations[0]?.time ?? null,
  );
  const [quantity, setQuantity] = useState(() => optionsStore.selection.quantity);
  const [error, setError] = useState<string | null>(null);
  const formats = useFormats();
  // The duration labels follow only the offer and the language: translated once, not again on every
  // tap in the picker (each renders it; on a slow phone the first opening spent ~17 ms in them). The
  // rate is the language's percent ("80%", "%80" in Turkish), kept whole in right-to-left sentences.
  const durationLabels = useMemo(
    () =>
      durations.map((d) => ({
        time: d.time,
        seconds: t('options.picker.seconds', { count: d.time }),
        rate: t('options.picker.rate', { rate: isolatedLtr(formats.rate(d.ykbl)) }),
      })),
    [durations, t, formats],
  );
  // Each opening starts from the current selection: reset in the render that opens it (React's
  // pattern for state that follows a prop), not in an effect that would render the tap twice.
  const [shownOpening, setShownOpening] = useState(opening);
  if (opening !== shownOpening) {
    const { selection } = optionsStore;
    setShownOpening(opening);
    setDuration(selection.duration ?? durations[0]?.time ?? null);
    setQuantity(selection.quantity);
    setError(null);
    // React renders again at once with the new state and drops this pass: build nothing for it.
    return null;
  }
  const chosen = durations.find((d) => d.time === duration);
  // The largest stake the balance covers with its fee: what All fills and what the field flags above.
  const largest = maxStake(balance, feeRate, stakeDecimals(decimals));
  const choices = quantityChoices(multipliers, priceType, chosen?.min);
  const submit = () => {
    if (duration === null) return setError('options.rules.durationRequired');
    const problem = validateOptionQuantity({ quantity, minimum: chosen?.min, balance, feeRate, decimals });
    if (problem) return setError(problem);
    onDone({ quantity, duration });
  };
  return (
    <>
      <fieldset className={styles.fieldset}>
        <legend>{t('options.picker.duration')}</legend>
        <div className={styles.choiceGrid}>
          {durationLabels.map((d) => (
            <button
              key={d.time}
              type="button"
              className={styles.choice}
              aria-pressed={d.time === duration}
              onClick={() => setDuration(d.time)}
              data-testid={`duration-${d.time}`}
            >
              <strong>{d.seconds}</strong>
              <span>{d.rate}</span>
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>{t('options.picker.quantity')}</legend>
        <div className={styles.choiceGrid}>
          {choices.map((value) => (
            <button
              key={value}
              type="button"
              className={styles.choice}
              aria-pressed={value === quantity}
              onClick={() => setQuantity(value)}
              data-testid={`quantity-${value}`}
            >
              {value}
            </button>
          ))}
        </div>
        <AmountField
          label={t('options.picker.quantityField', { coin })}
          value={quantity}
          onChange={setQuantity}
          unit={coin}
          available={largest}
          error={error ? t(error, { min: chosen?.min ?? '', decimals: stakeDecimals(decimals) }) : null}
          onAll={() => setQuantity(largest)}
          allLabel={t('options.picker.all')}
        />
        <p className={styles.muted} data-testid="picker-balance">
          {t('options.picker.balance')}{' '}
          <CoinAmount className={styles.num} amount={formatFixed(balance, 8)} coin={coin} />
          {chosen && (
            <>
              {' · '}
              {t('options.picker.minimum', { min: chosen.min })}
            </>
          )}
        </p>
      </fieldset>
      <Button block onClick={submit} data-testid="picker-confirm">
        {t('common.confirm')}
      </Button>
    </>
  );
});
