import Type from 'typebox';
import { SignInRepository } from '../../../db/repositories/sign-in-repository.ts';
import { pageOf } from '../../../http/contract/answers.ts';
import { messages, paging } from '../../../http/contract/fields.ts';
import { ok } from '../../../http/envelope.ts';
import { declareRoutes, type ApiPlugin } from '../context.ts';

const SignIn = Type.Object({
  id: Type.Integer(),
  at_ms: Type.Integer(),
  ok: Type.Union([Type.Literal(0), Type.Literal(1)]),
  reason: Type.Union(
    [Type.Literal('ok'), Type.Literal('wrong_password'), Type.Literal('wrong_code'), Type.Literal('locked')],
    { description: 'ok, or why the attempt failed: a wrong password, a wrong second-step code, a locked account' },
  ),
  ip: Type.String(),
  device: Type.String({ description: 'e.g. "Chrome 140 on Android 14" (empty when unreadable)' }),
  browser: Type.String({ description: 'e.g. "Chrome 140" (empty when unreadable)' }),
  os: Type.String({ description: 'e.g. "Android 14" (empty when unreadable)' }),
});

/** POST /api/Security/getSignInList: the caller's sign-in attempts of the last 90 days, newest first. */
export const signInRoutes: ApiPlugin = async (fastify) => {
  const ctx = fastify.apiContext;
  const route = declareRoutes(fastify, ctx);
  const signIns = new SignInRepository(ctx.db);

  route({
    method: 'POST',
    url: '/Security/getSignInList',
    summary: "The caller's sign-in history (failures too), newest first; rows are kept 90 days",
    auth: 'required',
    fields: paging(messages('notice.pageInvalid')),
    answer: pageOf(SignIn),
    handler: ({ fields, user }) => {
      const { rows, total } = signIns.page(user.id, fields.page, fields.limit);
      return ok({
        list: rows.map((row) => ({
          id: row.id,
          at_ms: row.at,
          ok: row.ok,
          reason: row.reason,
          ip: row.ip,
          device: row.device,
          browser: row.browser,
          os: row.os,
        })),
        total,
      });
    },
  });
};
