/**
 * The crossing rule of price alerts, pure. Prices are compared as exact decimals.
 * - An armed `above` alert fires on the first price at or above its level, however far the price
 *   jumped past it (a gap between two prices still crosses); `below` mirrors it.
 * - A one-time alert is then done. A repeating one disarms, so the same or further prices on that
 *   side never fire it again, and re-arms once a price is back strictly on the starting side.
 */
import type { AlertEvent, PriceAlert } from '../../../common/protocol.ts';
import { compareDecimal } from '../normalize/decimal.ts';

/** What one price does to one alert: its next state (null when it is done) and the event, if any. */
export interface AlertStep {
  alert: PriceAlert | null;
  event?: AlertEvent;
}

/** Applies the last price `price` (decimal text, at feed time `ts`) to `alert`. */
export function stepAlert(alert: PriceAlert, price: string, ts: number): AlertStep {
  const side = compareDecimal(price, alert.level);
  const reached = alert.direction === 'above' ? side >= 0 : side <= 0;
  const event = (kind: AlertEvent['kind']): AlertEvent => ({ id: alert.id, kind, symbol: alert.symbol, price, ts });
  if (alert.armed && reached) {
    return { alert: alert.repeat ? { ...alert, armed: false } : null, event: event('fired') };
  }
  if (!alert.armed && !reached && side !== 0) return { alert: { ...alert, armed: true }, event: event('rearmed') };
  return { alert };
}
