import { checkWithdrawAddress, type WithdrawNetwork } from '../../../common/withdraw-address.ts';
import type { WithdrawAddressRepository, WithdrawAddressRow } from '../db/repositories/withdraw-address-repository.ts';
import type { MessageKey } from '../i18n/index.ts';
import { reject } from './rejection.ts';
import type { ApprovalFields } from './security/approvals.ts';
import type { SiteConfig } from './site-config.ts';

/** The message of an address that is not of the coin's network, per network. */
const SHAPE_MESSAGE: Record<WithdrawNetwork, MessageKey> = {
  TRC20: 'address.shapeTrc20',
  ERC20: 'address.shapeErc20',
  BTC: 'address.shapeBtc',
};

/** What a second step approves of binding an address: the coin and the address exactly as sent. */
export const addressApprovalFields = (request: { coinId: number; address: string }): ApprovalFields => ({
  c_id: request.coinId,
  address: request.address,
});

/**
 * Binds `address` as the user's withdrawal address for `coinId` (docs/product-rules.md#withdrawal-addresses), or
 * replaces the bound one. Refused, with nothing written, when wallet withdrawals are switched off
 * (address_switch), the coin has no withdraw network, an address is bound already and
 * can_edit_address is not 1, or the address is not of the coin's network or fails its checksum
 * (common/withdraw-address.ts). Returns the bound row.
 */
export function bindWithdrawAddress(
  addresses: WithdrawAddressRepository,
  site: SiteConfig,
  userId: number,
  request: { coinId: number; address: string },
  now: number,
): WithdrawAddressRow {
  if (site.address_switch !== 1) reject('address.closed');
  const coin = addresses.withdrawableCoin(request.coinId) ?? reject('address.coinNotWithdrawable');
  if (addresses.forCoin(userId, coin.id) && site.can_edit_address !== 1) reject('address.editClosed');
  const checked = checkWithdrawAddress(coin.network, request.address);
  if (!checked.ok)
    reject(checked.problem === 'checksum' ? 'address.checksum' : SHAPE_MESSAGE[coin.network], { coin: coin.title });
  const id = addresses.bind(userId, coin, checked.address, now);
  return addresses.ownedBy(userId, id) as WithdrawAddressRow;
}
