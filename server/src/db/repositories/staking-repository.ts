import type { Db } from '../database.ts';
import { nextNumbered, rowReader } from './earn-rows.ts';
import { LockedOrderRepository, type LockedOrderRow } from './locked-order-repository.ts';

/** A staking period (spec §3 staking_info): days, yearly rate, smallest amount. */
export interface StakingTerm {
  id: number;
  days: number;
  rate_ppm: number;
  min_amount: bigint;
}

/** A staking project with its coin's title and its periods, shortest first. */
export interface StakingProjectRow {
  id: number;
  title: string;
  img: string;
  coin_id: number;
  coin: string;
  type: 0 | 1;
  redeem_fee_ppm: number;
  sort: number;
  terms: StakingTerm[];
}

export interface StakingOrderRow extends LockedOrderRow {
  term_id: number;
}

export interface NewStakingOrder {
  userId: number;
  project: StakingProjectRow;
  term: StakingTerm;
  accountType: number;
  amount: bigint;
  startTime: number;
  endTime: number;
}

const toProject = rowReader<Omit<StakingProjectRow, 'terms'>>([]);
const toTerm = rowReader<StakingTerm>(['min_amount']);

/** Staking projects, their periods, and new orders (the running ones are a LockedOrderRepository). */
export class StakingRepository {
  readonly orders: LockedOrderRepository<StakingOrderRow>;

  constructor(private readonly db: Db) {
    this.orders = new LockedOrderRepository<StakingOrderRow>(db, 'staking_orders');
  }

  projects(): StakingProjectRow[] {
    const rows = this.db
      .prepare('SELECT p.*, c.title AS coin FROM staking_projects p JOIN coins c ON c.id = p.coin_id WHERE p.enabled = 1 ORDER BY p.sort, p.id')
      .safeIntegers(true)
      .all() as Record<string, unknown>[];
    return rows.map((raw) => {
      const project = toProject(raw);
      const terms = this.db.prepare('SELECT id, days, rate_ppm, min_amount FROM staking_terms WHERE project_id = ? ORDER BY days').safeIntegers(true).all(project.id) as Record<string, unknown>[];
      return { ...project, terms: terms.map(toTerm) };
    });
  }

  project(id: number): StakingProjectRow | null {
    return this.projects().find((project) => project.id === id) ?? null;
  }

  addProject(project: Omit<StakingProjectRow, 'id' | 'coin' | 'terms'> & { terms: Omit<StakingTerm, 'id'>[] }): number {
    const id = Number(
      this.db
        .prepare('INSERT INTO staking_projects (title, img, coin_id, type, redeem_fee_ppm, sort) VALUES (?, ?, ?, ?, ?, ?)')
        .run(project.title, project.img, project.coin_id, project.type, project.redeem_fee_ppm, project.sort).lastInsertRowid,
    );
    const term = this.db.prepare('INSERT INTO staking_terms (project_id, days, rate_ppm, min_amount, sort) VALUES (?, ?, ?, ?, ?)');
    project.terms.forEach(({ days, rate_ppm, min_amount }, index) => term.run(id, days, rate_ppm, min_amount, index));
    return id;
  }

  /** Inserts a running order (call inside the transaction that locks its principal); returns its id. */
  insert(order: NewStakingOrder): number {
    const { id, orderNum } = nextNumbered(this.db, 'staking_orders', 'SK', order.startTime);
    const { project, term } = order;
    this.db
      .prepare(
        `INSERT INTO staking_orders (id, order_num, user_id, project_id, term_id, title, coin_id, account_type, amount, days, rate_ppm, type,
           redeem_fee_ppm, start_time, end_time)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(id, orderNum, order.userId, project.id, term.id, project.title, project.coin_id, order.accountType, order.amount, term.days, term.rate_ppm, project.type,
        project.redeem_fee_ppm, order.startTime, order.endTime);
    return id;
  }
}
