import type { Db } from '../database.ts';
import type { LockedOrderRow } from './locked-order-repository.ts';
import {
  LockedProductRepository,
  type LockedOffer,
  type LockedTables,
  type LockedTerm,
} from './locked-product-repository.ts';

/** A staking period (docs/product-rules.md#staking): days, yearly rate, smallest amount. */
export interface StakingTerm extends LockedTerm {
  id: number;
  min_amount: bigint;
}

/** A staking project with its coin's title and its periods, shortest first. */
export type StakingProjectRow = LockedOffer<StakingTerm>;

export interface StakingOrderRow extends LockedOrderRow {
  term_id: number;
}

/** Migration 032: projects, their periods with ids and smallest amounts, and orders that keep the period's id. */
const STAKING_TABLES: LockedTables<StakingProjectRow> = {
  offers: 'staking_projects',
  terms: 'staking_terms',
  orders: 'staking_orders',
  offerColumn: 'project_id',
  prefix: 'SK',
  offerColumns: ['title', 'img', 'coin_id', 'type', 'redeem_fee_ppm', 'sort'],
  termColumns: ['id', 'days', 'rate_ppm', 'min_amount'],
  offerMoney: [],
  termMoney: ['min_amount'],
  termRow: ({ days, rate_ppm, min_amount }, index) => ({ days, rate_ppm, min_amount, sort: index }),
  orderExtras: (_project, term) => ({ term_id: term.id }),
};

/** Staking projects, their periods, and orders. */
export class StakingRepository extends LockedProductRepository<StakingProjectRow, StakingOrderRow> {
  constructor(db: Db) {
    super(db, STAKING_TABLES);
  }
}
