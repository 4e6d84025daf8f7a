import type { BillListRow } from '../../../db/repositories/bill-list-repository.ts';
import { TRANSFER_REVIEW } from '../../../domain/earn/internal-transfers.ts';
import { WITHDRAWAL_REVIEW } from '../../../domain/wallet/withdrawals.ts';
import type { BillKind } from '../../../db/repositories/ledger-repository.ts';
import { t, type MessageKey } from '../../../i18n/index.ts';

/** The remark of each bill kind whose row reads as "<what> #<record>". */
const REMARKS: Partial<Record<BillKind, MessageKey>> = {
  grant: 'wallet.bill.grant',
  deposit: 'wallet.bill.deposit',
  transfer_out: 'wallet.bill.transfer',
  transfer_in: 'wallet.bill.transfer',
  exchange_out: 'wallet.bill.exchange',
  exchange_in: 'wallet.bill.exchange',
  exchange_fee: 'wallet.bill.exchangeFee',
  spot_freeze: 'wallet.bill.spotFreeze',
  spot_unfreeze: 'wallet.bill.spotUnfreeze',
  spot_fill: 'wallet.bill.spotFill',
  spot_fee: 'wallet.bill.spotFee',
  option_stake: 'wallet.bill.optionStake',
  option_fee: 'wallet.bill.optionFee',
  option_payout: 'wallet.bill.optionPayout',
  option_refund: 'wallet.bill.optionRefund',
  loan_credit: 'wallet.bill.loanCredit',
  loan_repay: 'wallet.bill.loanRepay',
  mining_lock: 'wallet.bill.miningLock',
  mining_interest: 'wallet.bill.miningInterest',
  mining_unlock: 'wallet.bill.miningUnlock',
  mining_redeem: 'wallet.bill.miningRedeem',
  staking_lock: 'wallet.bill.stakingLock',
  staking_interest: 'wallet.bill.stakingInterest',
  staking_unlock: 'wallet.bill.stakingUnlock',
  staking_redeem: 'wallet.bill.stakingRedeem',
  internal_transfer_in: 'wallet.bill.internalTransferIn',
};

/** The remarks of the review kinds that hold money: the hold, and its return when the request is refused or cancelled. */
const REVIEW_REMARKS: Record<string, { hold: MessageKey; release: MessageKey }> = {
  [WITHDRAWAL_REVIEW]: { hold: 'wallet.bill.withdrawHold', release: 'wallet.bill.withdrawRelease' },
  [TRANSFER_REVIEW]: { hold: 'wallet.bill.internalTransferHold', release: 'wallet.bill.internalTransferRelease' },
};

/**
 * A bill row's remark in the caller's language, from what caused it (the stored remark is for
 * operators). Review holds name the request behind them (REVIEW_REMARKS; a review kind added
 * later is named by its code until it has its own); a bill kind REMARKS lacks shows its stored remark.
 */
export function billRemark(row: BillListRow, lang: string): string {
  if (row.review_kind !== null && (row.kind === 'review_hold' || row.kind === 'review_release')) {
    const ref = row.review_ref ?? '';
    const known = REVIEW_REMARKS[row.review_kind];
    if (known) return t(lang, row.kind === 'review_hold' ? known.hold : known.release, { ref });
    return t(lang, row.kind === 'review_hold' ? 'wallet.bill.reviewHold' : 'wallet.bill.reviewRelease', {
      kind: row.review_kind,
      ref,
    });
  }
  const key = REMARKS[row.kind as BillKind];
  if (key) return t(lang, key, { ref: row.ref_id ?? '' });
  return row.remark || row.kind;
}
