import type { FastifyRequest } from 'fastify';
import Type, { type Static } from 'typebox';
import type { UserRow } from '../../../db/repositories/user-repository.ts';
import { burnVerifyTime, verifySecret } from '../../../domain/passwords.ts';
import { reject, Rejection } from '../../../domain/rejection.ts';
import { hasSecondFactor, userFactors } from '../../../domain/security/factors.ts';
import { passkeyAssertionOptions, relyingParty } from '../../../domain/security/passkeys.ts';
import { checkCodeStep, checkPasskeyStep, secondStepMethods } from '../../../domain/security/second-step.ts';
import { clientOrigin, startSession } from '../../../domain/security/sessions.ts';
import { recordSignIn } from '../../../domain/security/sign-ins.ts';
import { PasskeyRequestOptions } from '../security/passkey-schemas.ts';
import { messages, optional, secret, text } from '../../../http/contract/fields.ts';
import { ok, type Envelope } from '../../../http/envelope.ts';
import type { MessageKey } from '../../../i18n/index.ts';
import { declareRoutes, type ApiContext, type ApiPlugin } from '../context.ts';

/** data of login and register: the new session's token and who it belongs to. */
export const UserInfoToken = Type.Object({
  userinfo: Type.Object({ token: Type.String(), id: Type.Integer(), username: Type.String() }),
});

/**
 * data of a login whose user has a second factor: no session yet, a ticket for /Login/secondStep
 * (docs/account-protection.md "Sign-in second step").
 */
export const SecondStepAnswer = Type.Object({
  second_step: Type.Object({
    ticket: Type.String({ description: 'Sent back to /Login/secondStep; works once, for 5 minutes' }),
    methods: Type.Array(Type.Union([Type.Literal('totp'), Type.Literal('recovery'), Type.Literal('passkey')]), {
      description: 'How this user can finish: an authenticator code, a recovery code, a passkey',
    }),
    challenge: Type.String({ description: 'Random base64url text a passkey signs for this sign-in' }),
  }),
});

/** The client's public IP as it reports it (kept as login / register IP); at most 64 characters are kept. */
export const clientIp = optional(text(messages('common.badRequest'), { max: 200 }));

/** The login IP as recorded: the one the client reported, else the request's. */
const loginIp = (reported: string | undefined, request: FastifyRequest): string => reported?.slice(0, 64) || request.ip;

/**
 * Signs in a user who has proved who they are (password and any second step, or a passkey:
 * security/passkey-routes.ts): records the login and its IP (the one the client reports, else the
 * request's), keeps the sign-in in the user's history (a new device sends a notice), and answers the
 * new session's token. Every way of signing in ends here.
 */
export function signedInAnswer(
  ctx: ApiContext,
  user: UserRow,
  call: { ip: string | undefined; request: FastifyRequest; t(key: MessageKey): string },
): Envelope<Static<typeof UserInfoToken>> {
  const origin = clientOrigin(call.request);
  ctx.users.recordLogin(user.id, loginIp(call.ip, call.request), ctx.now());
  recordSignIn(ctx, { userId: user.id, reason: 'ok', ...origin });
  const token = startSession(ctx, { userId: user.id, ...origin });
  return ok({ userinfo: { token, id: user.id, username: user.username } }, call.t('login.ok'));
}

/** Runs a second step's check; a refusal is kept in the user's sign-in history (a wrong code, or the factor locked). */
async function judgedStep(ctx: ApiContext, userId: number, request: FastifyRequest, check: () => Promise<void> | void) {
  try {
    await check();
  } catch (error) {
    const locked = error instanceof Rejection && error.key === 'totp.locked';
    recordSignIn(ctx, { userId, reason: locked ? 'locked' : 'wrong_code', ...clientOrigin(request) });
    throw error;
  }
}

/** POST /api/Login/login, /api/Login/secondStep and /api/Login/logout (docs/product-rules.md#log-in-and-sessions). */
export const loginRoutes: ApiPlugin = async (fastify) => {
  const ctx = fastify.apiContext;
  const route = declareRoutes(fastify, ctx);

  route({
    method: 'POST',
    url: '/Login/login',
    summary: 'Logs in with username (or email or phone) and password',
    description:
      'Unknown account and wrong password answer the same message, after the same scrypt time. A user with a second factor gets second_step instead of a token, to finish with /Login/secondStep. ' +
      'Every attempt on an existing account is kept in its sign-in history; one from a new device sends a notice and a mail.',
    auth: 'none',
    rateLimit: true,
    fields: {
      username: text(messages('login.required')),
      password: secret(messages('login.required')),
      ip: clientIp,
    },
    answer: Type.Union([UserInfoToken, SecondStepAnswer]),
    handler: async ({ fields, request, t }) => {
      const user = ctx.users.findByLogin(fields.username);
      if (!user) {
        await burnVerifyTime(fields.password);
        reject('login.wrong');
      }
      if (!(await verifySecret(fields.password, { hash: user.password_hash, salt: user.password_salt }))) {
        recordSignIn(ctx, { userId: user.id, reason: 'wrong_password', ...clientOrigin(request) });
        reject('login.wrong');
      }
      const ip = loginIp(fields.ip, request);
      const factors = userFactors(ctx.db, user.id);
      if (!hasSecondFactor(factors)) return signedInAnswer(ctx, user, { ip, request, t });
      const { ticket, challenge } = ctx.loginTickets.issue(user.id, ip);
      return ok({ second_step: { ticket, methods: secondStepMethods(factors), challenge } }, t('login.secondStep'));
    },
  });

  route({
    method: 'POST',
    url: '/Login/secondStep',
    summary: 'Finishes a login that answered second_step: the ticket and one proof',
    description:
      "One of otp_code (authenticator code), recovery_code, passkey_response (AuthenticationResponseJSON signing the challenge). A wrong code counts toward the factor's lock; the ticket works once, for 5 minutes.",
    auth: 'none',
    rateLimit: true,
    fields: {
      ticket: text(messages('login.ticketInvalid'), { max: 100 }),
      otp_code: optional(text(messages('totp.required'), { max: 20, example: '123456' })),
      recovery_code: optional(text(messages('totp.recoveryRequired'), { max: 40, example: 'ABCDE-FGHJK' })),
      passkey_response: optional(text(messages('common.badRequest'), { max: 20_000 })),
    },
    answer: UserInfoToken,
    handler: async ({ fields, request, t }) => {
      const ticket = ctx.loginTickets.find(fields.ticket);
      if (!ticket) reject('login.ticketInvalid');
      const { otp_code, recovery_code, passkey_response } = fields;
      if (!otp_code && !recovery_code && !passkey_response) reject('totp.required');
      await judgedStep(ctx, ticket.userId, request, () =>
        otp_code
          ? checkCodeStep(ctx.totp, ticket, { totp: otp_code })
          : recovery_code
            ? checkCodeStep(ctx.totp, ticket, { recovery: recovery_code })
            : checkPasskeyStep(ctx, ticket, passkey_response ?? '', relyingParty(ctx.config.webauthn, request)),
      );
      const user = ctx.users.findById(ticket.userId);
      if (!user || !ctx.loginTickets.spend(ticket)) reject('login.ticketInvalid');
      return signedInAnswer(ctx, user, { ip: ticket.ip, request, t });
    },
  });

  route({
    method: 'POST',
    url: '/Login/secondStepPasskeyOptions',
    summary: "The options for the browser when a login's second step is a passkey: they sign the ticket's challenge",
    description: "Only the ticket user's passkeys are allowed. The ticket stays open: /Login/secondStep spends it.",
    auth: 'none',
    rateLimit: true,
    fields: { ticket: text(messages('login.ticketInvalid'), { max: 100 }) },
    answer: Type.Object({ options: PasskeyRequestOptions }),
    handler: async ({ fields, request }) => {
      const ticket = ctx.loginTickets.find(fields.ticket) ?? reject('login.ticketInvalid');
      const { rpId } = relyingParty(ctx.config.webauthn, request);
      return ok({
        options: await passkeyAssertionOptions(ctx, {
          userId: ticket.userId,
          purpose: 'sign_in',
          rpId,
          challenge: ticket.challenge,
        }),
      });
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
