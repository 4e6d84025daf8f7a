/**
 * The market catalogue: every pair the simulator trades and the app lists. Later features build their
 * market lists from `SYMBOLS`, so each entry carries what a list or an order form needs (base, quote,
 * precisions) as well as what the simulator needs (start price, volatility, activity).
 */
export interface SymbolInfo {
  /** HTX symbol id, lowercase base + quote, e.g. `btcusdt`. */
  symbol: string;
  /** Base coin, lowercase, e.g. `btc`. */
  base: string;
  /** Quote coin, lowercase, e.g. `usdt`. */
  quote: string;
  /** The simulator's price at server start, as an exact decimal with `pricePrecision` decimals. */
  startPrice: string;
  /** Annualised volatility of the random walk (0.6 = 60 % a year). */
  yearlyVolatility: number;
  /** Decimals of a price (HTX `price-precision`); the tick is 10^-pricePrecision. */
  pricePrecision: number;
  /** Decimals of an amount in the base coin (HTX `amount-precision`). */
  amountPrecision: number;
  /** Typical 24 h turnover in the quote coin; sets trade sizes and history volumes. */
  dailyQuoteVolume: number;
  /** Average number of taker trades per second at normal activity. */
  tradesPerSecond: number;
}

/** The USDT pairs of the simulated market, in display order. */
export const SYMBOLS: readonly SymbolInfo[] = [
  {
    symbol: 'btcusdt',
    base: 'btc',
    quote: 'usdt',
    startPrice: '65000.00',
    yearlyVolatility: 0.6,
    pricePrecision: 2,
    amountPrecision: 6,
    dailyQuoteVolume: 300_000_000,
    tradesPerSecond: 6,
  },
  {
    symbol: 'ethusdt',
    base: 'eth',
    quote: 'usdt',
    startPrice: '3200.00',
    yearlyVolatility: 0.75,
    pricePrecision: 2,
    amountPrecision: 4,
    dailyQuoteVolume: 150_000_000,
    tradesPerSecond: 5,
  },
  {
    symbol: 'bnbusdt',
    base: 'bnb',
    quote: 'usdt',
    startPrice: '580.00',
    yearlyVolatility: 0.6,
    pricePrecision: 2,
    amountPrecision: 4,
    dailyQuoteVolume: 20_000_000,
    tradesPerSecond: 2,
  },
  {
    symbol: 'solusdt',
    base: 'sol',
    quote: 'usdt',
    startPrice: '150.0000',
    yearlyVolatility: 0.9,
    pricePrecision: 4,
    amountPrecision: 4,
    dailyQuoteVolume: 60_000_000,
    tradesPerSecond: 3,
  },
  {
    symbol: 'xrpusdt',
    base: 'xrp',
    quote: 'usdt',
    startPrice: '0.52000',
    yearlyVolatility: 0.8,
    pricePrecision: 5,
    amountPrecision: 2,
    dailyQuoteVolume: 40_000_000,
    tradesPerSecond: 3,
  },
  {
    symbol: 'dogeusdt',
    base: 'doge',
    quote: 'usdt',
    startPrice: '0.150000',
    yearlyVolatility: 1.0,
    pricePrecision: 6,
    amountPrecision: 2,
    dailyQuoteVolume: 30_000_000,
    tradesPerSecond: 3,
  },
  {
    symbol: 'adausdt',
    base: 'ada',
    quote: 'usdt',
    startPrice: '0.450000',
    yearlyVolatility: 0.85,
    pricePrecision: 6,
    amountPrecision: 4,
    dailyQuoteVolume: 15_000_000,
    tradesPerSecond: 2,
  },
  {
    symbol: 'trxusdt',
    base: 'trx',
    quote: 'usdt',
    startPrice: '0.120000',
    yearlyVolatility: 0.6,
    pricePrecision: 6,
    amountPrecision: 2,
    dailyQuoteVolume: 10_000_000,
    tradesPerSecond: 1.5,
  },
  {
    symbol: 'ltcusdt',
    base: 'ltc',
    quote: 'usdt',
    startPrice: '80.00',
    yearlyVolatility: 0.7,
    pricePrecision: 2,
    amountPrecision: 4,
    dailyQuoteVolume: 12_000_000,
    tradesPerSecond: 1.5,
  },
  {
    symbol: 'dotusdt',
    base: 'dot',
    quote: 'usdt',
    startPrice: '7.0000',
    yearlyVolatility: 0.9,
    pricePrecision: 4,
    amountPrecision: 4,
    dailyQuoteVolume: 8_000_000,
    tradesPerSecond: 1.5,
  },
  {
    symbol: 'linkusdt',
    base: 'link',
    quote: 'usdt',
    startPrice: '15.0000',
    yearlyVolatility: 0.9,
    pricePrecision: 4,
    amountPrecision: 2,
    dailyQuoteVolume: 10_000_000,
    tradesPerSecond: 1.5,
  },
  {
    symbol: 'bchusdt',
    base: 'bch',
    quote: 'usdt',
    startPrice: '380.00',
    yearlyVolatility: 0.8,
    pricePrecision: 2,
    amountPrecision: 4,
    dailyQuoteVolume: 8_000_000,
    tradesPerSecond: 1,
  },
];

const bySymbol = new Map(SYMBOLS.map((info) => [info.symbol, info]));

/** The catalogue entry of `symbol` (HTX id, lowercase), or undefined when we do not list it. */
export function findSymbol(symbol: string): SymbolInfo | undefined {
  return bySymbol.get(symbol);
}

/** `BTC/USDT` style title of a pair. */
export function symbolTitle(info: Pick<SymbolInfo, 'base' | 'quote'>): string {
  return `${info.base.toUpperCase()}/${info.quote.toUpperCase()}`;
}
