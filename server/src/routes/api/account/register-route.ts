import { checkEmailCode } from '../../../domain/email-codes.ts';
import { newInviteCode } from '../../../domain/invite-code.ts';
import { hashSecret } from '../../../domain/passwords.ts';
import { reject } from '../../../domain/rejection.ts';
import { clientOrigin, startSession } from '../../../domain/security/sessions.ts';
import { recordSignIn } from '../../../domain/security/sign-ins.ts';
import {
  choice,
  email,
  messages,
  newPassword,
  optional,
  phone,
  secret,
  text,
  type FieldValues,
} from '../../../http/contract/fields.ts';
import { ok } from '../../../http/envelope.ts';
import { findLanguage } from '../../../i18n/languages.ts';
import { declareRoutes, type ApiContext, type ApiPlugin } from '../context.ts';
import { clientIp, UserInfoToken } from './login-routes.ts';

const REGISTER_PHONE = 1;
const REGISTER_EMAIL = 2;

/** The fields of register in the order docs/product-rules.md#register checks them. */
const registerFields = {
  type: choice([REGISTER_PHONE, REGISTER_EMAIL], messages('register.typeInvalid')),
  email: optional(email(messages('validate.emailInvalid'))),
  phone: optional(phone(messages('validate.phoneInvalid'))),
  password: newPassword(messages('validate.passwordRule')),
  repassword: secret(messages('validate.passwordMismatch')),
  code: optional(text(messages('validate.codeWrong'), { max: 16 })),
  captcha: optional(
    text(messages('common.badRequest'), { max: 64, description: 'Accepted, not checked: the spec shows no captcha' }),
  ),
  ip: clientIp,
  invit: optional(text(messages('register.inviteInvalid'), { max: 32 })),
  invite: optional(text(messages('register.inviteInvalid'), { max: 32 })),
};

/** A registration whose every rule passed, ready to store. */
interface CheckedRegistration {
  byEmail: boolean;
  account: string;
  inviterId: number | null;
  /** The email code row to mark used together with the insert (null when no code is required). */
  codeId: number | null;
}

function uniqueInviteCode(ctx: ApiContext): string {
  for (;;) {
    const code = newInviteCode();
    if (!ctx.users.inviteCodeTaken(code)) return code;
  }
}

/** The rules a schema cannot say (switches, the repeat, uniqueness, codes), in spec order; changes nothing but a wrong-code count. */
function checkRegistration(ctx: ApiContext, fields: FieldValues<typeof registerFields>): CheckedRegistration {
  const site = ctx.siteConfig.get();
  const byEmail = fields.type === REGISTER_EMAIL;
  if (byEmail && site.email_register_switch !== 1) reject('register.emailClosed');
  if (!byEmail && site.phone_register_switch !== 1) reject('register.phoneClosed');
  const account = byEmail ? (fields.email ?? '').toLowerCase() : (fields.phone ?? '');
  if (fields.password !== fields.repassword) reject('validate.passwordMismatch');
  const needsCode = byEmail && site.verify_email_code === 1;
  if (needsCode && !fields.code) reject('validate.codeRequired');
  if (ctx.users.loginTaken(account)) reject(byEmail ? 'register.emailTaken' : 'register.phoneTaken');

  let inviterId: number | null = null;
  const invite = fields.invit || fields.invite;
  if (site.invie_code_switch === 1 && invite) {
    const inviter = ctx.users.findByInviteCode(invite);
    if (!inviter) reject('register.inviteInvalid');
    inviterId = inviter.id;
  }

  let codeId: number | null = null;
  if (needsCode) {
    codeId = checkEmailCode(ctx.mail, account, fields.code ?? '', ctx.now());
    if (codeId === null) reject('validate.codeWrong');
  }
  return { byEmail, account, inviterId, codeId };
}

/** POST /api/Login/register (docs/product-rules.md#register). */
export const registerRoute: ApiPlugin = async (fastify) => {
  const ctx = fastify.apiContext;
  const route = declareRoutes(fastify, ctx);

  route({
    method: 'POST',
    url: '/Login/register',
    summary: 'Registers by email (type 2) or phone (type 1) and logs the new account in',
    description:
      'The username is the email or phone. `code` is the emailed code, required when verify_email_code is 1 and type is 2. ' +
      '`invit` or `invite` is an optional invite code, which must exist when given while invie_code_switch is 1.',
    auth: 'none',
    rateLimit: true,
    fields: registerFields,
    requireWhen: [
      { when: { type: REGISTER_EMAIL }, require: ['email'] },
      { when: { type: REGISTER_PHONE }, require: ['phone'] },
    ],
    answer: UserInfoToken,
    handler: async ({ fields, lang, request, t }) => {
      const checked = checkRegistration(ctx, fields);
      const password = await hashSecret(fields.password);
      const now = ctx.now();
      let userId: number;
      try {
        userId = ctx.db.transaction(() => {
          if (checked.codeId !== null && !ctx.mail.markUsed(checked.codeId, now)) reject('validate.codeWrong');
          return ctx.users.create({
            username: checked.account,
            email: checked.byEmail ? checked.account : null,
            phone: checked.byEmail ? null : checked.account,
            password,
            inviteCode: uniqueInviteCode(ctx),
            invitedBy: checked.inviterId,
            lang: findLanguage(lang)?.file_name ?? 'en',
            registerIp: fields.ip?.slice(0, 64) || request.ip,
            createdAt: now,
          });
        })();
      } catch (error) {
        // Two submits of the same account racing past the check: the unique index decides.
        if ((error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE')
          reject(checked.byEmail ? 'register.emailTaken' : 'register.phoneTaken');
        throw error;
      }
      // The new account's first sign-in: later ones from another device are "new".
      const origin = clientOrigin(request);
      recordSignIn(ctx, { userId, reason: 'ok', ...origin });
      const token = startSession(ctx, { userId, ...origin });
      return ok({ userinfo: { token, id: userId, username: checked.account } }, t('register.ok'));
    },
  });
};
