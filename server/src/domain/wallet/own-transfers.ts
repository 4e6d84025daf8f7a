import { AccountTransferRepository } from '../../db/repositories/account-transfer-repository.ts';
import type { SentAmount } from '../money.ts';
import { reject } from '../rejection.ts';
import { inTransaction, knownCoin, openAccount, requireSwitch, unitsOf, type WalletDeps } from './wallet-deps.ts';

/** A transfer between two of the caller's own account types (docs/product-rules.md#transfers-between-own-accounts: c_id, num, from_type, to_type). */
export interface OwnTransferRequest {
  coinId: number;
  amount: SentAmount;
  from: number;
  to: number;
}

/**
 * Transfers between a user's own accounts (docs/product-rules.md#transfers-between-own-accounts Change-money): done at once, in one transaction
 * with a bill row on each side (`transfer_out`, `transfer_in`) and its record. Refused, with nothing
 * moved, while `account_transfer_status` is not 1, between an account and itself, to or from type 3
 * unless `quantize_switch` is 1, with more decimals than the coin has, or beyond the available
 * balance. No transaction password is asked: nothing leaves the user's own accounts (the spec's
 * payload and screen have no password field).
 */
export class OwnTransfers {
  private readonly transfers: AccountTransferRepository;

  constructor(private readonly deps: WalletDeps) {
    this.transfers = new AccountTransferRepository(deps.db);
  }

  transfer(userId: number, request: OwnTransferRequest): { id: number; amount: bigint } {
    requireSwitch(this.deps, 'account_transfer_status', 'wallet.transferClosed');
    const coin = knownCoin(this.deps, request.coinId);
    if (request.from === request.to) reject('wallet.sameAccount');
    const from = openAccount(this.deps, request.from);
    const to = openAccount(this.deps, request.to);
    const amount = unitsOf(request.amount, coin);
    const at = this.deps.now();
    const id = inTransaction(this.deps.db, () => {
      const transferId = this.transfers.insert({
        userId,
        coinId: coin.id,
        fromType: from,
        toType: to,
        amount,
        createdAt: at,
      });
      const remark = `transfer #${transferId}`;
      this.deps.ledger.apply(
        [
          {
            userId,
            coinId: coin.id,
            accountType: from,
            part: 'available',
            amount: -amount,
            kind: 'transfer_out',
            remark,
          },
          { userId, coinId: coin.id, accountType: to, part: 'available', amount, kind: 'transfer_in', remark },
        ],
        transferId,
        at,
      );
      return transferId;
    });
    return { id, amount };
  }
}
