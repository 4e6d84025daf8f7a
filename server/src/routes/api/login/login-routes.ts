import { burnVerifyTime, verifySecret } from '../../../domain/passwords.ts';
import { fail, ok } from '../../../http/envelope.ts';
import { requestLang } from '../../../http/lang.ts';
import { t } from '../../../i18n/index.ts';
import type { ApiPlugin } from '../context.ts';
import { field, trimmedField } from '../fields.ts';

/** POST /api/Login/login and /api/Login/logout (spec §7). */
export const loginRoutes: ApiPlugin = async (fastify, { ctx }) => {
  /**
   * username (the account's username, email or phone), password, ip (the client's public IP, kept
   * as last login IP). data = {userinfo: {token, id, username}}. Unknown account and wrong password
   * answer the same message, after the same scrypt time.
   */
  fastify.post('/Login/login', { config: { rateLimit: ctx.authRateLimit } }, async (request) => {
    const lang = requestLang(request);
    const login = trimmedField(request, 'username');
    const password = field(request, 'password');
    if (!login || !password) throw fail(t(lang, 'login.required'));
    const user = ctx.users.findByLogin(login);
    if (!user) {
      await burnVerifyTime(password);
      throw fail(t(lang, 'login.wrong'));
    }
    if (!(await verifySecret(password, { hash: user.password_hash, salt: user.password_salt }))) throw fail(t(lang, 'login.wrong'));
    ctx.users.recordLogin(user.id, trimmedField(request, 'ip').slice(0, 64) || request.ip, ctx.now());
    const token = ctx.auth.issue(user.id);
    return ok({ userinfo: { token, id: user.id, username: user.username } }, t(lang, 'login.ok'));
  });

  /** Needs Token; revokes that session only. data = null. */
  fastify.post('/Login/logout', async (request) => {
    const { sessionId } = ctx.auth.require(request);
    ctx.sessions.revoke(sessionId, ctx.now());
    return ok(null, t(requestLang(request), 'logout.ok'));
  });
};
