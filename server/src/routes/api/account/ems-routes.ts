import Type from 'typebox';
import { sendEmailCode } from '../../../domain/email-codes.ts';
import { reject } from '../../../domain/rejection.ts';
import { email, messages } from '../../../http/contract/fields.ts';
import { ok } from '../../../http/envelope.ts';
import { declareRoutes, type ApiPlugin } from '../context.ts';

/** POST /api/Ems/send (docs/product-rules.md#register). */
export const emsRoutes: ApiPlugin = async (fastify) => {
  const ctx = fastify.apiContext;
  const route = declareRoutes(fastify, ctx);

  route({
    method: 'POST',
    url: '/Ems/send',
    summary: 'Mails a 6-digit verification code, valid 10 minutes',
    description:
      "Written to the local outbox in the caller's language (no real mail is sent). One code per address per 60 s; an early resend answers code 0 with the wait.",
    auth: 'none',
    rateLimit: true,
    fields: { email: email(messages('validate.emailInvalid')) },
    answer: Type.Null(),
    handler: ({ fields, lang, request, t }) => {
      const to = fields.email.toLowerCase();
      const result = sendEmailCode(ctx.mail, to, lang, ctx.now());
      if (!result.sent) reject('ems.wait', { seconds: result.waitSeconds });
      // Nothing sends real mail: tell the operator where the code is, without the code itself.
      request.log.info(
        { to },
        `verification mail queued for ${to}; read it with: npm run admin -- mail:list --to ${to}`,
      );
      return ok(null, t('ems.sent'));
    },
  });
};
