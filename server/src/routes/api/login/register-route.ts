import type { FastifyRequest } from 'fastify';
import { checkEmailCode } from '../../../domain/email-codes.ts';
import { newInviteCode } from '../../../domain/invite-code.ts';
import { hashSecret } from '../../../domain/passwords.ts';
import { checkEmail, checkPassword, checkPhone, checkRepeat } from '../../../domain/validation.ts';
import { fail, ok } from '../../../http/envelope.ts';
import { requestLang } from '../../../http/lang.ts';
import { t, type MessageKey } from '../../../i18n/index.ts';
import { findLanguage } from '../../../i18n/languages.ts';
import type { ApiContext, ApiPlugin } from '../context.ts';
import { field, trimmedField } from '../fields.ts';

/** A registration whose every rule passed, ready to store. */
interface CheckedRegistration {
  byEmail: boolean;
  account: string;
  password: string;
  inviterId: number | null;
  /** The email code row to mark used together with the insert (null when no code is required). */
  codeId: number | null;
}

const REGISTER_EMAIL = '2';
const REGISTER_PHONE = '1';

function uniqueInviteCode(ctx: ApiContext): string {
  for (;;) {
    const code = newInviteCode();
    if (!ctx.users.inviteCodeTaken(code)) return code;
  }
}

/** Applies the rules of spec §5 in a fixed order and throws the first one broken; changes nothing but a wrong-code count. */
function checkRegistration(ctx: ApiContext, request: FastifyRequest): CheckedRegistration {
  const lang = requestLang(request);
  const reject = (key: MessageKey | null): void => {
    if (key) throw fail(t(lang, key));
  };
  const site = ctx.siteConfig.get();
  const type = trimmedField(request, 'type');
  if (type !== REGISTER_EMAIL && type !== REGISTER_PHONE) reject('register.typeInvalid');
  const byEmail = type === REGISTER_EMAIL;
  if (byEmail && site.email_register_switch !== 1) reject('register.emailClosed');
  if (!byEmail && site.phone_register_switch !== 1) reject('register.phoneClosed');

  const account = byEmail ? trimmedField(request, 'email').toLowerCase() : trimmedField(request, 'phone');
  reject(byEmail ? checkEmail(account) : checkPhone(account));
  const password = field(request, 'password');
  reject(checkPassword(password));
  reject(checkRepeat(password, field(request, 'repassword')));
  const needsCode = byEmail && site.verify_email_code === 1;
  const code = trimmedField(request, 'code');
  if (needsCode && !code) reject('validate.codeRequired');
  if (ctx.users.loginTaken(account)) reject(byEmail ? 'register.emailTaken' : 'register.phoneTaken');

  let inviterId: number | null = null;
  const invite = trimmedField(request, 'invit') || trimmedField(request, 'invite');
  if (site.invie_code_switch === 1 && invite) {
    const inviter = ctx.users.findByInviteCode(invite);
    if (!inviter) reject('register.inviteInvalid');
    inviterId = inviter?.id ?? null;
  }

  let codeId: number | null = null;
  if (needsCode) {
    codeId = checkEmailCode(ctx.mail, account, code, ctx.now());
    if (codeId === null) reject('validate.codeWrong');
  }
  return { byEmail, account, password, inviterId, codeId };
}

/**
 * POST /api/Login/register (spec §7): type 2 email / 1 phone; email or phone; password, repassword;
 * code (email code, required when verify_email_code is 1 and type is 2); captcha (accepted, not
 * checked: the spec shows no captcha); ip (kept as register IP); invit or invite (optional invite
 * code, must exist when given and invie_code_switch is 1). The username is the email or phone.
 * data = {userinfo: {token, id, username}}: the new account is logged in.
 */
export const registerRoute: ApiPlugin = async (fastify, { ctx }) => {
  fastify.post('/Login/register', { config: { rateLimit: ctx.authRateLimit } }, async (request) => {
    const lang = requestLang(request);
    const checked = checkRegistration(ctx, request);
    const password = await hashSecret(checked.password);
    const now = ctx.now();
    let userId: number;
    try {
      userId = ctx.db.transaction(() => {
        if (checked.codeId !== null && !ctx.mail.markUsed(checked.codeId, now)) throw fail(t(lang, 'validate.codeWrong'));
        return ctx.users.create({
          username: checked.account,
          email: checked.byEmail ? checked.account : null,
          phone: checked.byEmail ? null : checked.account,
          password,
          inviteCode: uniqueInviteCode(ctx),
          invitedBy: checked.inviterId,
          lang: findLanguage(lang)?.file_name ?? 'en',
          registerIp: trimmedField(request, 'ip').slice(0, 64) || request.ip,
          createdAt: now,
        });
      })();
    } catch (error) {
      // Two submits of the same account racing past the check: the unique index decides.
      if ((error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
        throw fail(t(lang, checked.byEmail ? 'register.emailTaken' : 'register.phoneTaken'));
      }
      throw error;
    }
    const token = ctx.auth.issue(userId);
    return ok({ userinfo: { token, id: userId, username: checked.account } }, t(lang, 'register.ok'));
  });
};
