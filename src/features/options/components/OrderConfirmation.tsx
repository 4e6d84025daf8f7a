import { memo, useEffect, useState } from 'react';
import { snapshot, useSnapshot } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import { afterNextPaint } from '../../../components/ui/after-next-paint.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { createOptionOrder } from '../api/create-option-order.ts';
import type { OptionDuration } from '../api/get-hy-config.ts';
import { closeConfirmation, optionsStore, startCountdown, type OptionSelection } from '../stores/options-store.ts';
import { ConfirmOrderDialog } from './ConfirmOrderDialog.tsx';

export interface OrderConfirmationProps {
  /** The pair's id (getMarketList `id`, the order's `mId`); undefined until the pairs have loaded. */
  pairId: number | undefined;
  /** The pair's symbol (btcusdt): the running order's chart line is drawn on its chart. */
  symbol: string;
  /** The pair as the header shows it. */
  name: string;
  /** The products of getHyConfig; the selection's duration picks one. */
  durations: readonly OptionDuration[];
  coin: string;
  feeRate?: string;
  /** After the order is placed: the page reloads the balance. */
  onPlaced(): void;
}

/**
 * The selection the confirmation shows and orders. A new one comes with the picker's Confirm tap,
 * whose answer is the sheet closing and the order bar's new label; rendering the hidden confirmation
 * for it inside that tap held back the paint of that answer (docs/performance.md#tap-latency tap budget). So while
 * closed the confirmation catches up a frame later, and once open it reads the store itself: what it
 * shows is always what is ordered, even when it opens within that frame.
 */
function useShownSelection(open: boolean): OptionSelection {
  const [shown, setShown] = useState(() => snapshot(optionsStore).selection);
  useEffect(() => {
    let cancel = () => {};
    const unsubscribe = subscribeKey(optionsStore, 'selection', () => {
      cancel();
      cancel = afterNextPaint(() => setShown(snapshot(optionsStore).selection));
    });
    return () => {
      cancel();
      unsubscribe();
    };
  }, []);
  return open ? snapshot(optionsStore).selection : shown;
}

/**
 * The order confirmation of docs/product-rules.md#options, shown while the options store's `confirmOpen` is set
 * (openConfirmation, closeConfirmation), and the order it places. Rendered ahead, so the Buy tap
 * only shows it (docs/performance.md#tap-latency tap budget). Memoised: the page renders for its own state (the pairs
 * popup, the view), and the confirmation's props do not change with it.
 */
export const OrderConfirmation = memo(function OrderConfirmation({
  pairId,
  symbol,
  name,
  durations,
  coin,
  feeRate,
  onPlaced,
}: OrderConfirmationProps) {
  // Not the selection: it comes through useShownSelection, which keeps its render out of the picker's Confirm tap.
  const { confirmOpen, confirmDirection } = useSnapshot(optionsStore);
  const selection = useShownSelection(confirmOpen);
  // One order at a time: a second tap before the busy button has rendered places nothing.
  const { busy, run } = useSubmit();
  // The open state outlives this component in the store: a page that leaves with the confirmation
  // up must not greet the next visit with it.
  useEffect(() => closeConfirmation, []);
  const chosen = durations.find((d) => d.time === selection.duration);
  // Before a duration is chosen the confirmation cannot open (buying opens the picker), but it is
  // rendered all the same, on the first product, so that choosing one does not mount it on that tap.
  const shown = chosen ?? durations[0];
  if (!shown) return null;

  // What the dialog shows is what is ordered.
  const submit = () => {
    if (!confirmOpen || pairId === undefined || !chosen) return;
    const stake = selection.quantity;
    void run(
      'order',
      () => createOptionOrder({ mId: pairId, ctime: chosen.time, ctzed: stake, buytype: confirmDirection }),
      (placed) => {
        startCountdown(
          {
            orderId: placed.order_id,
            total: chosen.time,
            direction: confirmDirection,
            stake,
            symbol,
            entryPrice: placed.buyprice,
            percent: placed.ykbl,
          },
          Date.now(),
        );
        closeConfirmation();
        onPlaced();
      },
    );
  };

  return (
    <ConfirmOrderDialog
      open={confirmOpen}
      prerender
      pair={name}
      direction={confirmDirection}
      quantity={selection.quantity}
      duration={shown.time}
      rate={shown.ykbl}
      feeRate={feeRate}
      coin={coin}
      busy={busy === 'order'}
      onConfirm={submit}
      onClose={closeConfirmation}
    />
  );
});
