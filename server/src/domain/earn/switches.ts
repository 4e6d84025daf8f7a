import type { MessageKey } from '../../i18n/index.ts';
import { reject } from '../rejection.ts';
import type { SiteConfig } from '../site-config.ts';

/** The switch of each earn product (docs/product-rules.md#earn site config). */
export type EarnSwitch = 'loan_switch' | 'machine_switch' | 'staking_switch' | 'Internal_transfer_status';

/**
 * Refuses new business of a product whose switch is off: its product list, applying, buying,
 * staking, searching a receiver and sending. What a user already has stays in reach with the
 * switch off: the records, repaying a loan, cancelling an application or a transfer, redeeming
 * (README "How the reference server runs the earn products").
 */
export function requireSwitch(site: SiteConfig, name: EarnSwitch, message: MessageKey): void {
  if (site[name] !== 1) reject(message);
}
