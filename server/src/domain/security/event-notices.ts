import { formatAddtime } from '../../db/repositories/notice-repository.ts';
import { t, type MessageKey } from '../../i18n/index.ts';
import type { SecurityEvent, SecurityEventDeps, SecurityEventKind } from './event-types.ts';

/** The message keys of each event's notice and mail: `<prefix>.title` and `<prefix>.body`. */
const NOTICE_KEYS: Record<SecurityEventKind, string> = {
  new_device_sign_in: 'securityNotice.newDeviceSignIn',
  login_password_changed: 'securityNotice.loginPasswordChanged',
  pay_password_changed: 'securityNotice.payPasswordChanged',
  factor_added: 'securityNotice.factorAdded',
  factor_removed: 'securityNotice.factorRemoved',
  allowlist_changed: 'securityNotice.allowlistChanged',
  withdraw_address_added: 'securityNotice.withdrawAddressAdded',
  bank_card_added: 'securityNotice.bankCardAdded',
};

/** The device of a sign-in in the user's language: "Chrome 140 on Android 14" with "on" translated. */
function deviceText(lang: string, detail: Record<string, string> | undefined): string {
  if (detail?.browser && detail.os)
    return t(lang, 'securityNotice.deviceOn', { browser: detail.browser, os: detail.os });
  return detail?.browser || detail?.os || detail?.device || t(lang, 'securityNotice.unknownDevice');
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * Tells the user about an event in their language (users.lang): a system notice (the notices list
 * and its unread dot) and, when the account has an email, a mail, which carries the anti-phishing
 * code like every mail (MailRepository.addMessage). Both say what changed, when (UTC), and what to
 * do if it was not them.
 */
export function noticeOfSecurityEvent(deps: SecurityEventDeps, event: SecurityEvent, at: number): void {
  const user = deps.users.findById(event.userId);
  if (!user) return;
  const lang = user.lang;
  const prefix = NOTICE_KEYS[event.kind];
  const vars = {
    time: formatAddtime(at),
    ip: '-',
    factor: '-',
    coin: '',
    address: '',
    card: '',
    ...event.detail,
    device: deviceText(lang, event.detail),
    // An operator's reset removes every factor at once (npm run admin -- security:reset).
    ...(event.detail?.by === 'operator' ? { factor: t(lang, 'securityNotice.allFactorsByOperator') } : {}),
  };
  const title = t(lang, `${prefix}.title` as MessageKey);
  const body = t(lang, `${prefix}.body` as MessageKey, vars);
  const footer = t(lang, 'securityNotice.footer');
  deps.notices.add({
    userId: user.id,
    title,
    content: `<p>${escapeHtml(body)}</p><p>${escapeHtml(footer)}</p>`,
    createdAt: at,
  });
  if (user.email)
    deps.mail.addMessage({ to: user.email, subject: title, body: `${body}\n\n${footer}`, code: null, created_at: at });
}
