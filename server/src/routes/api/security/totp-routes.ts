import Type from 'typebox';
import { verifySecret } from '../../../domain/passwords.ts';
import { reject } from '../../../domain/rejection.ts';
import { refuseUnlessAccepted, totpUri } from '../../../domain/security/totp.ts';
import { messages, optional, secret, text } from '../../../http/contract/fields.ts';
import { ok } from '../../../http/envelope.ts';
import { declareRoutes, type ApiPlugin } from '../context.ts';

const TotpStatus = Type.Object({
  state: Type.Union([Type.Literal('off'), Type.Literal('pending'), Type.Literal('on')], {
    description: 'off: not set up; pending: a secret shown, not yet confirmed with a code; on',
  }),
  recovery_codes_left: Type.Integer({ minimum: 0, description: 'Recovery codes not yet used (0 while off)' }),
});

const code = optional(text(messages('totp.required'), { max: 20, example: '123456' }));

/**
 * POST /api/Security/totpStatus, totpSetup, totpEnable, totpDisable: the authenticator-code factor
 * (docs/account-protection.md "Authenticator codes"). All need Token.
 */
export const totpRoutes: ApiPlugin = async (fastify) => {
  const ctx = fastify.apiContext;
  const route = declareRoutes(fastify, ctx);

  route({
    method: 'POST',
    url: '/Security/totpStatus',
    summary: 'Whether authenticator codes are off, being set up or on, and the recovery codes left',
    auth: 'required',
    answer: TotpStatus,
    handler: ({ user }) => {
      const state = ctx.totp.state(user.id);
      return ok({ state, recovery_codes_left: state === 'on' ? ctx.totp.recoveryCodesLeft(user.id) : 0 });
    },
  });

  route({
    method: 'POST',
    url: '/Security/totpSetup',
    summary: 'Starts setting up authenticator codes: a new secret, as text and as the otpauth URI to scan',
    description:
      'The secret counts for nothing until totpEnable confirms it with a code; calling again replaces it. Refused while the factor is on.',
    auth: 'required',
    answer: Type.Object({
      secret: Type.String({ description: 'Base32, for typing into an authenticator app' }),
      uri: Type.String({ description: 'otpauth://totp/… with the site name as issuer and the username as account' }),
    }),
    handler: ({ user }) => {
      const secretText = ctx.totp.begin(user.id);
      const issuer = ctx.siteConfig.get().name.trim() || 'Exchange';
      return ok({ secret: secretText, uri: totpUri(secretText, user.username, issuer) });
    },
  });

  route({
    method: 'POST',
    url: '/Security/totpEnable',
    summary: 'Turns authenticator codes on with a code from the new secret; answers the 10 recovery codes, once',
    auth: 'required',
    fields: { otp_code: text(messages('totp.required'), { max: 20, example: '123456' }) },
    answer: Type.Object({
      recovery_codes: Type.Array(Type.String(), {
        description: 'Each works once instead of a code; never shown again',
      }),
    }),
    handler: ({ fields, user, t }) => {
      if (ctx.totp.state(user.id) === 'off') reject('totp.setupFirst');
      const { outcome, recoveryCodes } = ctx.totp.enable(user.id, fields.otp_code);
      refuseUnlessAccepted(outcome);
      ctx.securityEvents.record({ userId: user.id, kind: 'factor_added', detail: { factor: 'authenticator' } });
      return ok({ recovery_codes: recoveryCodes }, t('totp.enabled'));
    },
  });

  route({
    method: 'POST',
    url: '/Security/totpDisable',
    summary: 'Turns authenticator codes off: the login password and a current code or a recovery code',
    description: "A wrong code or recovery code counts toward the factor's lock.",
    auth: 'required',
    fields: {
      password: secret(messages('pay.loginRequired')),
      otp_code: code,
      recovery_code: optional(text(messages('totp.recoveryRequired'), { max: 40, example: 'ABCDE-FGHJK' })),
    },
    answer: Type.Null(),
    handler: async ({ fields, user, t }) => {
      if (!(await verifySecret(fields.password, { hash: user.password_hash, salt: user.password_salt })))
        reject('pay.loginWrong');
      if (fields.otp_code) refuseUnlessAccepted(ctx.totp.verify(user.id, fields.otp_code));
      else if (fields.recovery_code) refuseUnlessAccepted(ctx.totp.verifyRecovery(user.id, fields.recovery_code));
      else reject('totp.required');
      ctx.totp.remove(user.id);
      ctx.securityEvents.record({ userId: user.id, kind: 'factor_removed', detail: { factor: 'authenticator' } });
      return ok(null, t('totp.disabled'));
    },
  });
};
