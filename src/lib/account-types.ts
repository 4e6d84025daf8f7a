/**
 * The account types of docs/product-rules.md#account-types as the app shows them, in one place (the server's is
 * server/src/domain/accounts.ts). Type 1, the option account, is the main account: spot and
 * options trade from it, deposits credit it, withdrawals draw on it. Type 2 (funds) and type 3
 * (quantitative, only while `quantize_switch` is 1) hold what the user moves there.
 */
import { isOn, type SiteSettings } from './site-settings.ts';

export type AccountType = 1 | 2 | 3;

/** The account deposits credit and withdrawals draw on. */
export const MAIN_ACCOUNT: AccountType = 1;

/** The i18n key of each account type's name (the assets tabs, pickers and record titles). */
export const ACCOUNT_NAME_KEYS: Readonly<Record<AccountType, string>> = {
  1: 'wallet.account.option',
  2: 'wallet.account.funds',
  3: 'wallet.account.quantitative',
};

/** The short name of each account type: the assets screen's tabs. */
export const ACCOUNT_TAB_KEYS: Readonly<Record<AccountType, string>> = {
  1: 'wallet.account.optionTab',
  2: 'wallet.account.fundsTab',
  3: 'wallet.account.quantitativeTab',
};

/** The account types open under the site settings: 3 only while quantize_switch is 1. */
export function openAccountTypes(settings: SiteSettings | null): AccountType[] {
  return isOn(settings, 'quantize_switch') ? [1, 2, 3] : [1, 2];
}

/** `value` as an account type, or null when it is not one (a query parameter, an answer field). */
export function toAccountType(value: unknown): AccountType | null {
  const number = Number(value);
  return number === 1 || number === 2 || number === 3 ? number : null;
}
