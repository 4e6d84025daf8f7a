/**
 * The prices the wallet values and exchanges at: the feed's last trade price of a coin in USDT at
 * an instant (`fastify.marketPrice`), exact decimal text. USDT, the base currency (docs/product-rules.md#account-types), is 1.
 */

/** Last trade price of `symbol` (`btcusdt`) at `atMs`, or null when the feed cannot say. */
export type PriceSource = (symbol: string, atMs: number) => string | null;

export const BASE_COIN = 'usdt';

/** USDT per whole `coin` at `atMs`: "1" for USDT itself, else the last trade price of `<coin>usdt`; null when unknown. */
export function usdtPrice(prices: PriceSource, coin: string, atMs: number): string | null {
  return coin === BASE_COIN ? '1' : prices(`${coin}${BASE_COIN}`, atMs);
}
