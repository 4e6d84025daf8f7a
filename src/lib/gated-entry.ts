import { navigate } from 'wouter/use-browser-location';
import { isOn, type SiteSettings } from './site-settings.ts';
import { showToast } from './toast.ts';

/** The switches that gate the recharge and withdrawal entries (home tiles, the trade-account footer). */
export type GatedStatus = 'recharge_status' | 'withdrawal_status';

/**
 * What a recharge or withdrawal entry does (docs/product-rules.md#account-records): its route when its status is
 * 1; otherwise the customer-service link, or a contact-service toast when none is configured.
 */
export function gatedEntryAction(settings: SiteSettings | null, status: GatedStatus): 'route' | 'service' | 'toast' {
  if (isOn(settings, status)) return 'route';
  return settings?.custom_service ? 'service' : 'toast';
}

/** Does what {@link gatedEntryAction} says: goes to `href`, opens customer service in a new window, or toasts `contactMessage`. */
export function openGatedEntry(
  settings: SiteSettings | null,
  status: GatedStatus,
  href: string,
  contactMessage: string,
): void {
  const action = gatedEntryAction(settings, status);
  if (action === 'route') navigate(href);
  else if (action === 'service') window.open(settings?.custom_service, '_blank', 'noopener');
  else showToast(contactMessage, 'error');
}
