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
 * Each queued mail is logged at info level with the admin command that prints the outbox.
 */
export const emsRoutes: ApiPlugin = async (fastify, { ctx }) => {
  fastify.post('/Ems/send', { config: { rateLimit: ctx.authRateLimit } }, async (request) => {
    const lang = requestLang(request);
    const email = trimmedField(request, 'email').toLowerCase();
    const problem = checkEmail(email);
    if (problem) throw fail(t(lang, problem));
    const result = sendEmailCode(ctx.mail, email, lang, ctx.now());
    if (!result.sent) throw fail(t(lang, 'ems.wait', { seconds: result.waitSeconds }));
    // Nothing sends real mail: tell the operator where the code is, without the code itself.
    request.log.info({ to: email }, `verification mail queued for ${email}; read it with: npm run admin -- mail:list --to ${email}`);
    return ok(null, t(lang, 'ems.sent'));
  });
};
