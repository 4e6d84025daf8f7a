import Type from 'typebox';
import { reject } from '../../../domain/rejection.ts';
import { describeUserAgent } from '../../../domain/security/devices.ts';
import { id, messages } from '../../../http/contract/fields.ts';
import { ok } from '../../../http/envelope.ts';
import { declareRoutes, type ApiPlugin } from '../context.ts';

/** A live session as its user sees it. */
const Session = Type.Object({
  id: Type.Integer(),
  device: Type.String({ description: 'Browser and system, e.g. "Chrome 140 on Android 14" (empty when unreadable)' }),
  browser: Type.String({ description: 'e.g. "Chrome 140" (empty when unreadable)' }),
  os: Type.String({ description: 'e.g. "Android 14" (empty when unreadable)' }),
  ip: Type.String({ description: 'The address the server saw at sign-in' }),
  created_at_ms: Type.Integer(),
  last_active_at_ms: Type.Integer({
    description: 'The last authenticated call, to the minute (the sign-in when none yet)',
  }),
  current: Type.Union([Type.Literal(0), Type.Literal(1)], { description: "1 for the caller's own session" }),
});

/** POST /api/Security/getSessionList, revokeSession, revokeOtherSessions (docs/account-protection.md#sessions-and-sign-in-history). */
export const sessionRoutes: ApiPlugin = async (fastify) => {
  const ctx = fastify.apiContext;
  const route = declareRoutes(fastify, ctx);

  route({
    method: 'POST',
    url: '/Security/getSessionList',
    summary: "The caller's live sessions (signed-in devices), the most recently used first",
    auth: 'required',
    answer: Type.Object({ list: Type.Array(Session) }),
    handler: ({ user, sessionId }) =>
      ok({
        list: ctx.sessions.listActive(user.id, ctx.now()).map((row) => {
          const text = describeUserAgent(row.user_agent);
          return {
            id: row.id,
            device: row.device,
            browser: text.browser,
            os: text.os,
            ip: row.ip,
            created_at_ms: row.created_at,
            last_active_at_ms: row.last_active_at ?? row.created_at,
            current: row.id === sessionId ? (1 as const) : (0 as const),
          };
        }),
      }),
  });

  route({
    method: 'POST',
    url: '/Security/revokeSession',
    summary: 'Ends one live session of the caller; its next call answers 401 "session ended"',
    description: "The caller's own session can be ended too (as a logout).",
    auth: 'required',
    fields: { id: id(messages('session.idInvalid')) },
    answer: Type.Null(),
    handler: ({ fields, user, t }) => {
      if (!ctx.sessions.revokeOwn(user.id, fields.id, ctx.now())) reject('session.idInvalid');
      return ok(null, t('session.revoked'));
    },
  });

  route({
    method: 'POST',
    url: '/Security/revokeOtherSessions',
    summary: "Ends every live session of the caller but the caller's own",
    auth: 'required',
    answer: Type.Object({ revoked: Type.Integer({ description: 'How many sessions were ended' }) }),
    handler: ({ user, sessionId, t }) => {
      const revoked = ctx.sessions.revokeOthers(user.id, sessionId, ctx.now());
      return ok({ revoked }, t('session.othersRevoked', { count: revoked }));
    },
  });

  route({
    method: 'POST',
    url: '/Security/getSessionSummary',
    summary: 'What the security centre shows of sessions and the anti-phishing code',
    auth: 'required',
    answer: Type.Object({
      sessions: Type.Integer({ description: 'How many live sessions the caller has' }),
      anti_phishing_code: Type.String({
        description: 'The code masked but its first and last character; empty when not set',
      }),
    }),
    handler: ({ user }) =>
      ok({
        sessions: ctx.sessions.countActive(user.id, ctx.now()),
        anti_phishing_code: maskAntiPhishingCode(user.anti_phishing_code),
      }),
  });
};

/** "A7xK9" → "A***9": enough for the user to recognise it, not enough to copy it from a glance. */
export function maskAntiPhishingCode(code: string | null): string {
  if (!code) return '';
  return `${code[0]}${'*'.repeat(code.length - 2)}${code[code.length - 1]}`;
}
