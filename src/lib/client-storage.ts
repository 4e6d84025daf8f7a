/**
 * The values the client keeps between visits (docs/product-rules.md#log-in-and-sessions): the auth token (in a
 * cookie AND local storage, so a server-rendered page or another tab sees it too), the theme, the
 * language, the last account name, remembered credentials, the bulletin's don't-show-today date and
 * whether the assets screens hide amounts.
 * Every read tolerates storage being unavailable (private mode) or holding garbage.
 */

const KEY = {
  token: 'token',
  theme: 'theme',
  lang: 'lang',
  account: 'account',
  credentials: 'remembered_credentials',
  popupHiddenOn: 'popup_hidden_on',
  redUp: 'red_up',
  chartPeriod: 'chart_period',
  hideAmounts: 'hide_amounts',
} as const;

const TOKEN_COOKIE = 'token';
/** Cookie lifetime; the server expires the token itself, this only bounds how long the browser keeps it. */
const TOKEN_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 30;

export type Theme = 'day' | 'night';

export interface RememberedCredentials {
  username: string;
  password: string;
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked: the value simply is not remembered.
  }
}

function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) return decodeURIComponent(trimmed.slice(prefix.length)) || null;
  }
  return null;
}

function writeCookie(name: string, value: string | null): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    value === null
      ? `${name}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
      : `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${TOKEN_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
}

/** The stored token: local storage first, the cookie when local storage lost it. */
export function loadToken(): string | null {
  return read(KEY.token) || readCookie(TOKEN_COOKIE);
}

export function saveToken(token: string): void {
  write(KEY.token, token);
  writeCookie(TOKEN_COOKIE, token);
}

export function clearToken(): void {
  write(KEY.token, null);
  writeCookie(TOKEN_COOKIE, null);
}

export function loadTheme(): Theme | null {
  const value = read(KEY.theme);
  return value === 'day' || value === 'night' ? value : null;
}

export function saveTheme(theme: Theme): void {
  write(KEY.theme, theme);
}

export function loadLanguage(): string | null {
  return read(KEY.lang);
}

export function saveLanguage(lang: string): void {
  write(KEY.lang, lang);
}

/** The account name last used to log in (docs/product-rules.md#log-in-and-sessions). */
export function loadAccount(): string | null {
  return read(KEY.account);
}

export function saveAccount(account: string): void {
  write(KEY.account, account);
}

/** Whether the assets screens show amounts as **** (docs/product-rules.md#assets, the eye toggle). */
export function loadHideAmounts(): boolean {
  return read(KEY.hideAmounts) === '1';
}

export function saveHideAmounts(hidden: boolean): void {
  write(KEY.hideAmounts, hidden ? '1' : null);
}

/**
 * Credentials saved when "remember" is ticked at login (docs/product-rules.md#log-in-and-sessions). Note: the spec asks for the
 * password too, so it sits in local storage in clear; unticking the box removes it.
 */
export function loadCredentials(): RememberedCredentials | null {
  const raw = read(KEY.credentials);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (
      parsed &&
      typeof parsed === 'object' &&
      typeof (parsed as RememberedCredentials).username === 'string' &&
      typeof (parsed as RememberedCredentials).password === 'string'
    ) {
      const { username, password } = parsed as RememberedCredentials;
      return { username, password };
    }
  } catch {
    // Corrupt entry: behave as if nothing was remembered.
  }
  return null;
}

export function saveCredentials(credentials: RememberedCredentials | null): void {
  write(KEY.credentials, credentials ? JSON.stringify(credentials) : null);
}

/** Local calendar date as YYYY-MM-DD: "today" is the user's day, not UTC's. */
export function localDateKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** True when the bulletin popup was dismissed with don't-show-today on the same local date. */
export function isPopupHiddenOn(date: Date): boolean {
  return read(KEY.popupHiddenOn) === localDateKey(date);
}

export function hidePopupFor(date: Date): void {
  write(KEY.popupHiddenOn, localDateKey(date));
}

/** Reads and writes a JSON array of numbers (e.g. notice ids read locally). */
export function loadIdSet(key: string): Set<number> {
  const raw = read(key);
  if (!raw) return new Set();
  try {
    const parsed: unknown = JSON.parse(raw);
    return new Set(Array.isArray(parsed) ? parsed.filter((v): v is number => Number.isInteger(v)) : []);
  } catch {
    return new Set();
  }
}

export function saveIdSet(key: string, ids: ReadonlySet<number>): void {
  write(key, JSON.stringify([...ids]));
}

/** The red-up colour choice (docs/product-rules.md#look-and-feel); false (green up, the spec's default) unless saved. */
export function loadRedUp(): boolean {
  return read(KEY.redUp) === '1';
}

export function saveRedUp(redUp: boolean): void {
  write(KEY.redUp, redUp ? '1' : null);
}

/** The chart interval the user last chose on the options screen (a feed period such as 1min); null before any choice. */
export function loadChartPeriod(): string | null {
  return read(KEY.chartPeriod);
}

export function saveChartPeriod(period: string): void {
  write(KEY.chartPeriod, period);
}
