import QRCode from 'qrcode';
import Type from 'typebox';
import { formatTrimmed } from '../../../domain/money.ts';
import type { DepositNetwork } from '../../../domain/wallet/wallet-config.ts';
import { choice, id, messages, text, withDefault } from '../../../http/contract/fields.ts';
import { ok } from '../../../http/envelope.ts';
import { declareRoutes } from '../context.ts';
import { amountField, coinField, type WalletPlugin } from './wallet-context.ts';

/** docs/product-rules.md#deposits: networkList[] {id, pay_type, coin_net, pay_img, address}, plus the bank-wire details of pay type 3. */
const Network = Type.Object({
  id: Type.Integer({ description: 'a_id of recharge' }),
  pay_type: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)], {
    description: '1 and 2 a chain (TRC20, ERC20 …), 3 bank wire',
  }),
  coin_net: Type.String(),
  pay_img: Type.String({
    description: "The operator's image, else a QR code of the address (SVG data URL); '' for bank wire",
  }),
  address: Type.String({ description: "'' for bank wire" }),
  min: Type.String({ description: 'The smallest deposit through this network, in the coin; "0" when there is none' }),
  bank_name: Type.Optional(Type.String()),
  card_number: Type.Optional(Type.String()),
  recipient: Type.Optional(Type.String()),
  bank_address: Type.Optional(Type.String()),
  transfer_code: Type.Optional(Type.String()),
  company_address: Type.Optional(Type.String()),
});

const RechargeCoin = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  logo: Type.String(),
  networkList: Type.Array(Network),
});

/** QR codes of addresses, made once per address (an operator changes addresses rarely). */
const qrCache = new Map<string, Promise<string>>();

function qrCode(address: string): Promise<string> {
  let made = qrCache.get(address);
  if (!made) {
    made = QRCode.toString(address, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then(
      (svg) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    );
    qrCache.set(address, made);
  }
  return made;
}

async function networkView(network: DepositNetwork) {
  const min = formatTrimmed(network.min);
  if (network.bank)
    return {
      id: network.id,
      pay_type: network.payType,
      coin_net: network.name,
      pay_img: network.image,
      address: '',
      min,
      ...network.bank,
    };
  return {
    id: network.id,
    pay_type: network.payType,
    coin_net: network.name,
    pay_img: network.image || (await qrCode(network.address)),
    address: network.address,
    min,
  };
}

/** getRechargeCoinList and recharge (docs/product-rules.md#deposits). */
export const depositRoutes: WalletPlugin = async (fastify) => {
  const { apiContext: ctx, wallet } = fastify;
  const route = declareRoutes(fastify, ctx);

  route({
    method: 'GET',
    url: '/Index/getRechargeCoinList',
    summary: 'The coins that can be deposited, each with its networks (address and QR code) or bank-wire details',
    description: 'Set by the operator in DATA_DIR/wallet-config.json (README "Wallet").',
    auth: 'none',
    answer: Type.Object({ list: Type.Array(RechargeCoin) }),
    handler: async () => {
      const list = await Promise.all(
        wallet()
          .deposits.offers()
          .map(async ({ coin, networks }) => ({
            id: coin.id,
            title: coin.title,
            logo: coin.logo,
            networkList: await Promise.all(networks.map(networkView)),
          })),
      );
      return ok({ list });
    },
  });

  route({
    method: 'POST',
    url: '/User/recharge',
    summary: 'Submits a deposit with its payment proof for review',
    description:
      "payimg is what the upload call answered for the caller's own proof image; a_id the network. The deposit waits in the review queue and is credited to the " +
      "main account (type 1) when approved. Refused below the network's min, and while recharge_status or recharge_certificate is not 1. An identical deposit within 2 s is refused.",
    auth: 'required',
    once: 'common.duplicate',
    fields: {
      c_id: coinField,
      num: amountField('wallet.rechargeAmountRequired'),
      payimg: text(messages('wallet.proofRequired'), {
        max: 300,
        example: '/uploads/0123456789abcdef0123456789abcdef.jpg',
      }),
      a_id: id(messages('wallet.networkRequired')),
      type: withDefault(choice([1], messages('wallet.accountInvalid')), 1),
    },
    answer: Type.Object({ id: Type.Integer(), status: Type.Literal(1) }),
    handler: ({ fields, user, t }) => {
      const deposit = wallet().deposits.submit(user.id, {
        coinId: fields.c_id,
        amount: fields.num,
        proof: fields.payimg,
        networkId: fields.a_id,
      });
      return ok({ id: deposit.id, status: 1 as const }, t('wallet.rechargeSubmitted'));
    },
  });
};
