/**
 * The account types of docs/product-rules.md#account-types, in one place. Type 1, the option account, is the main account:
 * spot and options trade from it, deposits credit it, withdrawals, the earn products (loans,
 * mining, staking) and internal transfers draw on it. Type 2 (funds) and type 3 (quantitative,
 * only while `quantize_switch` is 1) hold what the user moves there with a transfer between own
 * accounts; a flash exchange works inside whichever account it names.
 */

export type AccountType = 1 | 2 | 3;

export const OPTION_ACCOUNT: AccountType = 1;
export const FUNDS_ACCOUNT: AccountType = 2;
export const QUANTITATIVE_ACCOUNT: AccountType = 3;

/** The account trading, deposits, withdrawals, earn products and internal transfers use. */
export const MAIN_ACCOUNT: AccountType = OPTION_ACCOUNT;

/** The account types open to users under the site config: 3 only while quantize_switch is 1. */
export function openAccountTypes(site: { quantize_switch: number }): AccountType[] {
  return site.quantize_switch === 1 ? [1, 2, 3] : [1, 2];
}
