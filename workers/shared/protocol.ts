/**
 * Types shared by the market worker, the app and the server (DESIGN.md §3). The worker normalizes
 * everything it receives into these shapes before it reaches the UI.
 */

/** What the UI tells the worker about the signed-in user; polls send these as `Token` and `Lang`. */
export interface Session {
  token: string | null;
  lang: string;
}

/** A system notice (spec §3). status 1 = unread, 2 = read. */
export interface Notice {
  id: number;
  title: string;
  addtime: string;
  status: number;
  imgs: string;
  content: string;
}

/**
 * Every stream the worker offers. Streams are reference-counted: the first subscriber starts the
 * socket topic or poll loop behind it, the last one to leave stops it.
 */
export type StreamKey =
  /** Shell notice banner: getNoticeList page 1 limit 1 every 10 s while a token exists and the switch is on; emits the newest notice or null. */
  | { kind: 'notices'; unreadSwitch: boolean }
  /** Emits the server's message whenever a poll answers 401, so the shell can clear the token and go to /login. */
  | { kind: 'sessionExpired' };

/** The value type each stream emits. */
export type StreamValue<K extends StreamKey> = K extends { kind: 'notices' }
  ? Notice | null
  : K extends { kind: 'sessionExpired' }
    ? string
    : never;
