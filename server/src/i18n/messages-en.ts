import { earnMessagesEn } from './messages-earn-en.ts';
import { approvalMessagesEn } from './messages-security-approval-en.ts';
import { allowlistMessagesEn } from './messages-security-allowlist-en.ts';
import { profileMessagesEn } from './messages-profile-en.ts';
import { totpMessagesEn } from './messages-security-totp-en.ts';
import { passkeyMessagesEn } from './messages-security-passkeys-en.ts';
import { securitySessionsMessagesEn } from './messages-security-sessions-en.ts';
import { tradeMessagesEn } from './messages-trade-en.ts';
import { uploadMessagesEn } from './messages-upload-en.ts';
import { walletMessagesEn } from './messages-wallet-en.ts';

/** English server messages: the source of every key, and the fallback for a key a catalogue lacks (locales/*.json). */
export const messagesEn = {
  'common.ok': 'Success',
  'common.badRequest': 'Invalid request',
  'common.notFound': 'This service does not exist',
  'common.tooLarge': 'The request is too large',
  'common.serverError': 'Something went wrong on our side, please try again',
  'common.duplicate': 'This was just submitted, please wait a moment',
  'auth.required': 'Please log in first',
  'auth.expired': 'Your session has expired, please log in again',
  'lang.unsupported': 'Unsupported language: {lang}',
  'lang.saved': 'Language changed',
  'validate.passwordRule': 'Password must be 6-20 letters or numbers',
  'validate.passwordMismatch': 'The two passwords are not the same',
  'validate.emailInvalid': 'Please enter a valid email address',
  'validate.phoneInvalid': 'Please enter a valid phone number (6-20 digits)',
  'validate.codeRequired': 'Please enter the email verification code',
  'validate.codeWrong': 'The verification code is wrong or has expired',
  'register.typeInvalid': 'Unknown registration type',
  'register.emailClosed': 'Registration by email is closed',
  'register.phoneClosed': 'Registration by phone is closed',
  'register.emailTaken': 'This email is already registered',
  'register.phoneTaken': 'This phone number is already registered',
  'register.inviteInvalid': 'The invite code does not exist',
  'register.ok': 'Registration successful',
  'login.required': 'Please enter your account and password',
  'login.wrong': 'Wrong account or password',
  'login.ok': 'Login successful',
  'logout.ok': 'You have logged out',
  'ems.wait': 'Please wait {seconds} s before requesting another code',
  'ems.sent': 'Verification code sent, please check your email',
  'ems.subject': 'Your verification code',
  'ems.body':
    'Your verification code is {code}. It expires in {minutes} minutes. If you did not request it, ignore this message.',
  'notice.pageInvalid': 'Page and limit must be whole numbers (limit 1-50)',
  'notice.notFound': 'This notice does not exist',
  'password.oldRequired': 'Please enter your current password',
  'password.oldWrong': 'The current password is wrong',
  'password.changed': 'Password changed, please log in again',
  'pay.loginRequired': 'Please enter your login password',
  'pay.loginWrong': 'The login password is wrong',
  'pay.saved': 'Transaction password saved',
  'pay.required': 'Please enter your transaction password',
  'pay.notSet': 'Please set a transaction password in the security center first',
  'pay.wrong': 'The transaction password is wrong ({left} attempts left)',
  'pay.locked': 'Too many wrong transaction passwords, please try again in {minutes} min',
  'rate.exceeded': 'Too many requests, please try again in {seconds} s',
  ...tradeMessagesEn,
  ...uploadMessagesEn,
  ...profileMessagesEn,
  ...walletMessagesEn,
  ...earnMessagesEn,
  ...totpMessagesEn,
  ...passkeyMessagesEn,
  ...approvalMessagesEn,
  ...securitySessionsMessagesEn,
  ...allowlistMessagesEn,
} as const;

/** Every message key the server can answer with. */
export type MessageKey = keyof typeof messagesEn;
