import type { WithdrawNetwork } from '../../../common/withdraw-address.ts';
import type { Db } from './database.ts';
import { BankCardRepository } from './repositories/bank-card-repository.ts';
import { WithdrawAddressRepository } from './repositories/withdraw-address-repository.ts';

/**
 * The demo coins' withdraw networks (README "Withdrawal addresses"): USDT as the TRC20 token, TRX on
 * its own Tron chain (the same address form), ETH on Ethereum (ERC20 addresses), BTC on Bitcoin.
 */
export const DEMO_WITHDRAW_NETWORKS: Readonly<Record<string, WithdrawNetwork>> = {
  usdt: 'TRC20',
  trx: 'TRC20',
  eth: 'ERC20',
  btc: 'BTC',
};

/** The demo account's bound USDT address (a valid TRC20 address that belongs to no one) and bank card. */
export const DEMO_USDT_ADDRESS = 'TCp7kqHPVGeSjNL4sgbrEtfyb2HMgyz1se';
export const DEMO_BANK_CARD = {
  bankName: 'Northwind Bank',
  cardNumber: '6222021234567890',
  cardName: 'Demo User',
} as const;

/**
 * Gives the demo coins their withdraw networks, and the demo account a bound USDT address and a
 * bank card, so the address, bank and withdrawal screens show something on `npm start`. Called by
 * seedDemo inside its transaction, after the coins exist.
 */
export function seedProfileDemo(db: Db, demoUserId: number, now: number): void {
  const addresses = new WithdrawAddressRepository(db);
  for (const [coin, network] of Object.entries(DEMO_WITHDRAW_NETWORKS)) {
    if (!addresses.setNetwork(coin, network)) throw new Error(`demo withdraw networks: no coin ${coin}`);
  }
  const usdt = addresses.withdrawableCoins().find((coin) => coin.name === 'usdt');
  if (!usdt) throw new Error('demo withdraw networks: usdt has none');
  addresses.bind(demoUserId, usdt, DEMO_USDT_ADDRESS, now);
  new BankCardRepository(db).add(demoUserId, DEMO_BANK_CARD, now);
}
