import type { LedgerRepository } from '../../../db/repositories/ledger-repository.ts';
import type { LockedOrderRow, LockedStatus } from '../../../db/repositories/locked-order-repository.ts';
import type { LockedOffer } from '../../../db/repositories/locked-product-repository.ts';
import type { UserRow } from '../../../db/repositories/user-repository.ts';
import { MAIN_ACCOUNT } from '../../../domain/accounts.ts';
import type { LockedEarnings } from '../../../domain/earn/locked-earnings.ts';
import type { LockedProduct } from '../../../domain/earn/locked-product.ts';
import { requireSwitch, type EarnSwitch } from '../../../domain/earn/switches.ts';
import type { MessageKey } from '../../../i18n/index.ts';
import type { ApiContext } from '../context.ts';

/** What a locked product's route module gives the shared handlers. */
export interface LockedRouteParts<
  Offer extends LockedOffer,
  Row extends LockedOrderRow,
  Request,
  OfferView,
  OrderView,
> {
  product: LockedProduct<Offer, Row, Request>;
  /** The site switch that closes the offers and new orders; orders and redeeming stay open. */
  switchName: EarnSwitch;
  closed: MessageKey;
  offerView(offer: Offer, balance: bigint): OfferView;
  orderView(order: Row, earnings: LockedEarnings<Row>, lang: string): OrderView;
}

/**
 * What the four routes of a locked product (offers, open, orders, redeem) do; each route module
 * declares its own URLs, fields and texts around them.
 */
export function lockedHandlers<Offer extends LockedOffer, Row extends LockedOrderRow, Request, OfferView, OrderView>(
  ctx: ApiContext,
  ledger: LedgerRepository,
  { product, switchName, closed, offerView, orderView }: LockedRouteParts<Offer, Row, Request, OfferView, OrderView>,
) {
  return {
    /** The offers (or the one with `id`), with the caller's available balance of each coin. */
    offers(userId: number, id?: number): { list: OfferView[] } {
      requireSwitch(ctx.siteConfig.get(), switchName, closed);
      const list = product
        .offers(id)
        .map((offer) =>
          offerView(offer, ledger.balance({ userId, coinId: offer.coin_id, accountType: MAIN_ACCOUNT }).available),
        );
      return { list };
    },

    /** Checks the request, then the transaction password (when the site asks for it), then opens the order. */
    async open(user: UserRow, request: Request, paypassword: string | undefined, lang: string): Promise<OrderView> {
      const site = ctx.siteConfig.get();
      requireSwitch(site, switchName, closed);
      const quote = product.prepare(request);
      await ctx.payPassword.check(user, paypassword, site.traders_password_switch === 1);
      return orderView(product.open(user.id, quote), product.earnings, lang);
    },

    orders(
      userId: number,
      status: LockedStatus | null,
      page: number,
      limit: number,
      lang: string,
    ): { list: OrderView[]; total: number } {
      const { rows, total } = product.orders(userId, status, page, limit);
      return { list: rows.map((row) => orderView(row, product.earnings, lang)), total };
    },

    redeem(userId: number, orderId: number, lang: string): OrderView {
      return orderView(product.redeem(userId, orderId), product.earnings, lang);
    },
  };
}
