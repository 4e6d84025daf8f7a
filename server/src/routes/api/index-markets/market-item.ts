import type { MarketRow } from '../../../db/repositories/market-repository.ts';
import type { MarketTicker, PairInfo } from '../../../domain/market-port.ts';
import { decimalToUnits, formatUnits, percentChange } from '../../../domain/money.ts';

/**
 * A market item (spec §3) from the pair's row and the feed's live 24 h ticker: close with the
 * pair's price decimals, change = signed percent from the 24 h open with 2 decimals ("+1.23",
 * "-0.50"), hamount = 24 h base volume with the pair's amount decimals, coinname = base coin,
 * trade_coin = quote coin (upper case), logo = the base coin's image URL.
 */
export interface MarketItemView {
  id: number;
  symbol: string;
  title: string;
  close: string;
  change: string;
  logo: string;
  hamount: string;
  coinname: string;
  trade_coin: string;
}

export function marketItem(row: MarketRow, pair: PairInfo, ticker: MarketTicker): MarketItemView {
  return {
    id: row.id,
    symbol: row.symbol,
    title: `${row.base_title}/${row.quote_title}`,
    close: formatUnits(decimalToUnits(ticker.close), Math.min(pair.pricePrecision, 8)),
    change: percentChange(ticker.open, ticker.close),
    logo: row.base_logo,
    hamount: formatUnits(decimalToUnits(ticker.amount), Math.min(pair.amountPrecision, 8)),
    coinname: row.base_title,
    trade_coin: row.quote_title,
  };
}
