import Type, { type Static } from 'typebox';
import type { LoanOrderRow, LoanProjectRow } from '../../../../db/repositories/loan-repository.ts';
import { percentText } from '../../../../domain/earn/earn-math.ts';
import { formatTrimmed, formatUnits } from '../../../../domain/money.ts';
import { t, type MessageKey } from '../../../../i18n/index.ts';
import { timeText } from '../earn-context.ts';

/** A loan product (docs/product-rules.md#loans) as api/Loan answers it. */
export const LoanProjectView = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  mechanism: Type.String({ description: 'The lending institution' }),
  minprice: Type.String({ description: 'Smallest principal, whole coins' }),
  maxprice: Type.String({ description: 'Largest principal, whole coins' }),
  interest_rate: Type.String({ description: 'Daily interest in percent, e.g. "0.05"' }),
  cycle: Type.Integer({ description: 'Days from approval to the repayment time' }),
  coin: Type.String(),
  c_id: Type.Integer(),
});
export type LoanProjectView = Static<typeof LoanProjectView>;

/** A loan application or loan (docs/product-rules.md#loans). */
export const LoanOrderView = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  order_num: Type.String(),
  coin: Type.String(),
  amount: Type.String({ description: 'The principal' }),
  interest: Type.String({ description: 'principal × interest_rate % × cycle, rounded up to 1e-8' }),
  interest_rate: Type.String({ description: 'Daily interest in percent' }),
  cycle: Type.Integer({ description: 'Days' }),
  total_amount: Type.String({ description: 'principal + interest: what repaying takes, at once' }),
  repayment_time: Type.String({ description: 'Due time, "YYYY-MM-DD HH:mm:ss" UTC; set on approval, "" before' }),
  repayment_time_ms: Type.Union([Type.Integer(), Type.Null()]),
  is_repayment: Type.Union([Type.Literal(0), Type.Literal(1)], { description: '1 repaid' }),
  is_repayment_text: Type.String(),
  status: Type.Integer({ description: '1 under review, 2 approved, 3 rejected, 4 cancelled' }),
  status_text: Type.String(),
  reason: Type.String({ description: 'Why it was rejected ("" otherwise)' }),
  addtime: Type.String(),
  addtime_ms: Type.Integer(),
});
export type LoanOrderView = Static<typeof LoanOrderView>;

const STATUS_TEXT: Record<LoanOrderRow['status'], MessageKey> = {
  1: 'loan.status1',
  2: 'loan.status2',
  3: 'loan.status3',
  4: 'loan.status4',
};

export function loanProjectView(project: LoanProjectRow): LoanProjectView {
  return {
    id: project.id,
    title: project.title,
    mechanism: project.mechanism,
    minprice: formatTrimmed(project.min_amount),
    maxprice: formatTrimmed(project.max_amount),
    interest_rate: percentText(project.rate_ppm),
    cycle: project.cycle_days,
    coin: project.coin,
    c_id: project.coin_id,
  };
}

export function loanOrderView(order: LoanOrderRow, lang: string): LoanOrderView {
  return {
    id: order.id,
    title: order.title,
    order_num: order.order_num,
    coin: order.coin,
    amount: formatUnits(order.amount),
    interest: formatUnits(order.interest),
    interest_rate: percentText(order.rate_ppm),
    cycle: order.cycle_days,
    total_amount: formatUnits(order.total_amount),
    repayment_time: timeText(order.repayment_time),
    repayment_time_ms: order.repayment_time,
    is_repayment: order.is_repayment,
    is_repayment_text: t(lang, order.is_repayment === 1 ? 'loan.repaidText' : 'loan.unpaidText'),
    status: order.status,
    status_text: t(lang, STATUS_TEXT[order.status]),
    reason: order.reason,
    addtime: timeText(order.created_at),
    addtime_ms: order.created_at,
  };
}
