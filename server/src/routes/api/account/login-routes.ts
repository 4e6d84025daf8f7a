import Type from 'typebox';
import { burnVerifyTime, verifySecret } from '../../../domain/passwords.ts';
import { reject } from '../../../domain/rejection.ts';
import { clientOrigin, startSession } from '../../../domain/security/sessions.ts';
import { recordSignIn } from '../../../domain/security/sign-ins.ts';
import { messages, optional, secret, text } from '../../../http/contract/fields.ts';
import { ok } from '../../../http/envelope.ts';
import { declareRoutes, type ApiPlugin } from '../context.ts';

/** data of login and register: the new session's token and who it belongs to. */
export const UserInfoToken = Type.Object({
  userinfo: Type.Object({ token: Type.String(), id: Type.Integer(), username: Type.String() }),
});

/** The client's public IP as it reports it (kept as login / register IP); at most 64 characters are kept. */
export const clientIp = optional(text(messages('common.badRequest'), { max: 200 }));

/** POST /api/Login/login and /api/Login/logout (docs/product-rules.md#log-in-and-sessions). */
export const loginRoutes: ApiPlugin = async (fastify) => {
  const ctx = fastify.apiContext;
  const route = declareRoutes(fastify, ctx);

  route({
    method: 'POST',
    url: '/Login/login',
    summary: 'Logs in with username (or email or phone) and password',
    description:
      'Unknown account and wrong password answer the same message, after the same scrypt time. ' +
      "Every attempt on an existing account is kept in its sign-in history; one from a new device sends a notice and a mail.",
    auth: 'none',
    rateLimit: true,
    fields: {
      username: text(messages('login.required')),
      password: secret(messages('login.required')),
      ip: clientIp,
    },
    answer: UserInfoToken,
    handler: async ({ fields, request, t }) => {
      const user = ctx.users.findByLogin(fields.username);
      if (!user) {
        await burnVerifyTime(fields.password);
        reject('login.wrong');
      }
      const origin = clientOrigin(request);
      if (!(await verifySecret(fields.password, { hash: user.password_hash, salt: user.password_salt }))) {
        recordSignIn(ctx, { userId: user.id, reason: 'wrong_password', ...origin });
        reject('login.wrong');
      }
      ctx.users.recordLogin(user.id, fields.ip?.slice(0, 64) || request.ip, ctx.now());
      recordSignIn(ctx, { userId: user.id, reason: 'ok', ...origin });
      const token = startSession(ctx, { userId: user.id, ...origin });
      return ok({ userinfo: { token, id: user.id, username: user.username } }, t('login.ok'));
    },
  });

  route({
    method: 'POST',
    url: '/Login/logout',
    summary: 'Revokes the session of the Token sent (only that one)',
    auth: 'required',
    answer: Type.Null(),
    handler: ({ sessionId, t }) => {
      ctx.sessions.revoke(sessionId, ctx.now());
      return ok(null, t('logout.ok'));
    },
  });
};
