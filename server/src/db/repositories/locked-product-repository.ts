import type { Db } from '../database.ts';
import { insertRow, nextNumbered, rowReader, type ColumnValue } from './earn-rows.ts';
import { LockedOrderRepository, type LockedOrderRow, type LockedTable } from './locked-order-repository.ts';

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
export type NewLockedOffer<Offer extends LockedOffer> = Omit<Offer, 'id' | 'coin' | 'terms'> & {
  terms: Omit<Offer['terms'][number], 'id'>[];
};

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
      .prepare(
        `SELECT p.*, c.title AS coin FROM ${offers} p JOIN coins c ON c.id = p.coin_id WHERE p.enabled = 1 ORDER BY p.sort, p.id`,
      )
      .safeIntegers(true)
      .all() as Record<string, unknown>[];
    const termsOf = this.db
      .prepare(`SELECT ${termColumns.join(', ')} FROM ${terms} WHERE ${offerColumn} = ? ORDER BY days`)
      .safeIntegers(true);
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
