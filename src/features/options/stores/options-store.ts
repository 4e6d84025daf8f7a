import { proxy } from 'valtio';
import type { CandlePeriod } from '../../../../common/protocol.ts';
import { loadChartPeriod, saveChartPeriod } from '../../../lib/client-storage.ts';
import { openingPeriod } from '../api/chart-intervals.ts';

/** The stake and duration chosen in the picker (docs/product-rules.md#options: the buttons show them). */
export interface OptionSelection {
  quantity: string;
  /** Duration in seconds, or null before one is chosen. */
  duration: number | null;
}

/** The order whose confirmation countdown is showing (docs/product-rules.md#options). */
export interface ActiveOrder {
  orderId: number;
  /** Duration in seconds (the circle's total). */
  total: number;
  /** Wall-clock end of the countdown, ms. */
  endsAt: number;
  direction: 1 | 2;
  stake: string;
  /** The pair it was bought on: the chart draws its buy price only there. */
  symbol: string;
  /** Its buy price (the server's, from the creation answer). */
  entryPrice: string;
  /** Its payout percent. */
  percent: string;
  /** Set once its result is in: the chart's buy-price line goes, the card shows the result. */
  settled?: boolean;
}

export const optionsStore = proxy<{
  selection: OptionSelection;
  active: ActiveOrder | null;
  listVersion: number;
  pickerOpen: boolean;
  /** Counts the picker's openings: each starts its form from the selection (OrderPicker.tsx). */
  pickerOpenings: number;
  confirmOpen: boolean;
  confirmDirection: 1 | 2;
}>({
  selection: { quantity: '', duration: null },
  active: null,
  listVersion: 0,
  // The dialogs' open states live here rather than in the page's state, so a tap that opens or closes
  // one re-renders that dialog alone (docs/performance.md#tap-latency tap budget).
  pickerOpen: false,
  pickerOpenings: 0,
  confirmOpen: false,
  // Kept when the confirmation closes, so it does not turn to the other direction on its way out.
  confirmDirection: 1,
});

export function openPicker(): void {
  if (optionsStore.pickerOpen) return;
  optionsStore.pickerOpenings += 1;
  optionsStore.pickerOpen = true;
}

export function closePicker(): void {
  optionsStore.pickerOpen = false;
}

/** Opens the order confirmation for buying up (1) or down (2). */
export function openConfirmation(direction: 1 | 2): void {
  optionsStore.confirmDirection = direction;
  optionsStore.confirmOpen = true;
}

export function closeConfirmation(): void {
  optionsStore.confirmOpen = false;
}

export function setSelection(selection: OptionSelection): void {
  optionsStore.selection = { quantity: selection.quantity.trim(), duration: selection.duration };
}

/** True when both a quantity and a duration are chosen (else buying opens the picker, docs/product-rules.md#options). */
export function hasSelection(selection: OptionSelection): boolean {
  return selection.quantity !== '' && selection.duration !== null;
}

/** Starts the confirmation countdown of a freshly created order; `now` is the creation time. */
export function startCountdown(order: Omit<ActiveOrder, 'endsAt'>, now: number): void {
  optionsStore.active = { ...order, endsAt: now + order.total * 1000 };
  optionsStore.listVersion += 1;
}

/** The running order's result is in. */
export function settleCountdown(): void {
  if (optionsStore.active) optionsStore.active.settled = true;
}

export function closeCountdown(): void {
  optionsStore.active = null;
  optionsStore.listVersion += 1;
}

/** The interval the chart opens on now: 1D on a first visit, else the last one chosen (chart-intervals.ts openingPeriod). */
export function chartPeriodOnOpen(): CandlePeriod {
  return openingPeriod(loadChartPeriod());
}

/** Remembers the interval the user chose, for the next time the chart opens. */
export function rememberChartPeriod(period: CandlePeriod): void {
  saveChartPeriod(period);
}
