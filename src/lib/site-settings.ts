/**
 * The site configuration of docs/product-rules.md#site-configuration (getSetting), loaded once at start and shared by every feature.
 * Switches are numbers: 1 means on, anything else off.
 */

import { proxy, useSnapshot } from 'valtio';
import { api } from './api-client.ts';

export interface SitePopup {
  title?: string;
  img?: string;
  content?: string;
}

export interface SiteSettings {
  logo?: string;
  name?: string;
  custom_script?: string;
  custom_service?: string;
  ios_url?: string;
  android_url?: string;
  invit_url?: string;
  popup?: SitePopup | null;
  /** Our addition: the public-IP lookup endpoint, answering `{"ip": "..."}`. */
  ip_lookup_url?: string;
  theme_switch: number;
  unread_notice_switch: number;
  option_switch: number;
  flash_exchange_status: number;
  loan_switch: number;
  machine_switch: number;
  staking_switch: number;
  Internal_transfer_status: number;
  account_transfer_status: number;
  recharge_status: number;
  withdrawal_status: number;
  certification_switch: number;
  address_switch: number;
  bank_switch: number;
  invit_qrcode_switch: number;
  introduce_switch: number;
  traders_password_switch: number;
  email_register_switch: number;
  phone_register_switch: number;
  verify_email_code: number;
  invie_code_switch: number;
  can_edit_address: number;
  quantize_switch: number;
  can_edit_bank?: number;
  bank_swan_type?: number;
  recharge_certificate?: number;
  /** Our addition: 1 refuses withdrawals and internal transfers of an account without a second factor. */
  two_factor_required?: number;
  recharge_subover_refre?: number;
  withdrawal_subover_refre?: number;
  /** Our addition: minutes without input before a logged-in app asks, then logs out; 0 off. */
  idle_timeout_minutes?: number;
  /** Our addition: a limit price further than this percent from the last price asks first; 0 off, 5 when absent. */
  price_confirm_percent?: number;
}

export type SwitchName = {
  [K in keyof SiteSettings]-?: SiteSettings[K] extends number ? K : never;
}[keyof SiteSettings];

export const site = proxy<{ settings: SiteSettings | null; failed: boolean }>({ settings: null, failed: false });

/** True when the named switch is on (value 1); false while settings are still loading. */
export function isOn(settings: SiteSettings | null, name: SwitchName): boolean {
  return Number(settings?.[name]) === 1;
}

/**
 * True when the settings say the named switch is off; false while they are still loading, so a
 * screen shows its closed notice only once the site has said so, never as a guess.
 */
export function isOff(settings: SiteSettings | null, name: SwitchName): boolean {
  return settings !== null && !isOn(settings, name);
}

let inFlight: Promise<SiteSettings | null> | null = null;

/** Loads getSetting once; concurrent callers share the one request. */
export function loadSiteSettings(): Promise<SiteSettings | null> {
  inFlight ??= api
    .get<SiteSettings>('/index/getSetting', undefined, { quiet: true })
    .then((result) => {
      if (result.ok && result.data) {
        site.settings = result.data;
        site.failed = false;
        return result.data;
      }
      site.failed = true;
      return null;
    })
    .catch(() => {
      site.failed = true;
      return null;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** The site settings for rendering; null until getSetting has answered. */
export function useSiteSettings(): SiteSettings | null {
  return useSnapshot(site).settings as SiteSettings | null;
}

/** How long the first render waits for the settings before it goes ahead without them. */
export const SETTINGS_BOOT_WAIT_MS = 3000;

let boot: Promise<void> | null = null;

/**
 * Asks for the settings at start-up, beside the first screen's code, and gives a promise the app's
 * first render waits for (app/first-render.ts): it settles when the settings have arrived or failed, or
 * after {@link SETTINGS_BOOT_WAIT_MS} if the server is slow. So the first paint already has the
 * switched menu tiles, the site name and the theme: nothing grows or flips when they arrive
 * (docs/performance.md#lighthouse-on-the-home-page). `onLoaded` runs with the settings once they are in, before that first render.
 */
export function bootSiteSettings(
  onLoaded: (settings: SiteSettings) => void,
  waitMs = SETTINGS_BOOT_WAIT_MS,
): Promise<void> {
  boot ??= new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    void loadSiteSettings().then((settings) => {
      if (settings) onLoaded(settings);
      clearTimeout(timer);
      resolve();
    });
  });
  return boot;
}

/** The start-up promise of {@link bootSiteSettings}; settled at once when nothing booted it (tests). */
export function siteSettingsBooted(): Promise<void> {
  return boot ?? Promise.resolve();
}
