import Type from 'typebox';
import type { MarketItem } from '../../../../../common/protocol.ts';
import type { MarketRow } from '../../../db/repositories/market-repository.ts';
import type { MarketTicker, PairInfo } from '../../../domain/market-port.ts';
import {
  decimalToUnits,
  formatTrimmed,
  formatUnits,
  percentChange,
  stepUnits,
  UNIT_DECIMALS,
} from '../../../domain/money.ts';

/**
 * A market item (docs/product-rules.md#market-lists) from the pair's row and the feed's live 24 h ticker: close with the
 * pair's price decimals, change = signed percent from the 24 h open with 2 decimals ("+1.23",
 * "-0.50"), hamount = 24 h base volume with the pair's amount decimals, coinname = base coin,
 * trade_coin = quote coin (upper case), logo = the base coin's image URL.
 *
 * Our fields price_precision / amount_precision: the most decimals upbbbuy accepts in a price / a
 * base quantity of this pair. They come from the same `PairInfo` spot validation reads, capped at
 * the 8 decimals of a stored unit exactly as `parseAmount` caps them, so the app's checks and
 * quick-fill can never disagree with the server.
 *
 * min_num / min_total: the smallest order upbbbuy accepts, exactly the figures it refuses below:
 * a base quantity of at least one step of the amount precision, and a quote value (num x price,
 * a market buy's amount, what the book pays a market sell) of at least the pair's `min_total`
 * ("0": none).
 */
export type MarketItemView = Required<MarketItem> & { min_num: string; min_total: string };

/** The declared answer shape of a market item. */
export const MarketItemSchema = Type.Object({
  id: Type.Integer(),
  symbol: Type.String(),
  title: Type.String({ description: 'BASE/QUOTE' }),
  close: Type.String(),
  change: Type.String({ description: 'Signed percent from the 24 h open, 2 decimals' }),
  logo: Type.String(),
  hamount: Type.String({ description: '24 h base volume' }),
  coinname: Type.String(),
  trade_coin: Type.String(),
  price_precision: Type.Integer({ minimum: 0, maximum: 8 }),
  amount_precision: Type.Integer({ minimum: 0, maximum: 8 }),
  min_num: Type.String({ description: 'The smallest base quantity an order may have: one step of amount_precision' }),
  min_total: Type.String({ description: "The smallest quote value an order may have, '0' for none" }),
});

export function marketItem(row: MarketRow, pair: PairInfo, ticker: MarketTicker): MarketItemView {
  const pricePrecision = Math.min(pair.pricePrecision, UNIT_DECIMALS);
  const amountPrecision = Math.min(pair.amountPrecision, UNIT_DECIMALS);
  return {
    id: row.id,
    symbol: row.symbol,
    title: `${row.base_title}/${row.quote_title}`,
    close: formatUnits(decimalToUnits(ticker.close), pricePrecision),
    change: percentChange(ticker.open, ticker.close),
    logo: row.base_logo,
    hamount: formatUnits(decimalToUnits(ticker.amount), amountPrecision),
    coinname: row.base_title,
    trade_coin: row.quote_title,
    price_precision: pricePrecision,
    amount_precision: amountPrecision,
    min_num: formatUnits(stepUnits(amountPrecision), amountPrecision),
    min_total: formatTrimmed(BigInt(row.min_total)),
  };
}
