import type { FastifyRequest } from 'fastify';
import Type, { type Static } from 'typebox';
import type { UserRow } from '../../../db/repositories/user-repository.ts';
import { burnVerifyTime, verifySecret } from '../../../domain/passwords.ts';
import { reject } from '../../../domain/rejection.ts';
import { messages, optional, secret, text } from '../../../http/contract/fields.ts';
import { ok, type Envelope } from '../../../http/envelope.ts';
import type { MessageKey } from '../../../i18n/index.ts';
import { declareRoutes, type ApiContext, type ApiPlugin } from '../context.ts';

/** data of login and register: the new session's token and who it belongs to. */
export const UserInfoToken = Type.Object({
  userinfo: Type.Object({ token: Type.String(), id: Type.Integer(), username: Type.String() }),
});

/** The client's public IP as it reports it (kept as login / register IP); at most 64 characters are kept. */
export const clientIp = optional(text(messages('common.badRequest'), { max: 200 }));

/**
 * Signs in a user who has proved who they are (password, or a passkey: security/passkey-routes.ts):
 * records the login and its IP (the one the client reports, else the request's) and answers the
 * new session's token.
 */
export function signedInAnswer(
  ctx: ApiContext,
  user: UserRow,
  call: { ip: string | undefined; request: FastifyRequest; t(key: MessageKey): string },
): Envelope<Static<typeof UserInfoToken>> {
  ctx.users.recordLogin(user.id, call.ip?.slice(0, 64) || call.request.ip, ctx.now());
  const token = ctx.auth.issue(user.id);
  return ok({ userinfo: { token, id: user.id, username: user.username } }, call.t('login.ok'));
}

/** POST /api/Login/login and /api/Login/logout (docs/product-rules.md#log-in-and-sessions). */
export const loginRoutes: ApiPlugin = async (fastify) => {
  const ctx = fastify.apiContext;
  const route = declareRoutes(fastify, ctx);

  route({
    method: 'POST',
    url: '/Login/login',
    summary: 'Logs in with username (or email or phone) and password',
    description: 'Unknown account and wrong password answer the same message, after the same scrypt time.',
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
      if (!(await verifySecret(fields.password, { hash: user.password_hash, salt: user.password_salt })))
        reject('login.wrong');
      return signedInAnswer(ctx, user, { ip: fields.ip, request, t });
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
