import type { WithdrawNetwork } from '../../../../common/withdraw-address.ts';
import type { Db } from '../database.ts';

/** A coin an address can be bound for: one with a withdraw network (migration 013). */
export interface WithdrawCoin {
  id: number;
  name: string;
  title: string;
  network: WithdrawNetwork;
}

/** A bound withdrawal address with its coin's title. */
export interface WithdrawAddressRow {
  id: number;
  user_id: number;
  coin_id: number;
  /** The coin's title, e.g. USDT. */
  coin: string;
  network: WithdrawNetwork;
  address: string;
  created_at: number;
  updated_at: number;
}

const SELECT_ADDRESS = `SELECT a.id, a.user_id, a.coin_id, c.title AS coin, a.network, a.address, a.created_at, a.updated_at
  FROM withdraw_addresses a JOIN coins c ON c.id = a.coin_id`;

/**
 * Coins' withdraw networks and users' bound withdrawal addresses (one per user and coin). For the
 * withdrawal: `ownedBy(userId, id)` is the only way to a destination address, so a
 * withdrawal can go nowhere but to an address of the caller.
 */
export class WithdrawAddressRepository {
  constructor(private readonly db: Db) {}

  /** Coins that have a withdraw network, in the coins' display order. */
  withdrawableCoins(): WithdrawCoin[] {
    return this.db
      .prepare(
        'SELECT id, name, title, withdraw_network AS network FROM coins WHERE withdraw_network IS NOT NULL ORDER BY sort, id',
      )
      .all() as WithdrawCoin[];
  }

  /** The coin `coinId` with its network, or null when it has none (or does not exist). */
  withdrawableCoin(coinId: number): WithdrawCoin | null {
    return (
      (this.db
        .prepare(
          'SELECT id, name, title, withdraw_network AS network FROM coins WHERE id = ? AND withdraw_network IS NOT NULL',
        )
        .get(coinId) as WithdrawCoin | undefined) ?? null
    );
  }

  /** Sets (or with null clears) the network of the coin named `name`; false when there is no such coin. */
  setNetwork(name: string, network: WithdrawNetwork | null): boolean {
    return this.db.prepare('UPDATE coins SET withdraw_network = ? WHERE name = ?').run(network, name).changes === 1;
  }

  /** The user's bound addresses, in the coins' display order. */
  list(userId: number): WithdrawAddressRow[] {
    return this.db
      .prepare(`${SELECT_ADDRESS} WHERE a.user_id = ? ORDER BY c.sort, c.id`)
      .all(userId) as WithdrawAddressRow[];
  }

  /** The address `id` when it belongs to `userId`, else null (another user's address reads as none). */
  ownedBy(userId: number, id: number): WithdrawAddressRow | null {
    return (
      (this.db.prepare(`${SELECT_ADDRESS} WHERE a.id = ? AND a.user_id = ?`).get(id, userId) as
        WithdrawAddressRow | undefined) ?? null
    );
  }

  /** The user's address for `coinId`, or null when none is bound. */
  forCoin(userId: number, coinId: number): WithdrawAddressRow | null {
    return (
      (this.db.prepare(`${SELECT_ADDRESS} WHERE a.user_id = ? AND a.coin_id = ?`).get(userId, coinId) as
        WithdrawAddressRow | undefined) ?? null
    );
  }

  /** Binds `address` as the user's address for the coin, replacing the one bound before; returns its id. */
  bind(userId: number, coin: WithdrawCoin, address: string, at: number): number {
    return this.db
      .prepare(
        `INSERT INTO withdraw_addresses (user_id, coin_id, network, address, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (user_id, coin_id) DO UPDATE SET network = excluded.network, address = excluded.address, updated_at = excluded.updated_at
         RETURNING id`,
      )
      .pluck()
      .get(userId, coin.id, coin.network, address, at, at) as number;
  }
}
