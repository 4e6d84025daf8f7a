import type { CataloguePair, MarketRepository } from '../db/repositories/market-repository.ts';
import { SYMBOLS, type SymbolInfo } from '../feed/symbols.ts';
import type { PairInfo } from './market-port.ts';

/** Currency tabs of the market screen (migration 006): group USDT with children Main and Altcoins. */
export const TAB_MAIN = 2;
export const TAB_ALTCOINS = 3;

/** Pairs with at least this much typical daily turnover are listed under Main, the rest under Altcoins. */
const MAIN_TURNOVER = 20_000_000;

const COLOURS = [
  '#f7931a',
  '#627eea',
  '#f3ba2f',
  '#14f195',
  '#23292f',
  '#c2a633',
  '#0033ad',
  '#eb0029',
  '#345d9d',
  '#e6007a',
  '#2a5ada',
  '#8dc351',
];

/** A round coin badge with its letters, as an inline SVG data URL (the demo ships no image files). */
export function coinLogo(coin: string, index: number): string {
  const colour = COLOURS[index % COLOURS.length] as string;
  const letters = coin.slice(0, 4).toUpperCase();
  const size = letters.length > 3 ? 18 : 22;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${colour}"/>` +
    `<text x="32" y="${32 + size / 3}" text-anchor="middle" font-family="sans-serif" font-size="${size}" font-weight="700" fill="#fff">${letters}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function fromSymbol(info: SymbolInfo, index: number): CataloguePair {
  return {
    symbol: info.symbol,
    base: info.base,
    quote: info.quote,
    tabId: info.dailyQuoteVolume >= MAIN_TURNOVER ? TAB_MAIN : TAB_ALTCOINS,
    logo: coinLogo(info.base, index),
  };
}

/**
 * Makes sure every pair of the feed's catalogue (`SYMBOLS`), plus any other pair the running feed
 * serves (a replayed session may carry others), has its coins and a market row with a stable m_id.
 * Idempotent; runs at start-up on every database, demo or not.
 */
export function syncCatalogue(markets: MarketRepository, served: readonly PairInfo[] = []): void {
  const pairs = SYMBOLS.map(fromSymbol);
  const known = new Set(pairs.map((pair) => pair.symbol));
  for (const pair of served) {
    if (known.has(pair.symbol)) continue;
    pairs.push({
      symbol: pair.symbol,
      base: pair.base,
      quote: pair.quote,
      tabId: TAB_ALTCOINS,
      logo: coinLogo(pair.base, pairs.length),
    });
    known.add(pair.symbol);
  }
  markets.ensureCatalogue(pairs);
}
