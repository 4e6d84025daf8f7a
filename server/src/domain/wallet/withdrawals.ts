import type { CoinRow } from '../../db/repositories/market-repository.ts';
import type { UserRow } from '../../db/repositories/user-repository.ts';
import { WithdrawalRepository, type WithdrawalRow } from '../../db/repositories/withdrawal-repository.ts';
import { MAIN_ACCOUNT } from '../accounts.ts';
import { formatTrimmed, type SentAmount } from '../money.ts';
import type { PayPasswordCheck } from '../pay-password.ts';
import { reject } from '../rejection.ts';
import type { ReviewKindFactory, Reviews } from '../reviews.ts';
import { NO_APPROVAL_NEEDED, type ApprovalFields, type ApprovalPass } from '../security/approvals.ts';
import { refuseOffAllowlist, type AllowlistTarget } from '../security/allowlist.ts';
import { refuseDuringHold } from '../security/holds.ts';
import { maskCardNumber } from '../../../../common/profile-rules.ts';
import type { BoundAddress, WithdrawalDestinations } from './destinations.ts';
import { exactDecimal, percentOf, toStep } from './exact.ts';
import type { WithdrawRule } from './wallet-config.ts';
import { inTransaction, knownCoin, requireSwitch, unitsOf, type WalletDeps } from './wallet-deps.ts';

export const WITHDRAWAL_REVIEW = 'withdrawal';

/** withdraw_type of docs/product-rules.md#withdrawals: 1 to a wallet address, 2 to a bank card. */
export type WithdrawType = 1 | 2;

/** A withdrawal as the user sent it (docs/product-rules.md#withdrawals: c_id, num, paypwd, bank_id, withdraw_type). */
export interface WithdrawalRequest {
  coinId: number;
  amount: SentAmount;
  withdrawType: WithdrawType;
  /** The bound card (withdraw_type 2). */
  cardId?: number;
  /** The bound address (withdraw_type 1); without it the coin's first bound address. */
  addressId?: number;
  payPassword?: string;
}

/**
 * The fee of withdrawing `amount` under `rule` and what arrives (docs/product-rules.md#withdrawals): `feeType` 1 takes
 * `feePercent` % of the amount, rounded UP to the coin's step; otherwise the fixed fee. What arrives
 * is the amount less the fee, never below zero.
 */
export function withdrawalFee(amount: bigint, rule: WithdrawRule, decimals: number): { fee: bigint; received: bigint } {
  const fee =
    rule.feeType === 1
      ? toStep(percentOf(amount, exactDecimal(rule.feePercent), 'ceil'), decimals, 'ceil')
      : rule.feeFixed;
  return fee >= amount ? { fee: amount, received: 0n } : { fee, received: amount - fee };
}

/** What the withdrawal form needs for one coin (docs/product-rules.md#withdrawals). */
export interface WithdrawalInfo {
  coin: CoinRow;
  available: bigint;
  rule: WithdrawRule;
  addresses: BoundAddress[];
}

/**
 * Withdrawals (docs/product-rules.md#withdrawals): to one of the caller's bound addresses or cards only, within the
 * coin's limits (inclusive), with the transaction password while `traders_password_switch` is 1.
 * The whole amount is frozen at once as the hold of a review (in the transaction that writes the
 * record, so of many withdrawals sent together only those the balance covers are accepted);
 * approval takes it (the user receives the amount less the fee, the platform keeps the fee),
 * rejection gives exactly it back.
 */
export class Withdrawals {
  private readonly withdrawals: WithdrawalRepository;

  constructor(
    private readonly deps: WalletDeps & {
      reviews: Reviews;
      destinations: WithdrawalDestinations;
      payPassword: PayPasswordCheck;
    },
  ) {
    this.withdrawals = new WithdrawalRepository(deps.db);
  }

  /** The coins the operator configured withdrawals for, that exist on this server. */
  coins(): CoinRow[] {
    return [...this.deps.config().withdraw.keys()]
      .flatMap((name) => this.deps.coins.coinByName(name) ?? [])
      .sort((a, b) => a.sort - b.sort || a.id - b.id);
  }

  info(userId: number, coinId: number): WithdrawalInfo {
    const coin = knownCoin(this.deps, coinId);
    const rule = this.ruleOf(coin);
    const available = this.deps.ledger.balance({ userId, coinId: coin.id, accountType: MAIN_ACCOUNT }).available;
    return { coin, available, rule, addresses: this.deps.destinations.addresses(userId, coin.id) };
  }

  /**
   * What a second step approves of this withdrawal (security/approvals.ts): the coin, the amount in
   * the coin's units (so `1.50` and `1.5` are one amount) and the destination exactly as bound.
   * Refused as the withdrawal itself would be, before any code is asked.
   */
  approvalFields(userId: number, request: WithdrawalRequest): ApprovalFields {
    return approvalFieldsOf(this.checked(userId, request), request.withdrawType);
  }

  /**
   * Submits a withdrawal. `approve` is its second step: given the withdrawal's approval fields, it
   * checks the approval and its proof; the pass it answers is marked used in the transaction that
   * freezes the amount, so a refused withdrawal leaves the approval unused.
   */
  async submit(
    user: UserRow,
    request: WithdrawalRequest,
    approve: (fields: ApprovalFields) => Promise<ApprovalPass> = () => Promise.resolve(NO_APPROVAL_NEEDED),
  ): Promise<WithdrawalRow> {
    const checked = this.checked(user.id, request);
    const { coin, amount, fee, received, destination } = checked;
    await this.deps.payPassword.check(user, request.payPassword, this.deps.site().traders_password_switch === 1);
    const approval = await approve(approvalFieldsOf(checked, request.withdrawType));

    const at = this.deps.now();
    const id = inTransaction(this.deps.db, () => {
      approval.markUsed();
      const withdrawalId = this.withdrawals.insert({
        userId: user.id,
        coinId: coin.id,
        accountType: MAIN_ACCOUNT,
        amount,
        fee,
        received,
        withdrawType: request.withdrawType,
        destinationId: destination.id,
        destination: destination.text,
        network: destination.network,
        createdAt: at,
      });
      this.deps.reviews.submit({
        kind: WITHDRAWAL_REVIEW,
        userId: user.id,
        refId: withdrawalId,
        summary: `${formatTrimmed(amount)} ${coin.title} (fee ${formatTrimmed(fee)}) to ${destination.network ? `${destination.network} ` : ''}${destination.text}`,
        hold: { coinId: coin.id, accountType: MAIN_ACCOUNT, amount },
      });
      return withdrawalId;
    });
    return this.withdrawals.find(id) as WithdrawalRow;
  }

  /** The withdrawal checked as the rules of docs/product-rules.md#withdrawals say, in their order. */
  private checked(userId: number, request: WithdrawalRequest): CheckedWithdrawal {
    requireSwitch(this.deps, 'withdrawal_status', 'wallet.withdrawClosed');
    if (request.withdrawType === 1) requireSwitch(this.deps, 'address_switch', 'wallet.walletWithdrawClosed');
    else requireSwitch(this.deps, 'bank_switch', 'wallet.bankWithdrawClosed');
    // A recent security change holds every withdrawal: said before any field, as nothing can pass.
    refuseDuringHold(this.deps.db, userId, this.deps.now());
    const coin = knownCoin(this.deps, request.coinId);
    const rule = this.ruleOf(coin);
    const amount = unitsOf(request.amount, coin);
    if (amount < rule.min || amount > rule.max)
      reject('wallet.withdrawRange', { min: formatTrimmed(rule.min), max: formatTrimmed(rule.max), coin: coin.title });
    const { fee, received } = withdrawalFee(amount, rule, coin.decimals);
    if (received === 0n) reject('wallet.withdrawBelowFee', { fee: formatTrimmed(fee), coin: coin.title });
    const destination = this.destinationOf(userId, coin, request);
    refuseOffAllowlist(this.deps.db, userId, destination.listed, this.deps.now());
    return { coin, amount, fee, received, destination };
  }

  private ruleOf(coin: CoinRow): WithdrawRule {
    return this.deps.config().withdraw.get(coin.name) ?? reject('wallet.withdrawCoinClosed', { coin: coin.title });
  }

  /** The bound address or card the withdrawal goes to, as the record keeps it (a card by its last 4 digits). */
  private destinationOf(
    userId: number,
    coin: CoinRow,
    request: WithdrawalRequest,
  ): { id: number; text: string; network: string; listed: AllowlistTarget } {
    if (request.withdrawType === 2) {
      if (request.cardId === undefined) reject('wallet.cardRequired');
      const card = this.deps.destinations.card(userId, request.cardId) ?? reject('wallet.cardUnknown');
      return {
        id: card.id,
        text: `${card.bankName} ${maskCardNumber(card.cardNumber)}`,
        network: '',
        listed: { kind: 'card', id: card.id, value: card.cardNumber },
      };
    }
    const addresses = this.deps.destinations.addresses(userId, coin.id);
    if (addresses.length === 0) reject('wallet.addressRequired', { coin: coin.title });
    const address = request.addressId === undefined ? addresses[0] : addresses.find((a) => a.id === request.addressId);
    if (!address) reject('wallet.addressUnknown');
    return {
      id: address.id,
      text: address.address,
      network: address.network,
      listed: { kind: 'address', id: address.id, value: address.address },
    };
  }
}

interface CheckedWithdrawal {
  coin: CoinRow;
  amount: bigint;
  fee: bigint;
  received: bigint;
  destination: { id: number; text: string; network: string };
}

/** The approval fields of a checked withdrawal: the destination by its id and its exact text. */
const approvalFieldsOf = (checked: CheckedWithdrawal, withdrawType: WithdrawType): ApprovalFields => ({
  c_id: checked.coin.id,
  num: checked.amount,
  withdraw_type: withdrawType,
  destination_id: checked.destination.id,
  destination: checked.destination.text,
  network: checked.destination.network,
});

/**
 * The withdrawal review: approval completes the record (the queue has taken the hold: the amount
 * left the user's balance); rejection marks it not passed with the reason (the queue gave exactly
 * the hold back).
 */
export const withdrawalReview: ReviewKindFactory = ({ db }) => {
  const withdrawals = new WithdrawalRepository(db);
  return {
    name: WITHDRAWAL_REVIEW,
    approve: ({ review, at }) => withdrawals.close(review.ref_id, 2, '', at),
    reject: ({ review, reason, at }) => withdrawals.close(review.ref_id, 3, reason, at),
  };
};
