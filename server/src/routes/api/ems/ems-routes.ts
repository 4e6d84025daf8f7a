import { sendEmailCode } from '../../../domain/email-codes.ts';
import { checkEmail } from '../../../domain/validation.ts';
import { fail, ok } from '../../../http/envelope.ts';
import { requestLang } from '../../../http/lang.ts';
import { t } from '../../../i18n/index.ts';
import type { ApiPlugin } from '../context.ts';
import { trimmedField } from '../fields.ts';

/**
 * POST /api/Ems/send {email}: a 6-digit code valid 10 minutes, written to the local outbox in the
 * request's language. One code per address per 60 s; an early resend answers code 0 with the wait.
 */
export const emsRoutes: ApiPlugin = async (fastify, { ctx }) => {
  fastify.post('/Ems/send', { config: { rateLimit: ctx.authRateLimit } }, async (request) => {
    const lang = requestLang(request);
    const email = trimmedField(request, 'email').toLowerCase();
    const problem = checkEmail(email);
    if (problem) throw fail(t(lang, problem));
    const result = sendEmailCode(ctx.mail, email, lang, ctx.now());
    if (!result.sent) throw fail(t(lang, 'ems.wait', { seconds: result.waitSeconds }));
    return ok(null, t(lang, 'ems.sent'));
  });
};
