import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WatchedJsonFile, type ConfigLogger } from './watched-json-file.ts';

/** A feature switch: 1 on, 0 off. */
export type Switch = 0 | 1;

/** The home bulletin popup; shown when `title` is not empty (docs/product-rules.md#home). */
export interface SitePopup {
  title: string;
  img: string;
  content: string;
}

/** Switches of docs/product-rules.md#site-configuration, every one always present in getSetting. */
export const SWITCH_KEYS = [
  'theme_switch',
  'unread_notice_switch',
  'option_switch',
  'flash_exchange_status',
  'loan_switch',
  'machine_switch',
  'staking_switch',
  'Internal_transfer_status',
  'account_transfer_status',
  'recharge_status',
  'withdrawal_status',
  'certification_switch',
  'address_switch',
  'bank_switch',
  'invit_qrcode_switch',
  'introduce_switch',
  'traders_password_switch',
  'email_register_switch',
  'phone_register_switch',
  'verify_email_code',
  'invie_code_switch',
  'can_edit_address',
  'quantize_switch',
  'can_edit_bank',
  'bank_swan_type',
  'recharge_certificate',
  'two_factor_required',
] as const;

/** Text fields of docs/product-rules.md#site-configuration (identity). */
export const TEXT_KEYS = [
  'logo',
  'name',
  'custom_script',
  'custom_service',
  'ios_url',
  'android_url',
  'invit_url',
] as const;

/**
 * Where to go after a recharge / withdrawal succeeds: 1 home, 2 back, anything else stay (docs/product-rules.md#site-configuration).
 * `idle_timeout_minutes`: minutes without input after which a logged-in app asks and then
 * logs out; 0 turns it off; whole minutes 0..1440, anything else is the default (30).
 * `price_confirm_percent`: the spot form asks a second confirmation when a limit or trigger price is
 * further than this percent from the last price; 0 turns it off; a number 0..100 (fractions
 * allowed), anything else is the default (5).
 */
export const NUMBER_KEYS = [
  'recharge_subover_refre',
  'withdrawal_subover_refre',
  'idle_timeout_minutes',
  'price_confirm_percent',
] as const;

/** The longest idle time an operator may set: a day. */
const MAX_IDLE_MINUTES = 1440;

/**
 * The site configuration of docs/product-rules.md#site-configuration. `invie_code_switch` 1 shows the (always optional) invite
 * code field at registration; with 0 the server ignores any code sent.
 */
export type SiteConfig = Record<(typeof SWITCH_KEYS)[number], Switch> &
  Record<(typeof TEXT_KEYS)[number], string> &
  Record<(typeof NUMBER_KEYS)[number], number> & { popup: SitePopup };

export type { ConfigLogger } from './watched-json-file.ts';

const defaultFile = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'config', 'site-config.default.json');

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const toSwitch = (value: unknown): Switch => (value === 1 || value === '1' || value === true ? 1 : 0);

/**
 * Turns any parsed JSON object into a complete SiteConfig: missing fields take the default, switches
 * become 0/1 numbers, text fields strings. Unknown fields are dropped so the answer shape is fixed.
 */
export function normalizeSiteConfig(raw: Record<string, unknown>, defaults: SiteConfig): SiteConfig {
  const pick = (key: string): unknown => (key in raw ? raw[key] : defaults[key as keyof SiteConfig]);
  const popupRaw = isObject(raw.popup) ? raw.popup : {};
  const text = (value: unknown, fallback: string): string =>
    typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;
  const config = {} as SiteConfig;
  for (const key of TEXT_KEYS) config[key] = text(pick(key), defaults[key]);
  for (const key of SWITCH_KEYS) config[key] = toSwitch(pick(key));
  for (const key of NUMBER_KEYS) {
    const value = Number(pick(key));
    config[key] = Number.isFinite(value) ? value : defaults[key];
  }
  const idleRaw = pick('idle_timeout_minutes');
  const idle =
    typeof idleRaw === 'number' || (typeof idleRaw === 'string' && idleRaw.trim() !== '')
      ? Number(idleRaw)
      : Number.NaN;
  config.idle_timeout_minutes =
    Number.isInteger(idle) && idle >= 0 && idle <= MAX_IDLE_MINUTES ? idle : defaults.idle_timeout_minutes;
  const confirmRaw = pick('price_confirm_percent');
  const confirm =
    typeof confirmRaw === 'number' || (typeof confirmRaw === 'string' && confirmRaw.trim() !== '')
      ? Number(confirmRaw)
      : Number.NaN;
  config.price_confirm_percent =
    Number.isFinite(confirm) && confirm >= 0 && confirm <= 100 ? confirm : defaults.price_confirm_percent;
  config.popup = {
    title: text(popupRaw.title, defaults.popup.title),
    img: text(popupRaw.img, defaults.popup.img),
    content: text(popupRaw.content, defaults.popup.content),
  };
  return config;
}

/** The shipped defaults (server/config/site-config.default.json). */
export function loadDefaultSiteConfig(): SiteConfig {
  const raw: unknown = JSON.parse(readFileSync(defaultFile, 'utf8'));
  if (!isObject(raw)) throw new Error(`${defaultFile} must hold a JSON object`);
  // Normalizing against itself fills nothing but proves the shipped file is complete and typed.
  return normalizeSiteConfig(raw, raw as unknown as SiteConfig);
}

/**
 * The operator-edited site config `<dataDir>/site-config.json`, read again when it changes; a file
 * that is not valid JSON (or not an object) is logged and the last good config stays in use.
 */
export class SiteConfigStore extends WatchedJsonFile<SiteConfig> {
  constructor(file: string, defaults: SiteConfig, log: ConfigLogger) {
    super(
      file,
      (raw) => {
        if (!isObject(raw)) throw new Error('the file must hold a JSON object');
        return normalizeSiteConfig(raw, defaults);
      },
      defaults,
      log,
      'site config',
    );
  }
}

/** Where the operator-edited site config lives. */
export function siteConfigFile(dataDir: string): string {
  return join(dataDir, 'site-config.json');
}

/**
 * Opens `<dataDir>/site-config.json`, first creating it from the defaults plus `firstStart`
 * (e.g. the demo popup) when it does not exist yet.
 */
export function openSiteConfig(
  dataDir: string,
  log: ConfigLogger,
  firstStart: Partial<SiteConfig> = {},
): SiteConfigStore {
  const defaults = loadDefaultSiteConfig();
  const file = siteConfigFile(dataDir);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    if (Object.keys(firstStart).length === 0) copyFileSync(defaultFile, file);
    else writeFileSync(file, `${JSON.stringify({ ...defaults, ...firstStart }, null, 2)}\n`);
  }
  return new SiteConfigStore(file, defaults, log);
}
