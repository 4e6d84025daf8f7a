/**
 * Test support for screens that talk to /api (vitest, jsdom): a fetch stub answering per path, the
 * envelopes it answers with, and site settings as getSetting could answer them. Only tests import it.
 */
import { vi } from 'vitest';
import type { SiteSettings } from '../site-settings.ts';

/** Site settings with every switch on and no links; override per test. */
export function siteSettings(overrides: Partial<SiteSettings> = {}): SiteSettings {
  return {
    name: 'TradeDesk',
    custom_service: '',
    ios_url: '',
    android_url: '',
    invit_url: '/register',
    theme_switch: 1,
    unread_notice_switch: 1,
    option_switch: 1,
    flash_exchange_status: 1,
    loan_switch: 1,
    machine_switch: 1,
    staking_switch: 1,
    Internal_transfer_status: 1,
    account_transfer_status: 1,
    recharge_status: 1,
    withdrawal_status: 1,
    certification_switch: 1,
    address_switch: 1,
    bank_switch: 1,
    invit_qrcode_switch: 1,
    introduce_switch: 1,
    traders_password_switch: 1,
    email_register_switch: 1,
    phone_register_switch: 1,
    verify_email_code: 1,
    invie_code_switch: 1,
    can_edit_address: 1,
    can_edit_bank: 1,
    bank_swan_type: 1,
    quantize_switch: 0,
    recharge_certificate: 1,
    recharge_subover_refre: 0,
    withdrawal_subover_refre: 0,
    ...overrides,
  };
}

/** One /api call a screen made: its path, method and fields (form body, or query string for GET). */
export interface ApiCall {
  path: string;
  method: string;
  fields: URLSearchParams;
}

export const ok = (data: unknown, msg = '') => ({ code: 1, msg, data });
export const refused = (msg: string) => ({ code: 0, msg, data: null });

/**
 * Stubs fetch with a server that answers each /api path from `answers` (an envelope, or a function
 * of the path's call count returning one); any other path rejects like a network error. Returns the calls.
 */
export function stubApi(answers: Record<string, unknown | ((n: number) => unknown)>): ApiCall[] {
  const calls: ApiCall[] = [];
  const counts = new Map<string, number>();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const [path = '', query = ''] = String(input)
        .replace(/^\/api/, '')
        .split('?');
      const fields = init?.body instanceof URLSearchParams ? init.body : new URLSearchParams(query);
      calls.push({ path, method: init?.method ?? 'GET', fields });
      if (!(path in answers)) throw new Error(`unexpected call ${path}`);
      const n = (counts.get(path) ?? 0) + 1;
      counts.set(path, n);
      const answer = answers[path];
      return new Response(
        JSON.stringify(typeof answer === 'function' ? (answer as (n: number) => unknown)(n) : answer),
      );
    }),
  );
  return calls;
}
