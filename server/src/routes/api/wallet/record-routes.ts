import Type from 'typebox';
import { AccountTransferRepository } from '../../../db/repositories/account-transfer-repository.ts';
import { BillListRepository } from '../../../db/repositories/bill-list-repository.ts';
import { DepositRepository } from '../../../db/repositories/deposit-repository.ts';
import { WithdrawalRepository } from '../../../db/repositories/withdrawal-repository.ts';
import { formatTrimmed, formatUnits } from '../../../domain/money.ts';
import { knownCoin } from '../../../domain/wallet/wallet-deps.ts';
import { pageOf } from '../../../http/contract/answers.ts';
import { ok } from '../../../http/envelope.ts';
import { t } from '../../../i18n/index.ts';
import { declareRoutes } from '../context.ts';
import { billRemark } from './bill-remark.ts';
import { accountName, recordListFields, recordTime, statusText, type WalletPlugin } from './wallet-context.ts';

const Status = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)], {
  description: '1 pending review, 2 completed, 3 not passed',
});
const Time = Type.String({ description: 'YYYY-MM-DD HH:mm:ss, UTC' });

/** docs/product-rules.md#account-records. */
const Bill = Type.Object({
  id: Type.Integer(),
  st: Type.Union([Type.Literal(1), Type.Literal(2)], { description: '1 money in (+), 2 money out (-)' }),
  num: Type.String({ description: 'The amount without its sign, 8 decimals' }),
  remark: Type.String(),
  addtime: Time,
});

/** docs/product-rules.md#account-records. */
const Withdrawal = Type.Object({
  id: Type.Integer(),
  mum: Type.String({ description: 'The amount withdrawn (frozen, then taken), 8 decimals' }),
  fee: Type.String(),
  received: Type.String({ description: 'What arrives: mum less fee' }),
  status: Status,
  status_text: Type.String(),
  remark: Type.String({ description: 'The reason when not passed' }),
  withdraw_type: Type.Union([Type.Literal(1), Type.Literal(2)], { description: '1 wallet address, 2 bank card' }),
  address: Type.String({ description: 'The address, or the bank and the last 4 digits of the card' }),
  network: Type.String(),
  addtime: Time,
  updatetime: Time,
});

/** docs/product-rules.md#account-records. */
const Deposit = Type.Object({
  id: Type.Integer(),
  num: Type.String(),
  status: Status,
  status_text: Type.String(),
  remark: Type.String({ description: 'The reason when not passed' }),
  address: Type.String({ description: 'Where the user paid: the address, or the bank and its account' }),
  network: Type.String(),
  addtime: Time,
  updatetime: Time,
});

/** docs/product-rules.md#account-records. */
const Transfer = Type.Object({
  id: Type.Integer(),
  num: Type.String(),
  status: Status,
  status_text: Type.String(),
  from_type: Type.Integer(),
  to_type: Type.Integer(),
  coin: Type.String(),
  msg: Type.String({ description: 'One sentence saying what moved where' }),
  updatetime: Time,
});

/** getBillList, getWithdrawList, getRechargeList, getTransferList (docs/product-rules.md#account-records): one user's own rows, newest first. */
export const recordRoutes: WalletPlugin = async (fastify) => {
  const { apiContext: ctx, wallet } = fastify;
  const route = declareRoutes(fastify, ctx);
  const bills = new BillListRepository(ctx.db);
  const withdrawals = new WithdrawalRepository(ctx.db);
  const deposits = new DepositRepository(ctx.db);
  const transfers = new AccountTransferRepository(ctx.db);
  const fields = recordListFields;

  route({
    method: 'POST',
    url: '/User/getBillList',
    summary: 'The bill of one coin in one account type: every change of its available balance, newest first',
    description:
      'type is the account type. Freezing (an order, a withdrawal under review) shows as money out, unfreezing as money in.',
    auth: 'required',
    fields,
    answer: pageOf(Bill),
    handler: ({ fields, user, lang }) => {
      knownCoin(wallet().deps, fields.c_id);
      const { rows, total } = bills.page(user.id, fields.c_id, fields.type, fields.page, fields.limit);
      return ok({
        list: rows.map((row) => ({
          id: row.id,
          st: row.amount > 0n ? (1 as const) : (2 as const),
          num: formatUnits(row.amount > 0n ? row.amount : -row.amount),
          remark: billRemark(row, lang),
          addtime: recordTime(row.created_at),
        })),
        total,
      });
    },
  });

  route({
    method: 'POST',
    url: '/User/getWithdrawList',
    summary: 'Withdrawals of one coin from one account type, newest first',
    auth: 'required',
    fields,
    answer: pageOf(Withdrawal),
    handler: ({ fields, user, lang }) => {
      knownCoin(wallet().deps, fields.c_id);
      const { rows, total } = withdrawals.page(user.id, fields.c_id, fields.type, fields.page, fields.limit);
      return ok({
        list: rows.map((row) => ({
          id: row.id,
          mum: formatUnits(row.amount),
          fee: formatUnits(row.fee),
          received: formatUnits(row.received),
          status: row.status,
          status_text: statusText(lang, row.status),
          remark: row.remark,
          withdraw_type: row.withdraw_type,
          address: row.destination,
          network: row.network,
          addtime: recordTime(row.created_at),
          updatetime: recordTime(row.updated_at),
        })),
        total,
      });
    },
  });

  route({
    method: 'POST',
    url: '/User/getRechargeList',
    summary: 'Deposits of one coin into one account type, newest first',
    auth: 'required',
    fields,
    answer: pageOf(Deposit),
    handler: ({ fields, user, lang }) => {
      knownCoin(wallet().deps, fields.c_id);
      const { rows, total } = deposits.page(user.id, fields.c_id, fields.type, fields.page, fields.limit);
      return ok({
        list: rows.map((row) => ({
          id: row.id,
          num: formatUnits(row.amount),
          status: row.status,
          status_text: statusText(lang, row.status),
          remark: row.remark,
          address: row.address,
          network: row.network,
          addtime: recordTime(row.created_at),
          updatetime: recordTime(row.updated_at),
        })),
        total,
      });
    },
  });

  route({
    method: 'POST',
    url: '/User/getTransferList',
    summary: 'Transfers between own accounts of one coin, into or out of one account type, newest first',
    description: 'A transfer is done at once, so its status is always 2 (completed).',
    auth: 'required',
    fields,
    answer: pageOf(Transfer),
    handler: ({ fields, user, lang }) => {
      const coin = knownCoin(wallet().deps, fields.c_id);
      const { rows, total } = transfers.page(user.id, fields.c_id, fields.type, fields.page, fields.limit);
      return ok({
        list: rows.map((row) => ({
          id: row.id,
          num: formatUnits(row.amount),
          status: 2 as const,
          status_text: statusText(lang, 2),
          from_type: row.from_type,
          to_type: row.to_type,
          coin: coin.title,
          msg: t(lang, 'wallet.transferMsg', {
            amount: formatTrimmed(row.amount),
            coin: coin.title,
            from: accountName(lang, row.from_type),
            to: accountName(lang, row.to_type),
          }),
          updatetime: recordTime(row.created_at),
        })),
        total,
      });
    },
  });
};
