import type { Db } from '../database.ts';
import { insertRow, nextNumbered, rowReader, type ColumnValue, type RowPage } from './earn-rows.ts';

/** The two products that lock a principal for a number of days and pay interest on it. */
export type LockedTable = 'mining_orders' | 'staking_orders';

/** A period an offer locks for, with its rate (daily for mining, yearly for staking). */
export interface LockedTerm {
  days: number;
  rate_ppm: number;
}

/** What a mining product and a staking project share, with the coin's title and the periods, shortest first. */
export interface LockedOffer<Term extends LockedTerm = LockedTerm> {
  id: number;
  title: string;
  img: string;
  coin_id: number;
  coin: string;
  type: 0 | 1;
  redeem_fee_ppm: number;
  sort: number;
  terms: Term[];
}

/** An offer as it is added: no id or coin title yet, and periods without their ids. */
export type NewLockedOffer<Offer extends LockedOffer> = Omit<Offer, 'id' | 'coin' | 'terms'> & { terms: Omit<Offer['terms'][number], 'id'>[] };

export interface NewLockedOrder<Offer extends LockedOffer> {
  userId: number;
  offer: Offer;
  term: Offer['terms'][number];
  accountType: number;
  amount: bigint;
  startTime: number;
  endTime: number;
}

/**
 * How one locked product lays out its three tables (migrations 031 and 032 for mining and
 * staking). Every name here is a literal of the product's repository, never user input.
 */
export interface LockedTables<Offer extends LockedOffer> {
  offers: 'mining_products' | 'staking_projects';
  terms: 'mining_terms' | 'staking_terms';
  orders: LockedTable;
  /** The column of the terms and of the orders that names the offer. */
  offerColumn: 'product_id' | 'project_id';
  /** The order number's prefix, e.g. `MN`. */
  prefix: string;
  /** The columns an offer is written with, its terms aside. */
  offerColumns: readonly (keyof NewLockedOffer<Offer> & string)[];
  /** The columns of a term that are read. */
  termColumns: readonly (keyof Offer['terms'][number] & string)[];
  /** The money columns (kept BigInt) of an offer and of a term. */
  offerMoney: readonly string[];
  termMoney: readonly string[];
  /** The row a new term is written as; `index` is its place in the offer's list. */
  termRow(term: NewLockedOffer<Offer>['terms'][number], index: number): Record<string, ColumnValue>;
  /** The order columns only this product has. */
  orderExtras(offer: Offer, term: Offer['terms'][number]): Record<string, ColumnValue>;
}

/** 0 running, 1 ended (principal back), 2 redeemed early. */
export type LockedStatus = 0 | 1 | 2;

/** The columns mining and staking orders share (migrations 031 and 032), with the coin's title. */
export interface LockedOrderRow {
  id: number;
  order_num: string;
  user_id: number;
  product_id: number;
  title: string;
  coin_id: number;
  coin: string;
  account_type: number;
  amount: bigint;
  days: number;
  rate_ppm: number;
  type: 0 | 1;
  redeem_fee_ppm: number;
  status: LockedStatus;
  start_time: number;
  end_time: number;
  paid_days: number;
  total_revenue: bigint;
  returned: bigint;
  closed_at: number | null;
}

const toOrder = rowReader<LockedOrderRow>(['amount', 'total_revenue', 'returned']);

/**
 * What the interest job and early redemption need of a mining or staking order. Every change is
 * guarded by the state it leaves (running, and the day before for a day's interest), so it happens
 * at most once whoever races for it.
 */
export class LockedOrderRepository<Row extends LockedOrderRow = LockedOrderRow> {
  private readonly select: string;

  constructor(
    private readonly db: Db,
    /** One of two literal table names, never user input. */
    private readonly table: LockedTable,
  ) {
    this.select = `SELECT o.*, c.title AS coin FROM ${table} o JOIN coins c ON c.id = o.coin_id`;
  }

  find(id: number): Row | null {
    const raw = this.db.prepare(`${this.select} WHERE o.id = ?`).safeIntegers(true).get(id) as Record<string, unknown> | undefined;
    return raw ? (toOrder(raw) as Row) : null;
  }

  /** Every running order, oldest first. */
  running(): Row[] {
    const rows = this.db.prepare(`${this.select} WHERE o.status = 0 ORDER BY o.id`).safeIntegers(true).all() as Record<string, unknown>[];
    return rows.map((raw) => toOrder(raw) as Row);
  }

  /** Records day `day`'s interest: only when the order runs and `day - 1` days were paid. */
  recordDay(id: number, day: number, interest: bigint): boolean {
    return (
      this.db
        .prepare(`UPDATE ${this.table} SET paid_days = ?, total_revenue = total_revenue + ? WHERE id = ? AND status = 0 AND paid_days = ?`)
        .run(day, interest, id, day - 1).changes === 1
    );
  }

  /** Running -> ended (1) or redeemed (2), with the principal given back. */
  close(id: number, status: 1 | 2, returned: bigint, at: number): boolean {
    return this.db.prepare(`UPDATE ${this.table} SET status = ?, returned = ?, closed_at = ? WHERE id = ? AND status = 0`).run(status, returned, at, id).changes === 1;
  }

  /** A user's orders, newest first; `status` null for all. */
  page(userId: number, status: LockedStatus | null, page: number, limit: number): RowPage<Row> {
    const where = status === null ? 'o.user_id = ?' : 'o.user_id = ? AND o.status = ?';
    const args = status === null ? [userId] : [userId, status];
    const rows = this.db
      .prepare(`${this.select} WHERE ${where} ORDER BY o.id DESC LIMIT ? OFFSET ?`)
      .safeIntegers(true)
      .all(...args, limit, (page - 1) * limit) as Record<string, unknown>[];
    const total = this.db.prepare(`SELECT COUNT(*) FROM ${this.table} o WHERE ${where}`).pluck().get(...args) as number;
    return { rows: rows.map((raw) => toOrder(raw) as Row), total };
  }
}

/**
 * One locked product's offers, their periods, and new orders (the running ones are a
 * LockedOrderRepository); mining and staking each describe their tables with a LockedTables.
 */
export class LockedProductRepository<Offer extends LockedOffer, Row extends LockedOrderRow> {
  readonly orders: LockedOrderRepository<Row>;
  private readonly toOffer: (raw: Record<string, unknown>) => Omit<Offer, 'terms'>;
  private readonly toTerm: (raw: Record<string, unknown>) => Offer['terms'][number];

  constructor(
    private readonly db: Db,
    private readonly tables: LockedTables<Offer>,
  ) {
    this.orders = new LockedOrderRepository<Row>(db, tables.orders);
    this.toOffer = rowReader(tables.offerMoney);
    this.toTerm = rowReader(tables.termMoney);
  }

  /** The enabled offers, by sort then id. */
  offers(): Offer[] {
    const { offers, terms, offerColumn, termColumns } = this.tables;
    const rows = this.db
      .prepare(`SELECT p.*, c.title AS coin FROM ${offers} p JOIN coins c ON c.id = p.coin_id WHERE p.enabled = 1 ORDER BY p.sort, p.id`)
      .safeIntegers(true)
      .all() as Record<string, unknown>[];
    const termsOf = this.db.prepare(`SELECT ${termColumns.join(', ')} FROM ${terms} WHERE ${offerColumn} = ? ORDER BY days`).safeIntegers(true);
    return rows.map((raw) => {
      const offer = this.toOffer(raw);
      const rawTerms = termsOf.all(offer.id) as Record<string, unknown>[];
      return { ...offer, terms: rawTerms.map(this.toTerm) } as Offer;
    });
  }

  offer(id: number): Offer | null {
    return this.offers().find((offer) => offer.id === id) ?? null;
  }

  /** Adds an offer with its periods; returns its id. */
  add(offer: NewLockedOffer<Offer>): number {
    const { offers, terms, offerColumn, offerColumns, termRow } = this.tables;
    const row = Object.fromEntries(offerColumns.map((column) => [column, offer[column] as ColumnValue]));
    const id = insertRow(this.db, offers, row);
    offer.terms.forEach((term, index) => insertRow(this.db, terms, { [offerColumn]: id, ...termRow(term, index) }));
    return id;
  }

  /** Inserts a running order (call inside the transaction that locks its principal); returns its id. */
  insert(order: NewLockedOrder<Offer>): number {
    const { orders, offerColumn, prefix, orderExtras } = this.tables;
    const { id, orderNum } = nextNumbered(this.db, orders, prefix, order.startTime);
    const { offer, term } = order;
    insertRow(this.db, orders, {
      id,
      order_num: orderNum,
      user_id: order.userId,
      [offerColumn]: offer.id,
      title: offer.title,
      coin_id: offer.coin_id,
      account_type: order.accountType,
      amount: order.amount,
      days: term.days,
      rate_ppm: term.rate_ppm,
      type: offer.type,
      redeem_fee_ppm: offer.redeem_fee_ppm,
      start_time: order.startTime,
      end_time: order.endTime,
      ...orderExtras(offer, term),
    });
    return id;
  }
}
