import { checkWithdrawAddress, isWithdrawNetwork, type WithdrawNetwork } from '../../../../common/withdraw-address.ts';
import type { ApprovalFields, SecondStepProof } from '../../../lib/use-approval.ts';
import { api, type ApiResult } from '../../../lib/api-client.ts';

/** A bound withdrawal address (GET /api/User/getUserWidthAddress `list`). */
export interface BoundAddress {
  id: number;
  c_id: number;
  coin: string;
  network: string;
  address: string;
}

/** A coin an address can be bound for, with the network its addresses are on. */
export interface AddressCoin {
  id: number;
  title: string;
  network: string;
}

export interface AddressBook {
  list: BoundAddress[];
  coins: AddressCoin[];
}

/** GET /api/User/getUserWidthAddress: the caller's addresses and the coins they can be bound for. */
export async function getWithdrawAddresses(): Promise<ApiResult<AddressBook>> {
  const result = await api.get<Partial<AddressBook> | null>('/User/getUserWidthAddress', undefined, { quiet: true });
  if (!result.ok) return result;
  return { ...result, data: { list: result.data?.list ?? [], coins: result.data?.coins ?? [] } };
}

export interface AddressInput {
  coinId: number | null;
  address: string;
}

const SHAPE_KEY: Record<WithdrawNetwork, string> = {
  TRC20: 'profile.address.shapeTrc20',
  ERC20: 'profile.address.shapeErc20',
  BTC: 'profile.address.shapeBtc',
};

const HINT_KEY: Record<WithdrawNetwork, string> = {
  TRC20: 'profile.address.hintTrc20',
  ERC20: 'profile.address.hintErc20',
  BTC: 'profile.address.hintBtc',
};

/** The i18n key of the hint under the address field: what an address of `network` looks like. */
export function networkHintKey(network: string): string | null {
  return isWithdrawNetwork(network) ? HINT_KEY[network] : null;
}

/**
 * docs/product-rules.md#withdrawal-addresses: currency, then address required; then the address must have the shape
 * and the checksum of the coin's network (the server's rule, common/withdraw-address.ts).
 * Returns the first broken rule, or null.
 */
export function validateAddress(
  input: AddressInput,
  network: string | null,
): { field: 'coin' | 'address'; key: string } | null {
  if (input.coinId === null) return { field: 'coin', key: 'profile.address.coinRequired' };
  const address = input.address.trim();
  if (!address) return { field: 'address', key: 'profile.address.required' };
  if (network === null || !isWithdrawNetwork(network)) return null;
  const checked = checkWithdrawAddress(network, address);
  if (checked.ok) return null;
  return { field: 'address', key: checked.problem === 'checksum' ? 'profile.address.checksum' : SHAPE_KEY[network] };
}

/** What binding sends: also exactly what its second step approves. */
export function addressFields(input: { coinId: number; address: string }): ApprovalFields {
  return { c_id: input.coinId, address: input.address.trim() };
}

/**
 * POST /api/User/setUserWidthAddress: binds (or replaces) the coin's address, with its second step when the
 * account has one; the msg is toasted.
 */
export function setWithdrawAddress(
  input: { coinId: number; address: string },
  proof: SecondStepProof = {},
): Promise<ApiResult<BoundAddress | null>> {
  return api.post(
    '/User/setUserWidthAddress',
    { ...addressFields(input), ...proof },
    { successToast: true, lock: 'setUserWidthAddress' },
  );
}
