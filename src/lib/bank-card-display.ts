import { groupCardNumber, maskCardNumber } from '../../common/profile-rules.ts';
import type { SiteSettings } from './site-settings.ts';

/**
 * A bank card number as every screen shows it (docs/product-rules.md#bank-cards): only its last 4 digits while
 * bank_swan_type is 1 (`**** 7890`), else grouped by 4. The server masks already while the switch
 * is on; masking here too keeps the rule when the app runs against a backend that does not.
 */
export function displayCardNumber(number: string, settings: Pick<SiteSettings, 'bank_swan_type'> | null): string {
  return Number(settings?.bank_swan_type) === 1 ? maskCardNumber(number) : groupCardNumber(number);
}
