import Type from 'typebox';
import { formatTrimmed, formatUnits, UNIT } from '../../../domain/money.ts';
import { convert, exactDecimal } from '../../../domain/wallet/exact.ts';
import { QUOTE_VALID_MS } from '../../../domain/wallet/flash-exchange.ts';
import { id, messages, optional, secret, text } from '../../../http/contract/fields.ts';
import { ok } from '../../../http/envelope.ts';
import { declareRoutes } from '../context.ts';
import { accountField, amountField, type WalletPlugin } from './wallet-context.ts';

/** A quote's id as exchangeQuote answers it. */
const quoteIdField = text(messages('wallet.quoteUnknown'), {
  max: 24,
  pattern: '^[0-9a-f]{24}$',
  example: '0123456789abcdef01234567',
});

/** getCanExchangeCoin, exchangeQuote and exchangeCoin. */
export const exchangeRoutes: WalletPlugin = async (fastify) => {
  const { apiContext: ctx, wallet } = fastify;
  const route = declareRoutes(fastify, ctx);

  route({
    method: 'POST',
    url: '/Balance/getCanExchangeCoin',
    summary: "The coins that can be exchanged, with the caller's available balance of each in account type `type`",
    description: 'Also the fee percent, so the screen can estimate what an exchange receives.',
    auth: 'required',
    fields: { type: accountField },
    answer: Type.Object({
      fee_percent: Type.String(),
      list: Type.Array(
        Type.Object({
          id: Type.Integer(),
          title: Type.String(),
          logo: Type.String(),
          decimals: Type.Integer(),
          balance: Type.String(),
        }),
      ),
    }),
    handler: ({ fields, user }) => {
      const { exchange, deps } = wallet();
      const list = exchange.coins(user.id, fields.type).map(({ coin, available }) => ({
        id: coin.id,
        title: coin.title,
        logo: coin.logo,
        decimals: coin.decimals,
        balance: formatUnits(available),
      }));
      return ok({ fee_percent: deps.config().exchange.feePercent, list });
    },
  });

  route({
    method: 'POST',
    url: '/Balance/exchangeQuote',
    summary: 'A binding quote for an exchange: the rate, the fee and what arrives, held for a few seconds',
    description:
      "The same fields as exchangeCoin without the password. Prices are the feed's last trade prices now; the figures are exchangeCoin's rule. " +
      "Sending quote_id with exchangeCoin before valid_until (the server's clock, ms) fills at exactly these figures; after it, or for another " +
      'account, coin pair or amount, or once the operator changed the fee, exchangeCoin refuses and nothing moves. A quote fills once.',
    auth: 'required',
    fields: {
      type: accountField,
      from_coin_id: id(messages('wallet.coinRequired')),
      to_coin_id: id(messages('wallet.coinRequired')),
      amount: amountField('wallet.exchangeAmountRequired'),
    },
    answer: Type.Object({
      quote_id: Type.String(),
      from_coin: Type.String(),
      to_coin: Type.String(),
      paid: Type.String({ description: 'In from_coin' }),
      rate: Type.String({
        description:
          'to_coin per whole from_coin, rounded down to 8 decimals (shown; the figures use the exact prices)',
      }),
      from_price: Type.String({ description: 'USDT per whole from_coin' }),
      to_price: Type.String({ description: 'USDT per whole to_coin' }),
      fee_percent: Type.String(),
      fee: Type.String({ description: 'In to_coin' }),
      received: Type.String({ description: 'In to_coin: what arrives after the fee' }),
      valid_until: Type.Integer({ description: 'Epoch ms of the server clock after which the quote no longer fills' }),
      valid_ms: Type.Integer({
        description: 'How long the quote holds from now, for a countdown that does not depend on the device clock',
      }),
    }),
    handler: ({ fields, user }) => {
      const held = wallet().exchange.quote(user, {
        accountType: fields.type,
        fromCoinId: fields.from_coin_id,
        toCoinId: fields.to_coin_id,
        amount: fields.amount,
      });
      return ok({
        quote_id: held.id,
        from_coin: held.from.title,
        to_coin: held.to.title,
        paid: formatUnits(held.paid),
        rate: formatUnits(convert(UNIT, exactDecimal(held.fromPrice), exactDecimal(held.toPrice), 'floor')),
        from_price: held.fromPrice,
        to_price: held.toPrice,
        fee_percent: held.feePercent,
        fee: formatUnits(held.figures.fee),
        received: formatUnits(held.figures.received),
        valid_until: held.validUntil,
        valid_ms: QUOTE_VALID_MS,
      });
    },
  });

  route({
    method: 'POST',
    url: '/Balance/exchangeCoin',
    summary: "Exchanges an amount of one coin for another inside one account type, at the feed's last prices",
    description:
      'amount is what is paid, in from_coin_id. It buys amount × fromPrice / toPrice of to_coin_id (both prices in USDT at the same instant, so two coins ' +
      'that are not USDT exchange through USDT), rounded down to the coin; the fee (fee_percent of it, rounded up) is taken from that. Both legs and the ' +
      'fee are one transaction. paypassword is required while traders_password_switch is 1. Refused while flash_exchange_status is not 1. With quote_id ' +
      "(exchangeQuote) it fills at that quote's prices, or is refused when the quote has lapsed or does not match.",
    auth: 'required',
    once: 'common.duplicate',
    fields: {
      type: accountField,
      from_coin_id: id(messages('wallet.coinRequired')),
      to_coin_id: id(messages('wallet.coinRequired')),
      amount: amountField('wallet.exchangeAmountRequired'),
      paypassword: optional(secret(messages('pay.required'))),
      quote_id: optional(quoteIdField),
    },
    answer: Type.Object({
      id: Type.Integer(),
      from_coin: Type.String(),
      to_coin: Type.String(),
      paid: Type.String(),
      received: Type.String(),
      fee: Type.String({ description: 'In to_coin' }),
      from_price: Type.String({ description: 'USDT per whole from_coin used' }),
      to_price: Type.String({ description: 'USDT per whole to_coin used' }),
    }),
    handler: async ({ fields, user, t }) => {
      const { record, from, to } = await wallet().exchange.exchange(user, {
        accountType: fields.type,
        fromCoinId: fields.from_coin_id,
        toCoinId: fields.to_coin_id,
        amount: fields.amount,
        payPassword: fields.paypassword,
        quoteId: fields.quote_id,
      });
      return ok(
        {
          id: record.id,
          from_coin: from.title,
          to_coin: to.title,
          paid: formatUnits(record.paid),
          received: formatUnits(record.received),
          fee: formatUnits(record.fee),
          from_price: record.from_price,
          to_price: record.to_price,
        },
        t('wallet.exchanged', {
          paid: formatTrimmed(record.paid),
          from: from.title,
          received: formatTrimmed(record.received),
          to: to.title,
        }),
      );
    },
  });
};
