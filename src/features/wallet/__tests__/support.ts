import { vi } from 'vitest';
import type { SiteSettings } from '../../../lib/site-settings.ts';

/** Site settings with every switch on, as getSetting could answer them; override per test. */
export function siteSettings(overrides: Partial<SiteSettings> = {}): SiteSettings {
  const on = 1;
  return {
    name: 'TradeDesk',
    custom_service: '',
    theme_switch: on,
    unread_notice_switch: on,
    option_switch: on,
    flash_exchange_status: on,
    loan_switch: on,
    machine_switch: on,
    staking_switch: on,
    Internal_transfer_status: on,
    account_transfer_status: on,
    recharge_status: on,
    withdrawal_status: on,
    certification_switch: on,
    address_switch: on,
    bank_switch: on,
    invit_qrcode_switch: on,
    introduce_switch: on,
    traders_password_switch: on,
    email_register_switch: on,
    phone_register_switch: on,
    verify_email_code: on,
    invie_code_switch: on,
    can_edit_address: on,
    quantize_switch: 0,
    recharge_certificate: on,
    recharge_subover_refre: 0,
    withdrawal_subover_refre: 0,
    ...overrides,
  };
}

/** An /api call the screen made: its path and fields. */
export interface ApiCall {
  path: string;
  fields: URLSearchParams;
}

export const ok = (data: unknown, msg = '') => ({ code: 1, msg, data });

/**
 * Stubs fetch with a server answering each /api path from `answers` (an envelope, or a function of
 * the call returning one); any other path rejects like a network error. Returns the calls made.
 */
export function stubApi(answers: Record<string, unknown | ((call: ApiCall) => unknown)>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const [path = '', query = ''] = String(input).replace(/^\/api/, '').split('?');
      const call = { path, fields: init?.body instanceof URLSearchParams ? init.body : new URLSearchParams(query) };
      calls.push(call);
      if (!(path in answers)) throw new Error(`unexpected call ${path}`);
      const answer = answers[path];
      return new Response(JSON.stringify(typeof answer === 'function' ? (answer as (call: ApiCall) => unknown)(call) : answer));
    }),
  );
  return calls;
}
