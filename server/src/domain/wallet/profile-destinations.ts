import type { Db } from '../../db/database.ts';
import { BankCardRepository } from '../../db/repositories/bank-card-repository.ts';
import { WithdrawAddressRepository } from '../../db/repositories/withdraw-address-repository.ts';
import type { WithdrawalDestinations } from './destinations.ts';

/**
 * The withdrawal destinations bound on the profile screens: the user's one address per
 * coin (`withdraw_addresses`, checked against the coin's network when bound) and their bank cards,
 * each read only through its owner, so a withdrawal can go nowhere but to the caller's own.
 */
export function profileDestinations(db: Db): WithdrawalDestinations {
  const addresses = new WithdrawAddressRepository(db);
  const cards = new BankCardRepository(db);
  return {
    addresses(userId, coinId) {
      const row = addresses.forCoin(userId, coinId);
      return row ? [{ id: row.id, coinId: row.coin_id, address: row.address, network: row.network }] : [];
    },
    card(userId, cardId) {
      const row = cards.ownedBy(userId, cardId);
      return row ? { id: row.id, bankName: row.bank_name, cardNumber: row.card_number, cardName: row.card_name } : null;
    },
  };
}
