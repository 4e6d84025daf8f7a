import { hashSecret, verifySecret } from '../../../domain/passwords.ts';
import { checkPassword } from '../../../domain/validation.ts';
import { fail, ok } from '../../../http/envelope.ts';
import { requestLang } from '../../../http/lang.ts';
import { t } from '../../../i18n/index.ts';
import type { ApiPlugin } from '../context.ts';
import { field } from '../fields.ts';

/** POST /api/User/resetpwd and /api/User/resetPay (spec §7); both need Token. */
export const passwordRoutes: ApiPlugin = async (fastify, { ctx }) => {
  /**
   * oldpassword, newpassword (6-20 letters or digits). On success every session of the user,
   * the caller's included, is revoked: the client logs in again (spec §4 Session). data = null.
   */
  fastify.post('/User/resetpwd', async (request) => {
    const { user } = ctx.auth.require(request);
    const lang = requestLang(request);
    const oldPassword = field(request, 'oldpassword');
    const newPassword = field(request, 'newpassword');
    if (!oldPassword) throw fail(t(lang, 'password.oldRequired'));
    const problem = checkPassword(newPassword);
    if (problem) throw fail(t(lang, problem));
    if (!(await verifySecret(oldPassword, { hash: user.password_hash, salt: user.password_salt }))) throw fail(t(lang, 'password.oldWrong'));
    const hashed = await hashSecret(newPassword);
    ctx.db.transaction(() => {
      ctx.users.setPassword(user.id, hashed);
      ctx.sessions.revokeAllForUser(user.id, ctx.now());
    })();
    return ok(null, t(lang, 'password.changed'));
  });

  /**
   * logpassword (the login password), newpassword (the transaction password, same 6-20 letters or
   * digits rule). Sets or replaces the pay password; getUserInfo then answers have_pay 1. data = null.
   */
  fastify.post('/User/resetPay', async (request) => {
    const { user } = ctx.auth.require(request);
    const lang = requestLang(request);
    const loginPassword = field(request, 'logpassword');
    const newPassword = field(request, 'newpassword');
    if (!loginPassword) throw fail(t(lang, 'pay.loginRequired'));
    const problem = checkPassword(newPassword);
    if (problem) throw fail(t(lang, problem));
    if (!(await verifySecret(loginPassword, { hash: user.password_hash, salt: user.password_salt }))) throw fail(t(lang, 'pay.loginWrong'));
    ctx.users.setPayPassword(user.id, await hashSecret(newPassword));
    return ok(null, t(lang, 'pay.saved'));
  });
};
