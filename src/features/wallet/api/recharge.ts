import { api, type ApiResult } from '../../../lib/api-client.ts';
import { isolatedLtr } from '../../../lib/format.ts';
import { toBig } from '../../../lib/money.ts';
import { checkAmount, type Problem } from './wallet-rules.ts';

/** A way to deposit a coin (docs/product-rules.md#deposits networkList); pay type 3 is bank wire with its details. */
export interface RechargeNetwork {
  id: number;
  pay_type: number;
  coin_net: string;
  /** The address's QR code (or the operator's image); '' for bank wire. */
  pay_img: string;
  address: string;
  /** The smallest deposit through this network; "0" when there is none. */
  min: string;
  bank_name?: string;
  card_number?: string;
  recipient?: string;
  bank_address?: string;
  transfer_code?: string;
  company_address?: string;
}

export interface RechargeCoin {
  id: number;
  title: string;
  logo: string;
  networkList: RechargeNetwork[];
}

/** GET /api/Index/getRechargeCoinList: the coins that can be deposited and how. */
export function getRechargeCoins(): Promise<ApiResult<{ list: RechargeCoin[] }>> {
  return api.get<{ list: RechargeCoin[] }>('/Index/getRechargeCoinList', undefined, { quiet: true });
}

export interface RechargeInput {
  coinId: number;
  networkId: number;
  amount: string;
  /** The uploaded proof's URL; null until the upload is done. */
  proof: string | null;
}

/** The form's problem before sending (an amount above zero and at least the network's minimum, then the proof image), or null. */
export function validateRecharge(
  input: RechargeInput,
  network: { min: string; coin: string; network: string },
): Problem | null {
  const checked = checkAmount(input.amount, { requiredKey: 'wallet.recharge.amountRequired', decimals: 8 });
  if (!checked.ok) return checked.problem;
  // The minimum and its coin as one left-to-right run: in Arabic the bare pair read "USDT 10".
  if (checked.amount.lt(toBig(network.min) ?? 0))
    return {
      key: 'wallet.recharge.belowMin',
      params: { amount: isolatedLtr(`${network.min} ${network.coin}`), network: network.network },
    };
  if (!input.proof) return { key: 'wallet.recharge.proofRequired' };
  return null;
}

/** POST /api/User/recharge (docs/product-rules.md#deposits: c_id, num, payimg, a_id, type 1); the posting flag `recharge`. */
export function submitRecharge(input: RechargeInput): Promise<ApiResult<{ id: number }>> {
  return api.post<{ id: number }>(
    '/User/recharge',
    { c_id: input.coinId, num: input.amount.trim(), payimg: input.proof, a_id: input.networkId, type: 1 },
    { successToast: true, lock: 'recharge' },
  );
}

export interface Partner {
  url: string;
  img: string;
  title: string;
}

/** POST /api/index/getFriendList: the partner logos under the deposit form. */
export function getPartners(): Promise<ApiResult<{ list: Partner[] }>> {
  return api.post<{ list: Partner[] }>('/index/getFriendList', undefined, { quiet: true });
}
