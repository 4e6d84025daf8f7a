import type { Statement } from 'better-sqlite3';
import type { Db } from '../database.ts';

/** A coin of `coins`. */
export interface CoinRow {
  id: number;
  name: string;
  title: string;
  decimals: number;
  spot_fee_ppm: number;
  logo: string;
  sort: number;
}

/** A pair of `markets` with its two coins joined. */
export interface MarketRow {
  id: number;
  symbol: string;
  base_coin_id: number;
  quote_coin_id: number;
  tab_id: number;
  spot_enabled: number;
  option_enabled: number;
  sort: number;
  /** The smallest order value accepted, in units of the quote coin (0 = none). */
  min_total: number;
  base_name: string;
  base_title: string;
  base_logo: string;
  base_fee_ppm: number;
  quote_name: string;
  quote_title: string;
}

export interface MarketTabRow {
  id: number;
  parent_id: number | null;
  name: string;
  sort: number;
}

/** A pair to make sure exists (from the feed's catalogue). */
export interface CataloguePair {
  symbol: string;
  base: string;
  quote: string;
  /** The currency tab (child) it is listed under. */
  tabId: number;
  logo: string;
}

/** A new pair quoted in USDT accepts orders from 1 USDT (in units); other quotes start with no minimum. */
export const USDT_MIN_TOTAL = 100_000_000;

const MARKET_SELECT = `SELECT m.*, b.name AS base_name, b.title AS base_title, b.logo AS base_logo, b.spot_fee_ppm AS base_fee_ppm,
    q.name AS quote_name, q.title AS quote_title
  FROM markets m JOIN coins b ON b.id = m.base_coin_id JOIN coins q ON q.id = m.quote_coin_id`;

/** Coins, trading pairs and the market screen's currency tabs. */
export class MarketRepository {
  private bySymbolStatement: Statement | undefined;

  constructor(private readonly db: Db) {}

  coinByName(name: string): CoinRow | null {
    return (this.db.prepare('SELECT * FROM coins WHERE name = ?').get(name) as CoinRow | undefined) ?? null;
  }

  /** Every coin in display order. */
  coins(): CoinRow[] {
    return this.db.prepare('SELECT * FROM coins ORDER BY sort, id').all() as CoinRow[];
  }

  coinById(id: number): CoinRow | null {
    return (this.db.prepare('SELECT * FROM coins WHERE id = ?').get(id) as CoinRow | undefined) ?? null;
  }

  marketById(id: number): MarketRow | null {
    return (this.db.prepare(`${MARKET_SELECT} WHERE m.id = ?`).get(id) as MarketRow | undefined) ?? null;
  }

  marketBySymbol(symbol: string): MarketRow | null {
    // Run on every trade the matcher looks at: prepared once.
    this.bySymbolStatement ??= this.db.prepare(`${MARKET_SELECT} WHERE m.symbol = ?`);
    return (this.bySymbolStatement.get(symbol) as MarketRow | undefined) ?? null;
  }

  /** Every pair in display order. */
  markets(): MarketRow[] {
    return this.db.prepare(`${MARKET_SELECT} ORDER BY m.sort, m.id`).all() as MarketRow[];
  }

  tabs(): MarketTabRow[] {
    return this.db.prepare('SELECT * FROM market_tabs ORDER BY sort, id').all() as MarketTabRow[];
  }

  /**
   * Adds the coins and pairs that are missing, in the given order (ids follow it on a fresh
   * database). Existing rows are left alone, so an operator's fee, tab or switch edits survive.
   */
  ensureCatalogue(pairs: readonly CataloguePair[]): void {
    this.db.transaction(() => {
      let sort = (this.db.prepare('SELECT COALESCE(MAX(sort), 0) FROM markets').pluck().get() as number) + 1;
      for (const pair of pairs) {
        const base = this.ensureCoin(pair.base, pair.logo);
        const quote = this.ensureCoin(pair.quote, '');
        const inserted = this.db
          .prepare(
            'INSERT OR IGNORE INTO markets (symbol, base_coin_id, quote_coin_id, tab_id, sort, min_total) VALUES (?, ?, ?, ?, ?, ?)',
          )
          .run(pair.symbol, base, quote, pair.tabId, sort, pair.quote === 'usdt' ? USDT_MIN_TOTAL : 0);
        if (inserted.changes > 0) sort++;
      }
    })();
  }

  private ensureCoin(name: string, logo: string): number {
    const existing = this.coinByName(name);
    if (existing) return existing.id;
    const sort = (this.db.prepare('SELECT COALESCE(MAX(sort), 0) FROM coins').pluck().get() as number) + 1;
    const result = this.db
      .prepare('INSERT INTO coins (name, title, logo, sort) VALUES (?, ?, ?, ?)')
      .run(name, name.toUpperCase(), logo, sort);
    return Number(result.lastInsertRowid);
  }
}
