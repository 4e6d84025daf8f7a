import { DepositRepository, type DepositRow } from '../../db/repositories/deposit-repository.ts';
import type { CoinRow } from '../../db/repositories/market-repository.ts';
import type { UploadRepository } from '../../db/repositories/upload-repository.ts';
import { ownUploadUrl } from '../../uploads/upload-refs.ts';
import { MAIN_ACCOUNT } from '../accounts.ts';
import { formatTrimmed, type SentAmount } from '../money.ts';
import { reject } from '../rejection.ts';
import type { ReviewKindFactory, Reviews } from '../reviews.ts';
import type { DepositNetwork } from './wallet-config.ts';
import { knownCoin, requireSwitch, unitsOf, type WalletDeps } from './wallet-deps.ts';

export const DEPOSIT_REVIEW = 'deposit';

/** A deposit as the user sent it (docs/product-rules.md#deposits: c_id, num, payimg, a_id). */
export interface DepositRequest {
  coinId: number;
  amount: SentAmount;
  /** What the upload call answered for the proof image (relative or full URL). */
  proof: string;
  networkId: number;
}

/** A coin that can be deposited, with its networks in the operator's order. */
export interface DepositCoinOffer {
  coin: CoinRow;
  networks: DepositNetwork[];
}

/**
 * Deposits (docs/product-rules.md#deposits): the user pays to the operator's address or bank account, uploads the
 * proof and says how much; the deposit waits in the review queue (no hold: nothing is in the
 * account yet) and is credited to the main account, with a `deposit` bill row, when approved.
 */
export class Deposits {
  private readonly deposits: DepositRepository;

  constructor(private readonly deps: WalletDeps & { reviews: Reviews; uploads: UploadRepository }) {
    this.deposits = new DepositRepository(deps.db);
  }

  /** The coins the operator configured deposits for, that exist on this server, in the configured order. */
  offers(): DepositCoinOffer[] {
    return this.deps.config().deposit.flatMap((entry) => {
      const coin = this.deps.coins.coinByName(entry.coin);
      return coin ? [{ coin, networks: entry.networks }] : [];
    });
  }

  /**
   * Records a pending deposit and puts it in the review queue, in one transaction. Refused while
   * `recharge_status` or `recharge_certificate` is not 1 (deposits by proof are closed: contact
   * customer service), for a coin or network the operator did not configure, with more decimals
   * than the coin has, below the network's minimum, or when `proof` is not one of the user's own uploads.
   */
  submit(userId: number, request: DepositRequest): DepositRow {
    requireSwitch(this.deps, 'recharge_status', 'wallet.rechargeClosed');
    requireSwitch(this.deps, 'recharge_certificate', 'wallet.rechargeByService');
    const coin = knownCoin(this.deps, request.coinId);
    const offer =
      this.offers().find((o) => o.coin.id === coin.id) ?? reject('wallet.rechargeCoinClosed', { coin: coin.title });
    const amount = unitsOf(request.amount, coin);
    const proof = ownUploadUrl(this.deps.uploads, userId, request.proof) ?? reject('wallet.proofInvalid');
    const network = offer.networks.find((n) => n.id === request.networkId) ?? reject('wallet.networkUnknown');
    if (amount < network.min)
      reject('wallet.rechargeBelowMin', { min: formatTrimmed(network.min), coin: coin.title, network: network.name });
    const at = this.deps.now();
    const address = network.bank ? `${network.bank.bank_name} ${network.bank.card_number}` : network.address;
    const id = this.deps.db.transaction(() => {
      const depositId = this.deposits.insert({
        userId,
        coinId: coin.id,
        accountType: MAIN_ACCOUNT,
        amount,
        networkId: network.id,
        payType: network.payType,
        network: network.name,
        address,
        proof,
        createdAt: at,
      });
      this.deps.reviews.submit({
        kind: DEPOSIT_REVIEW,
        userId,
        refId: depositId,
        summary: `${formatTrimmed(amount)} ${coin.title} via ${network.name} to ${address}`,
      });
      return depositId;
    })();
    return this.deposits.find(id) as DepositRow;
  }
}

/**
 * The deposit review: approval credits the amount to the deposit's account (bill `deposit`) and
 * completes the record; rejection marks it not passed with the reason. The record holds everything
 * the decision needs, so the operator command decides exactly as the server.
 */
export const depositReview: ReviewKindFactory = ({ db, ledger }) => {
  const deposits = new DepositRepository(db);
  const pending = (id: number): DepositRow => {
    const deposit = deposits.find(id);
    if (!deposit) throw new Error(`deposit ${id} does not exist`);
    return deposit;
  };
  return {
    name: DEPOSIT_REVIEW,
    approve: ({ review, at }) => {
      const deposit = pending(review.ref_id);
      deposits.close(deposit.id, 2, '', at);
      ledger.apply(
        [
          {
            userId: deposit.user_id,
            coinId: deposit.coin_id,
            accountType: deposit.account_type,
            part: 'available',
            amount: deposit.amount,
            kind: 'deposit',
            remark: `deposit #${deposit.id}`,
          },
        ],
        deposit.id,
        at,
      );
    },
    reject: ({ review, reason, at }) => deposits.close(pending(review.ref_id).id, 3, reason, at),
  };
};
