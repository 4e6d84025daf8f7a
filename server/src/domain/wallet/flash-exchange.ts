import { randomBytes } from 'node:crypto';
import { FlashExchangeRepository, type FlashExchangeRow } from '../../db/repositories/flash-exchange-repository.ts';
import type { CoinRow } from '../../db/repositories/market-repository.ts';
import type { UserRow } from '../../db/repositories/user-repository.ts';
import type { AccountType } from '../accounts.ts';
import type { SentAmount } from '../money.ts';
import type { PayPasswordCheck } from '../pay-password.ts';
import { reject } from '../rejection.ts';
import { convert, exactDecimal, percentOf, toStep } from './exact.ts';
import { usdtPrice, type PriceSource } from './prices.ts';
import { inTransaction, knownCoin, openAccount, requireSwitch, unitsOf, type WalletDeps } from './wallet-deps.ts';

/** A flash exchange as the user sent it (docs/product-rules.md#flash-exchange: type, from_coin_id, to_coin_id, amount, paypassword). */
export interface ExchangeRequest {
  accountType: number;
  fromCoinId: number;
  toCoinId: number;
  amount: SentAmount;
  payPassword?: string;
  /** A quote of this user for exactly this exchange: it then fills at the quote's prices, or is refused. */
  quoteId?: string;
}

/** How long a quote binds the server: the user sees its figures and confirms within this time. */
export const QUOTE_VALID_MS = 10_000;

/** A price the server promised one user for one exchange, until `validUntil` (the server's clock). */
export interface HeldQuote {
  id: string;
  userId: number;
  accountType: AccountType;
  from: CoinRow;
  to: CoinRow;
  paid: bigint;
  fromPrice: string;
  toPrice: string;
  feePercent: string;
  figures: ExchangeQuote;
  validUntil: number;
}

/** What `paid` of one coin buys of another. */
export interface ExchangeQuote {
  /** `paid` converted at the two prices, rounded DOWN to the to-coin's step. */
  gross: bigint;
  /** `feePercent` % of gross, rounded UP to the step (never more than gross). */
  fee: bigint;
  received: bigint;
}

/**
 * The exchange arithmetic, exact: `paid` × fromPrice / toPrice (both USDT per whole coin, so two
 * coins that are not USDT exchange through USDT in one step, with no rounding in between), rounded
 * down to the to-coin's decimals; the fee is then taken from what was bought.
 */
export function exchangeQuote(
  paid: bigint,
  fromPrice: string,
  toPrice: string,
  feePercent: string,
  toDecimals: number,
): ExchangeQuote {
  const gross = toStep(convert(paid, exactDecimal(fromPrice), exactDecimal(toPrice), 'floor'), toDecimals, 'floor');
  const fee = toStep(percentOf(gross, exactDecimal(feePercent), 'ceil'), toDecimals, 'ceil');
  return fee >= gross ? { gross, fee: gross, received: 0n } : { gross, fee, received: gross - fee };
}

/**
 * Flash exchange inside one account type, at the prices of a binding quote the
 * user confirmed (or, without one, the feed's last prices of the instant it runs). Both legs and the fee are one transaction with three bill rows (`exchange_out`
 * of the from coin, `exchange_in` of the gross and `exchange_fee` of the to coin) and the record,
 * which keeps the prices used. Refused while `flash_exchange_status` is not 1, for coins the
 * operator did not list, for one coin with itself, when the feed cannot price either coin, when the
 * amount buys nothing after the fee, and beyond the available balance.
 */
export class FlashExchange {
  private readonly exchanges: FlashExchangeRepository;
  /** The quotes of the last QUOTE_VALID_MS, by id: a restart forgets them, and the user asks for a new one. */
  private readonly quotes = new Map<string, HeldQuote>();

  constructor(private readonly deps: WalletDeps & { prices: PriceSource; payPassword: PayPasswordCheck }) {
    this.exchanges = new FlashExchangeRepository(deps.db);
  }

  /** The exchangeable coins with the user's available balance in `accountType`, in the operator's order. */
  coins(userId: number, accountType: number): { coin: CoinRow; available: bigint }[] {
    const type = openAccount(this.deps, accountType);
    return this.deps.config().exchange.coins.flatMap((name) => {
      const coin = this.deps.coins.coinByName(name);
      return coin
        ? [{ coin, available: this.deps.ledger.balance({ userId, coinId: coin.id, accountType: type }).available }]
        : [];
    });
  }

  /**
   * A binding quote: what exchanging this amount buys now, at the feed's last prices, held for
   * QUOTE_VALID_MS. Refused for the same reasons as the exchange itself (except the password, which
   * the exchange asks for), so a quote the user sees can be filled.
   */
  quote(user: UserRow, request: Omit<ExchangeRequest, 'payPassword' | 'quoteId'>): HeldQuote {
    const { accountType, from, to, paid } = this.checked(request);
    const at = this.deps.now();
    const fromPrice = usdtPrice(this.deps.prices, from.name, at);
    const toPrice = usdtPrice(this.deps.prices, to.name, at);
    if (fromPrice === null || toPrice === null || /^[0.]+$/.test(toPrice)) reject('wallet.priceUnavailable');
    const feePercent = this.deps.config().exchange.feePercent;
    const figures = exchangeQuote(paid, fromPrice, toPrice, feePercent, to.decimals);
    if (figures.received === 0n) reject('wallet.exchangeTooSmall', { coin: to.title });
    if (paid > this.deps.ledger.balance({ userId: user.id, coinId: from.id, accountType }).available)
      reject('wallet.insufficient');
    // Quotes nobody used are forgotten once they lapse, so the map holds only the last few seconds' worth.
    for (const [id, held] of this.quotes) if (held.validUntil < at) this.quotes.delete(id);
    const held: HeldQuote = {
      id: randomBytes(12).toString('hex'),
      userId: user.id,
      accountType,
      from,
      to,
      paid,
      fromPrice,
      toPrice,
      feePercent,
      figures,
      validUntil: at + QUOTE_VALID_MS,
    };
    this.quotes.set(held.id, held);
    return held;
  }

  async exchange(
    user: UserRow,
    request: ExchangeRequest,
  ): Promise<{ record: FlashExchangeRow; from: CoinRow; to: CoinRow }> {
    const { accountType, from, to, paid } = this.checked(request);
    await this.deps.payPassword.check(user, request.payPassword, this.deps.site().traders_password_switch === 1);

    const at = this.deps.now();
    let fromPrice: string;
    let toPrice: string;
    let feePercent: string;
    let quote: ExchangeQuote;
    if (request.quoteId !== undefined) {
      const held = this.heldQuote(user, request.quoteId, { accountType, from, to, paid }, at);
      ({ fromPrice, toPrice, feePercent, figures: quote } = held);
    } else {
      const livePrices = [
        usdtPrice(this.deps.prices, from.name, at),
        usdtPrice(this.deps.prices, to.name, at),
      ] as const;
      if (livePrices[0] === null || livePrices[1] === null || /^[0.]+$/.test(livePrices[1]))
        reject('wallet.priceUnavailable');
      [fromPrice, toPrice] = livePrices as [string, string];
      feePercent = this.deps.config().exchange.feePercent;
      quote = exchangeQuote(paid, fromPrice, toPrice, feePercent, to.decimals);
      if (quote.received === 0n) reject('wallet.exchangeTooSmall', { coin: to.title });
    }
    const id = inTransaction(this.deps.db, () => {
      const exchangeId = this.exchanges.insert({
        user_id: user.id,
        account_type: accountType,
        from_coin_id: from.id,
        to_coin_id: to.id,
        paid,
        gross: quote.gross,
        fee: quote.fee,
        received: quote.received,
        from_price: fromPrice,
        to_price: toPrice,
        fee_percent: feePercent,
        created_at: at,
      });
      this.deps.ledger.apply(
        legs(user.id, accountType, from, to, paid, quote, `exchange #${exchangeId}`),
        exchangeId,
        at,
      );
      return exchangeId;
    });
    // A quote fills once.
    if (request.quoteId !== undefined) this.quotes.delete(request.quoteId);
    return { record: this.exchanges.find(id) as FlashExchangeRow, from, to };
  }

  /** The switch, the account, both coins and the amount of an exchange or a quote, checked. */
  private checked(request: Omit<ExchangeRequest, 'payPassword' | 'quoteId'>): {
    accountType: AccountType;
    from: CoinRow;
    to: CoinRow;
    paid: bigint;
  } {
    requireSwitch(this.deps, 'flash_exchange_status', 'wallet.exchangeClosed');
    const accountType = openAccount(this.deps, request.accountType);
    const from = this.exchangeable(request.fromCoinId);
    const to = this.exchangeable(request.toCoinId);
    if (from.id === to.id) reject('wallet.sameCoin');
    return { accountType, from, to, paid: unitsOf(request.amount, from) };
  }

  /**
   * The user's quote `quoteId` when it still holds at `at` for exactly this exchange: not lapsed, the
   * same account, coins and amount, and the operator's fee unchanged since. Else a refusal that says
   * to get a new quote.
   */
  private heldQuote(
    user: UserRow,
    quoteId: string,
    wanted: { accountType: AccountType; from: CoinRow; to: CoinRow; paid: bigint },
    at: number,
  ): HeldQuote {
    const held = this.quotes.get(quoteId);
    if (!held || held.userId !== user.id) reject('wallet.quoteUnknown');
    if (at > held.validUntil) reject('wallet.quoteExpired');
    const same =
      held.accountType === wanted.accountType &&
      held.from.id === wanted.from.id &&
      held.to.id === wanted.to.id &&
      held.paid === wanted.paid;
    if (!same || held.feePercent !== this.deps.config().exchange.feePercent) reject('wallet.quoteChanged');
    return held;
  }

  private exchangeable(coinId: number): CoinRow {
    const coin = knownCoin(this.deps, coinId);
    if (!this.deps.config().exchange.coins.includes(coin.name))
      reject('wallet.exchangeCoinClosed', { coin: coin.title });
    return coin;
  }
}

function legs(
  userId: number,
  accountType: AccountType,
  from: CoinRow,
  to: CoinRow,
  paid: bigint,
  quote: ExchangeQuote,
  remark: string,
) {
  const toKey = { userId, coinId: to.id, accountType, part: 'available' as const, remark };
  return [
    {
      userId,
      coinId: from.id,
      accountType,
      part: 'available' as const,
      amount: -paid,
      kind: 'exchange_out' as const,
      remark,
    },
    { ...toKey, amount: quote.gross, kind: 'exchange_in' as const },
    { ...toKey, amount: -quote.fee, kind: 'exchange_fee' as const },
  ];
}
