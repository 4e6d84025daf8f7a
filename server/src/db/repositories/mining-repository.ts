import type { Db } from '../database.ts';
import { nextNumbered, rowReader } from './earn-rows.ts';
import { LockedOrderRepository, type LockedOrderRow } from './locked-order-repository.ts';

/** A lock period a mining product offers, with its daily rate. */
export interface MiningTerm {
  days: number;
  rate_ppm: number;
}

/** A mining product (spec §3) with its coin's title and its periods, shortest first. */
export interface MiningProductRow {
  id: number;
  title: string;
  img: string;
  coin_id: number;
  coin: string;
  min_amount: bigint;
  max_amount: bigint;
  type: 0 | 1;
  redeem_fee_ppm: number;
  sort: number;
  terms: MiningTerm[];
}

export interface MiningOrderRow extends LockedOrderRow {
  img: string;
}

export interface NewMiningOrder {
  userId: number;
  product: MiningProductRow;
  term: MiningTerm;
  accountType: number;
  amount: bigint;
  startTime: number;
  endTime: number;
}

const toProduct = rowReader<Omit<MiningProductRow, 'terms'>>(['min_amount', 'max_amount']);

/** Mining products, their periods, and new orders (the running ones are a LockedOrderRepository). */
export class MiningRepository {
  readonly orders: LockedOrderRepository<MiningOrderRow>;

  constructor(private readonly db: Db) {
    this.orders = new LockedOrderRepository<MiningOrderRow>(db, 'mining_orders');
  }

  products(): MiningProductRow[] {
    const rows = this.db
      .prepare('SELECT p.*, c.title AS coin FROM mining_products p JOIN coins c ON c.id = p.coin_id WHERE p.enabled = 1 ORDER BY p.sort, p.id')
      .safeIntegers(true)
      .all() as Record<string, unknown>[];
    return rows.map((raw) => this.withTerms(toProduct(raw)));
  }

  product(id: number): MiningProductRow | null {
    return this.products().find((product) => product.id === id) ?? null;
  }

  addProduct(product: Omit<MiningProductRow, 'id' | 'coin'>): number {
    const id = Number(
      this.db
        .prepare('INSERT INTO mining_products (title, img, coin_id, min_amount, max_amount, type, redeem_fee_ppm, sort) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
        .run(product.title, product.img, product.coin_id, product.min_amount, product.max_amount, product.type, product.redeem_fee_ppm, product.sort).lastInsertRowid,
    );
    const term = this.db.prepare('INSERT INTO mining_terms (product_id, days, rate_ppm) VALUES (?, ?, ?)');
    for (const { days, rate_ppm } of product.terms) term.run(id, days, rate_ppm);
    return id;
  }

  /** Inserts a running order (call inside the transaction that locks its principal); returns its id. */
  insert(order: NewMiningOrder): number {
    const { id, orderNum } = nextNumbered(this.db, 'mining_orders', 'MN', order.startTime);
    const { product, term } = order;
    this.db
      .prepare(
        `INSERT INTO mining_orders (id, order_num, user_id, product_id, title, img, coin_id, account_type, amount, days, rate_ppm, type,
           redeem_fee_ppm, start_time, end_time)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(id, orderNum, order.userId, product.id, product.title, product.img, product.coin_id, order.accountType, order.amount, term.days, term.rate_ppm, product.type,
        product.redeem_fee_ppm, order.startTime, order.endTime);
    return id;
  }

  private withTerms(product: Omit<MiningProductRow, 'terms'>): MiningProductRow {
    const terms = this.db.prepare('SELECT days, rate_ppm FROM mining_terms WHERE product_id = ? ORDER BY days').all(product.id) as MiningTerm[];
    return { ...product, terms };
  }
}
