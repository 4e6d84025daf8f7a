import Type from 'typebox';
import { openAccountTypes } from '../../../domain/accounts.ts';
import { formatUnits } from '../../../domain/money.ts';
import { userHoldings } from '../../../domain/wallet/holdings.ts';
import { knownCoin } from '../../../domain/wallet/wallet-deps.ts';
import { ok } from '../../../http/envelope.ts';
import { declareRoutes } from '../context.ts';
import { accountName, coinField, type WalletPlugin } from './wallet-context.ts';

const AccountType = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)], {
  description: '1 option (the main account), 2 funds, 3 quantitative',
});

/** docs/product-rules.md#assets, one coin of one account. */
const BalanceInfo = Type.Object({
  coinId: Type.Integer(),
  coinName: Type.String({ description: 'Shown name, e.g. BTC' }),
  logo: Type.String(),
  balance: Type.String({ description: 'Available, 8 decimals' }),
  dbalance: Type.String({ description: 'Frozen, 8 decimals' }),
  all_zhprice: Type.String({
    description:
      "USDT value of available + frozen at the feed's last price, rounded down to 8 decimals; '' when the feed has no price",
  }),
  price: Type.String({
    description: "The USDT price used ('1' for USDT; '' when nothing is held or the feed has no price)",
  }),
});

const BalanceList = Type.Object({
  all_price: Type.String({ description: 'USDT value of every account, the exact sum of the parts' }),
  coinList: Type.Array(
    Type.Object({
      type: AccountType,
      name: Type.String({ description: "The account's name in the caller's language" }),
      totalAvailableAsset: Type.String({ description: 'USDT value of the account, the exact sum of its all_zhprice' }),
      balanceInfo: Type.Array(BalanceInfo),
    }),
  ),
});

/** getUserBalanceList and getCoinBalance (docs/product-rules.md#wallet), Token required. */
export const balanceRoutes: WalletPlugin = async (fastify) => {
  const { apiContext: ctx, wallet } = fastify;
  const route = declareRoutes(fastify, ctx);

  route({
    method: ['GET', 'POST'],
    url: '/User/getUserBalanceList',
    summary: "The caller's balances in every open account type, valued in USDT",
    description:
      "Every coin of the server in each open account type (3 only while quantize_switch is 1), valued at the feed's last trade prices of one instant: " +
      'a coin is worth (balance + dbalance) × price, rounded down to 8 decimals; totals are exact sums.',
    auth: 'required',
    answer: BalanceList,
    handler: ({ user, lang }) => {
      const { deps, prices } = wallet();
      const at = deps.now();
      const { accounts, total } = userHoldings(deps, user.id, openAccountTypes(deps.site()), prices, at);
      return ok({
        all_price: formatUnits(total),
        coinList: accounts.map((account) => ({
          type: account.type,
          name: accountName(lang, account.type),
          totalAvailableAsset: formatUnits(account.total),
          balanceInfo: account.coins.map(({ coin, available, frozen, value, price }) => ({
            coinId: coin.id,
            coinName: coin.title,
            logo: coin.logo,
            balance: formatUnits(available),
            dbalance: formatUnits(frozen),
            all_zhprice: value === null ? '' : formatUnits(value),
            price: price ?? '',
          })),
        })),
      });
    },
  });

  route({
    method: 'POST',
    url: '/User/getCoinBalance',
    summary: "One coin's available and frozen balance in each open account type",
    auth: 'required',
    fields: { c_id: coinField },
    answer: Type.Object({
      coin: Type.String(),
      decimals: Type.Integer({ description: 'Decimals an amount of this coin may have' }),
      balance_list: Type.Array(
        Type.Object({ type: AccountType, name: Type.String(), balance: Type.String(), dbalance: Type.String() }),
      ),
    }),
    handler: ({ fields, user, lang }) => {
      const { deps } = wallet();
      const coin = knownCoin(deps, fields.c_id);
      return ok({
        coin: coin.title,
        decimals: coin.decimals,
        balance_list: openAccountTypes(deps.site()).map((type) => {
          const balance = deps.ledger.balance({ userId: user.id, coinId: coin.id, accountType: type });
          return {
            type,
            name: accountName(lang, type),
            balance: formatUnits(balance.available),
            dbalance: formatUnits(balance.frozen),
          };
        }),
      });
    },
  });
};
