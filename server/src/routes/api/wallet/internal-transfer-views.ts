import Type, { type Static } from 'typebox';
import type { InternalTransferRow } from '../../../db/repositories/internal-transfer-repository.ts';
import { formatUnits } from '../../../domain/money.ts';
import { t, type MessageKey } from '../../../i18n/index.ts';
import { timeText } from '../earn/earn-context.ts';

/** A coin users may send to each other (docs/product-rules.md#internal-transfers), with the caller's balance. */
export const TransferCoinView = Type.Object({
  id: Type.Integer({ description: 'c_id of transfer' }),
  title: Type.String(),
  balance: Type.String({ description: "The caller's available balance" }),
  internal_transfer_sxf: Type.String({ description: 'Fee rate as a fraction ("0.001" = 0.1 %; "0": no fee)' }),
  internal_transfer_days: Type.Integer({ description: 'Days until a transfer arrives (0: within seconds)' }),
  decimals: Type.Integer({ description: 'The most decimals an amount may have' }),
});
export type TransferCoinView = Static<typeof TransferCoinView>;

/** An internal transfer record (docs/product-rules.md#internal-transfers), as the sender or the receiver sees it. */
export const InternalTransferView = Type.Object({
  id: Type.Integer(),
  order_num: Type.String(),
  status: Type.Integer({ description: '1 in transfer, 2 finished, 3 cancelled' }),
  status_text: Type.String(),
  direction: Type.Union([Type.Literal('out'), Type.Literal('in')], {
    description: 'out: the caller sent it; in: the caller receives it',
  }),
  addtime: Type.String(),
  addtime_ms: Type.Integer(),
  arrival_time: Type.String({ description: 'When it arrives (or arrived, for status 2)' }),
  arrival_time_ms: Type.Integer(),
  to_username: Type.String(),
  from_username: Type.String(),
  coin: Type.String(),
  amount: Type.String({ description: 'What left the sender' }),
  sxf: Type.String({ description: 'The fee: amount × rate, rounded down to 1e-8' }),
  arrival_amount: Type.String({ description: 'What the receiver gets: amount − sxf' }),
  reason: Type.String({ description: 'Why an operator cancelled it ("" otherwise)' }),
});
export type InternalTransferView = Static<typeof InternalTransferView>;

const STATUS_TEXT: Record<InternalTransferRow['status'], MessageKey> = {
  1: 'transfer.status1',
  2: 'transfer.status2',
  3: 'transfer.status3',
};

export function internalTransferView(
  transfer: InternalTransferRow,
  viewerId: number,
  lang: string,
): InternalTransferView {
  const arrived = transfer.status === 2 && transfer.finished_at !== null ? transfer.finished_at : transfer.arrival_time;
  return {
    id: transfer.id,
    order_num: transfer.order_num,
    status: transfer.status,
    status_text: t(lang, STATUS_TEXT[transfer.status]),
    direction: transfer.from_user_id === viewerId ? 'out' : 'in',
    addtime: timeText(transfer.created_at),
    addtime_ms: transfer.created_at,
    arrival_time: timeText(arrived),
    arrival_time_ms: arrived,
    to_username: transfer.to_username,
    from_username: transfer.from_username,
    coin: transfer.coin,
    amount: formatUnits(transfer.amount),
    sxf: formatUnits(transfer.fee),
    arrival_amount: formatUnits(transfer.arrival_amount),
    reason: transfer.reason,
  };
}
