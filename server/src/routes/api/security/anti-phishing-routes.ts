import Type from 'typebox';
import { verifySecret } from '../../../domain/passwords.ts';
import { reject } from '../../../domain/rejection.ts';
import { messages, secret, text } from '../../../http/contract/fields.ts';
import { ok } from '../../../http/envelope.ts';
import { declareRoutes, type ApiPlugin } from '../context.ts';
import { maskAntiPhishingCode } from './session-routes.ts';

/** 4 to 20 letters (A-Z, a-z) and digits. */
export const ANTI_PHISHING_CODE_PATTERN = '^[A-Za-z0-9]{4,20}$';

/** POST /api/Security/setAntiPhishingCode (docs/account-protection.md#anti-phishing-code). */
export const antiPhishingRoutes: ApiPlugin = async (fastify) => {
  const ctx = fastify.apiContext;
  const route = declareRoutes(fastify, ctx);

  route({
    method: 'POST',
    url: '/Security/setAntiPhishingCode',
    summary: 'Sets or changes the anti-phishing code every mail to the caller then carries',
    description: 'Needs the login password. The code is 4 to 20 letters or digits, kept as typed.',
    auth: 'required',
    fields: {
      code: text(
        { required: 'antiPhishing.codeRequired', invalid: 'antiPhishing.codeInvalid' },
        { max: 20, pattern: ANTI_PHISHING_CODE_PATTERN, example: 'Tiger42' },
      ),
      password: secret(messages('pay.loginRequired')),
    },
    answer: Type.Object({ anti_phishing_code: Type.String({ description: 'The new code, masked' }) }),
    handler: async ({ fields, user, t }) => {
      if (!(await verifySecret(fields.password, { hash: user.password_hash, salt: user.password_salt })))
        reject('pay.loginWrong');
      ctx.users.setAntiPhishingCode(user.id, fields.code);
      return ok({ anti_phishing_code: maskAntiPhishingCode(fields.code) }, t('antiPhishing.saved'));
    },
  });
};
