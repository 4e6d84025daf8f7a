import Type from 'typebox';
import { formatTrimmed, formatUnits } from '../../../domain/money.ts';
import { id, messages, optional, secret } from '../../../http/contract/fields.ts';
import { ok } from '../../../http/envelope.ts';
import { declareRoutes } from '../context.ts';
import { accountField, amountField, type WalletPlugin } from './wallet-context.ts';

/** getCanExchangeCoin and exchangeCoin (spec §7). */
export const exchangeRoutes: WalletPlugin = async (fastify, { ctx, wallet }) => {
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
      list: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String(), logo: Type.String(), decimals: Type.Integer(), balance: Type.String() })),
    }),
    handler: ({ fields, user }) => {
      const { exchange, deps } = wallet();
      const list = exchange.coins(user.id, fields.type).map(({ coin, available }) => ({ id: coin.id, title: coin.title, logo: coin.logo, decimals: coin.decimals, balance: formatUnits(available) }));
      return ok({ fee_percent: deps.config().exchange.feePercent, list });
    },
  });

  route({
    method: 'POST',
    url: '/Balance/exchangeCoin',
    summary: "Exchanges an amount of one coin for another inside one account type, at the feed's last prices",
    description:
      'amount is what is paid, in from_coin_id. It buys amount × fromPrice / toPrice of to_coin_id (both prices in USDT at the same instant, so two coins ' +
      'that are not USDT exchange through USDT), rounded down to the coin; the fee (fee_percent of it, rounded up) is taken from that. Both legs and the ' +
      'fee are one transaction. paypassword is required while traders_password_switch is 1. Refused while flash_exchange_status is not 1.',
    auth: 'required',
    once: 'common.duplicate',
    fields: {
      type: accountField,
      from_coin_id: id(messages('wallet.coinRequired')),
      to_coin_id: id(messages('wallet.coinRequired')),
      amount: amountField('wallet.exchangeAmountRequired'),
      paypassword: optional(secret(messages('pay.required'))),
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
        t('wallet.exchanged', { paid: formatTrimmed(record.paid), from: from.title, received: formatTrimmed(record.received), to: to.title }),
      );
    },
  });
};
