import type { MarketItem } from '../../../../common/protocol.ts';

/** A pair as the market lists send it, BTC/USDT (id 1) or ETH/USDT (id 2), with `more` over it. */
export const marketItem = (symbol: string, close: string, more: Partial<MarketItem> = {}): MarketItem => ({
  id: symbol === 'btcusdt' ? 1 : 2,
  symbol,
  title: symbol === 'btcusdt' ? 'BTC/USDT' : 'ETH/USDT',
  close,
  change: '+0.10',
  logo: '',
  hamount: '100',
  coinname: symbol.slice(0, 3),
  trade_coin: 'usdt',
  price_precision: 2,
  amount_precision: 4,
  ...more,
});
