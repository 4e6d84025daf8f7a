import Type from 'typebox';
import { IdentityRepository, RZ_REJECTED } from '../../../db/repositories/identity-repository.ts';
import { reject } from '../../../domain/rejection.ts';
import { userFactors } from '../../../domain/security/factors.ts';
import { pageOf } from '../../../http/contract/answers.ts';
import { id, messages, optional, paging } from '../../../http/contract/fields.ts';
import { ok } from '../../../http/envelope.ts';
import { declareRoutes, type ApiPlugin } from '../context.ts';

/** docs/product-rules.md#profile-and-identity. */
const UserInfo = Type.Object({
  username: Type.String(),
  id: Type.Integer({ description: 'UID' }),
  vip: Type.Integer(),
  credit_score: Type.Integer(),
  rzstatus: Type.Integer({ description: 'Identity: 0 or 3 awaiting, 1 under review, 2 certified' }),
  have_pay: Type.Union([Type.Literal(0), Type.Literal(1)], { description: '1 when a transaction password is set' }),
  has_unread: Type.Union([Type.Literal(0), Type.Literal(1)], { description: '1 when any visible notice is unread' }),
  invit: Type.String({ description: "The account's own invite code" }),
  rz_reason: Type.String({
    description: 'Why identity verification was rejected, while rzstatus is 3; empty otherwise',
  }),
  factors: Type.Object(
    {
      totp: Type.Union([Type.Literal(0), Type.Literal(1)], { description: '1 when authenticator codes are on' }),
      passkeys: Type.Integer({ description: 'How many passkeys the account has' }),
    },
    { description: 'The second factors on: with any, money calls and security changes ask a second step' },
  ),
});

/** docs/product-rules.md#notices: status 1 unread, 2 read (for this user). */
const Notice = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  addtime: Type.String({ description: 'YYYY-MM-DD HH:mm:ss, UTC' }),
  status: Type.Integer(),
  imgs: Type.String(),
  content: Type.String({ description: 'HTML' }),
});

/** POST /api/User/getUserInfo and /api/User/getNoticeList (docs/product-rules.md#account); both need Token. getUserInfo adds rz_reason to docs/product-rules.md#profile-and-identity. */
export const userRoutes: ApiPlugin = async (fastify) => {
  const ctx = fastify.apiContext;
  const route = declareRoutes(fastify, ctx);
  const identities = new IdentityRepository(ctx.db);

  route({
    method: 'POST',
    url: '/User/getUserInfo',
    summary: 'The signed-in user',
    auth: 'required',
    answer: UserInfo,
    handler: ({ user }) => {
      const factors = userFactors(ctx.db, user.id);
      return ok({
        username: user.username,
        id: user.id,
        vip: user.vip,
        credit_score: user.credit_score,
        rzstatus: user.rzstatus,
        have_pay: user.pay_password_hash ? 1 : 0,
        has_unread: ctx.notices.hasUnread(user.id) ? 1 : 0,
        invit: user.invite_code,
        rz_reason: user.rzstatus === RZ_REJECTED ? (identities.latest(user.id)?.reason ?? '') : '',
        factors: { totp: factors.totp ? 1 : 0, passkeys: factors.passkeys },
      });
    },
  });

  route({
    method: 'POST',
    url: '/User/getNoticeList',
    summary: 'System notices, newest first; with id, that one notice, which is thereby marked read',
    description:
      'Without id: one page, read state untouched (the shell polls page 1 limit 1, the list limit 10). ' +
      'With id: that notice answered with status 2 and total 1.',
    auth: 'required',
    fields: { ...paging(messages('notice.pageInvalid')), id: optional(id(messages('notice.notFound'))) },
    answer: pageOf(Notice),
    handler: ({ fields, user }) => {
      if (fields.id === undefined) return ok(ctx.notices.page(user.id, fields.page, fields.limit));
      const notice = ctx.notices.find(user.id, fields.id);
      if (!notice) reject('notice.notFound');
      ctx.notices.markRead(user.id, fields.id, ctx.now());
      return ok({ list: [{ ...notice, status: 2 }], total: 1 });
    },
  });
};
