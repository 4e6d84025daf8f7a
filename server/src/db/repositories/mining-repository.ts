import type { Db } from '../database.ts';
import type { LockedOrderRow } from './locked-order-repository.ts';
import {
  LockedProductRepository,
  type LockedOffer,
  type LockedTables,
  type LockedTerm,
} from './locked-product-repository.ts';

/** A lock period a mining product offers, with its daily rate. */
export type MiningTerm = LockedTerm;

/** A mining product with its coin's title and its periods, shortest first; amounts lie within min..max. */
export interface MiningProductRow extends LockedOffer<MiningTerm> {
  min_amount: bigint;
  max_amount: bigint;
}

export interface MiningOrderRow extends LockedOrderRow {
  img: string;
}

/** Migration 031: products, their periods by days, and orders that keep the product's image. */
const MINING_TABLES: LockedTables<MiningProductRow> = {
  offers: 'mining_products',
  terms: 'mining_terms',
  orders: 'mining_orders',
  offerColumn: 'product_id',
  prefix: 'MN',
  offerColumns: ['title', 'img', 'coin_id', 'min_amount', 'max_amount', 'type', 'redeem_fee_ppm', 'sort'],
  termColumns: ['days', 'rate_ppm'],
  offerMoney: ['min_amount', 'max_amount'],
  termMoney: [],
  termRow: ({ days, rate_ppm }) => ({ days, rate_ppm }),
  orderExtras: (product) => ({ img: product.img }),
};

/** Mining products, their periods, and orders. */
export class MiningRepository extends LockedProductRepository<MiningProductRow, MiningOrderRow> {
  constructor(db: Db) {
    super(db, MINING_TABLES);
  }
}
