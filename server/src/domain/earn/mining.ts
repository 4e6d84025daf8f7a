import {
  MiningRepository,
  type MiningOrderRow,
  type MiningProductRow,
} from '../../db/repositories/mining-repository.ts';
import { compareDecimal, formatTrimmed, type SentAmount } from '../money.ts';
import { reject } from '../rejection.ts';
import { percentText } from './earn-math.ts';
import { LockedProduct, lockedNames, type LockedProductConfig, type LockedProductDeps } from './locked-product.ts';

/** A buyMiningMachine request, its fields checked for shape; the transaction password is the route's. */
export interface MiningPurchase {
  productId: number;
  amount: SentAmount;
  day: number;
  /** The daily rate in percent the screen showed for `day`, as decimal text. */
  rate: string;
}

/**
 * Lock mining: a daily rate per lock period, the principal locked for the period, interest paid
 * each day by the job runner, the principal back at the end (LockedEarnings has the money rules).
 * The amount must lie within the product's own `min_price` .. `max_price` (README "How the
 * reference server runs the earn products"). Amounts are whole coins (the screen's integer
 * stepper). The rate is the server's rate for the chosen period: a different rate sent by the
 * client is refused, never used.
 */
const MINING: LockedProductConfig<MiningProductRow, MiningOrderRow, MiningPurchase> = {
  ...lockedNames('mining', 'Mining', 1),
  offerNotFound: 'mining.productNotFound',
  // The product, the amount, the period and the rate, in the payload's order.
  check: (purchase, repo) => {
    const offer = repo.offer(purchase.productId) ?? reject('mining.productNotFound');
    const amount = purchase.amount.units(0) ?? reject('mining.amountWhole');
    if (amount < offer.min_amount || amount > offer.max_amount) {
      reject('mining.amountRange', { min: formatTrimmed(offer.min_amount), max: formatTrimmed(offer.max_amount) });
    }
    const term = offer.terms.find((t) => t.days === purchase.day) ?? reject('mining.dayInvalid');
    const rate = percentText(term.rate_ppm);
    if (compareDecimal(purchase.rate, rate) !== 0) reject('mining.rateChanged', { rate });
    return { offer, term, amount };
  },
};

/** Lock mining: the locked product with mining's tables, names and purchase rules. */
export class Mining extends LockedProduct<MiningProductRow, MiningOrderRow, MiningPurchase> {
  constructor(deps: LockedProductDeps) {
    super(MINING, new MiningRepository(deps.db), deps);
  }
}
