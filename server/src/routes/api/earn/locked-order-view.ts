import Type, { type Static, type TObject } from 'typebox';
import type { LockedOrderRow, LockedStatus } from '../../../db/repositories/locked-order-repository.ts';
import { percentText } from '../../../domain/earn/earn-math.ts';
import type { LockedEarnings } from '../../../domain/earn/locked-earnings.ts';
import { formatUnits } from '../../../domain/money.ts';
import { t, type MessageKey } from '../../../i18n/index.ts';
import { timeText } from './earn-context.ts';

/** How a locked product (mining, staking) describes its order fields in the API documentation. */
export interface LockedOrderTexts {
  status: string;
  rate: string;
  paid: string;
  estimate: string;
  /** redeem_fee_rate's description, where the product gives one. */
  fee?: string;
}

/** Every field a locked order may answer, described in the product's words. */
function orderFields(texts: LockedOrderTexts) {
  return {
    id: Type.Integer(),
    order_num: Type.String(),
    title: Type.String(),
    img: Type.String(),
    status: Type.Integer({ description: texts.status }),
    status_text: Type.String(),
    type: Type.Integer({ description: '1: may be redeemed before its end' }),
    addtime: Type.String(),
    start_time: Type.String(),
    end_time: Type.String(),
    start_time_ms: Type.Integer(),
    end_time_ms: Type.Integer(),
    coin: Type.String(),
    amount: Type.String(),
    days: Type.Integer(),
    interest_rate: Type.String({ description: texts.rate }),
    total_revenue: Type.String({ description: texts.paid }),
    estimated_revenue: Type.String({ description: texts.estimate }),
    redeem_fee_rate: texts.fee === undefined ? Type.String() : Type.String({ description: texts.fee }),
    redeem_amount: Type.String({
      description: 'What redeeming now gives back ("0" when it cannot be redeemed); after a redemption, what it gave',
    }),
  };
}

type OrderFields = ReturnType<typeof orderFields>;

/** A product's order answer: the fields it lists, in its order (its answers have always had that order). */
export function lockedOrderSchema<K extends keyof OrderFields>(
  texts: LockedOrderTexts,
  keys: readonly K[],
): TObject<Pick<OrderFields, K>> {
  const fields = orderFields(texts);
  return Type.Object(Object.fromEntries(keys.map((key) => [key, fields[key]])) as Pick<OrderFields, K>);
}

/**
 * A locked order as `schema` answers it, field by field in the schema's order. `extra` holds the
 * fields only this product's rows carry (mining's img).
 */
export function lockedOrderView<S extends TObject, Row extends LockedOrderRow>(
  schema: S,
  order: Row,
  earnings: LockedEarnings<Row>,
  lang: string,
  statusText: Record<LockedStatus, MessageKey>,
  extra: Record<string, string> = {},
): Static<S> {
  const values: Record<string, unknown> = {
    id: order.id,
    order_num: order.order_num,
    title: order.title,
    status: order.status,
    status_text: t(lang, statusText[order.status]),
    type: order.type,
    addtime: timeText(order.start_time),
    start_time: timeText(order.start_time),
    end_time: timeText(order.end_time),
    start_time_ms: order.start_time,
    end_time_ms: order.end_time,
    coin: order.coin,
    amount: formatUnits(order.amount),
    days: order.days,
    interest_rate: percentText(order.rate_ppm),
    total_revenue: formatUnits(order.total_revenue),
    estimated_revenue: formatUnits(earnings.fullInterest(order)),
    redeem_fee_rate: percentText(order.redeem_fee_ppm),
    redeem_amount: formatUnits(order.status === 2 ? order.returned : earnings.redeemValue(order)),
    ...extra,
  };
  return Object.fromEntries(Object.keys(schema.properties).map((key) => [key, values[key]])) as Static<S>;
}
