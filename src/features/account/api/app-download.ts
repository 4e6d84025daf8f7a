import type { SiteSettings } from '../../../lib/site-settings.ts';

/** Where a device can be sent for the app: the two store links of the site config (docs/product-rules.md#account). */
export type AppLinks = Pick<SiteSettings, 'ios_url' | 'android_url'>;

/**
 * True on iPhone, iPod and iPad. iPadOS 13+ asks for desktop sites and says "Macintosh"; a Mac
 * with a touch screen is such an iPad, since desktop Macs report no touch points.
 */
export function isAppleMobile(userAgent: string, maxTouchPoints = 0): boolean {
  return /iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/i.test(userAgent) && maxTouchPoints > 1);
}

/**
 * The member panel's app-download link (docs/product-rules.md#account): ios_url on Apple mobile devices, android_url on
 * every other device, each falling back to the other when only one is configured; null when
 * neither is (the panel then shows the contact-service toast).
 */
export function appDownloadUrl(links: AppLinks | null, userAgent: string, maxTouchPoints = 0): string | null {
  const ios = links?.ios_url?.trim() ?? '';
  const android = links?.android_url?.trim() ?? '';
  const url = isAppleMobile(userAgent, maxTouchPoints) ? ios || android : android || ios;
  return url || null;
}
