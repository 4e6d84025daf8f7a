/**
 * Where a withdrawal may go: the caller's own bound withdrawal addresses and bank cards, which the
 * profile screens bind (/bindMentionAddress, /bank). The wallet reads them through this
 * port only; `profile-destinations.ts` implements it over the profile's tables.
 */

/** A bound withdrawal address of one coin. */
export interface BoundAddress {
  id: number;
  coinId: number;
  address: string;
  /** The chain it is on (TRC20, ERC20 …); '' when the coin has one. */
  network: string;
}

/** A bound bank card. */
export interface BoundCard {
  id: number;
  bankName: string;
  cardNumber: string;
  cardName: string;
}

export interface WithdrawalDestinations {
  /** The user's bound addresses of a coin, oldest first. */
  addresses(userId: number, coinId: number): BoundAddress[];
  /** One of the user's bound cards, or null when the user has no card with this id. */
  card(userId: number, cardId: number): BoundCard | null;
}
