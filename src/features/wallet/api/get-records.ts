import { api, type ApiResult } from '../../../lib/api-client.ts';
import { PAGE_SIZE } from '../../../lib/use-paged-list.ts';

/** docs/product-rules.md#account-records: st 1 money in (+), otherwise out (-). */
export interface BillRecord {
  id: number;
  st: number;
  num: string;
  remark: string;
  addtime: string;
}

/** docs/product-rules.md#account-records, with the fee, what arrives and where it went. */
export interface WithdrawRecord {
  id: number;
  mum: string;
  fee: string;
  received: string;
  status: number;
  status_text: string;
  remark: string;
  address: string;
  network: string;
  updatetime: string;
}

/** docs/product-rules.md#account-records. */
export interface RechargeRecord {
  id: number;
  num: string;
  status: number;
  status_text: string;
  remark: string;
  address: string;
  network: string;
  updatetime: string;
}

/** docs/product-rules.md#account-records: `msg` is what a tap shows. */
export interface TransferRecord {
  id: number;
  num: string;
  status: number;
  status_text: string;
  from_type: number;
  to_type: number;
  coin: string;
  msg: string;
  updatetime: string;
}

type Page<T> = ApiResult<{ list: T[] }>;

/** The record lists of docs/product-rules.md#account-records (c_id, type, page, limit 10), each one user's rows of one coin and account type, newest first. */
const list =
  <T>(path: string) =>
  (coinId: number, accountType: number, page: number): Promise<Page<T>> =>
    api.post<{ list: T[] }>(path, { c_id: coinId, type: accountType, page, limit: PAGE_SIZE }, { quiet: true });

/** POST /api/User/getBillList. */
export const getBillList = list<BillRecord>('/User/getBillList');
/** POST /api/User/getWithdrawList. */
export const getWithdrawList = list<WithdrawRecord>('/User/getWithdrawList');
/** POST /api/User/getRechargeList. */
export const getRechargeList = list<RechargeRecord>('/User/getRechargeList');
/** POST /api/User/getTransferList. */
export const getTransferList = list<TransferRecord>('/User/getTransferList');
