import { fail, ok } from '../../../http/envelope.ts';
import { requestLang } from '../../../http/lang.ts';
import { t } from '../../../i18n/index.ts';
import { findLanguage, LANGUAGES } from '../../../i18n/languages.ts';
import type { ApiPlugin } from '../context.ts';
import { trimmedField } from '../fields.ts';

/** GET /api/index/getLangList and GET /api/index/setLang (spec §7). */
export const languageRoutes: ApiPlugin = async (fastify, { ctx }) => {
  /** data = {list: [{language_name, file_name, is_default}]}, the 26 languages of spec §1. */
  fastify.get('/index/getLangList', async () => ok({ list: LANGUAGES }));

  /**
   * lang = a file_name of getLangList (case-insensitive). With a valid Token the choice is saved on
   * the account; without one (or with a stale one) it is only acknowledged. data = {lang}.
   */
  fastify.get('/index/setLang', async (request) => {
    const wanted = trimmedField(request, 'lang');
    const language = findLanguage(wanted);
    if (!language) throw fail(t(requestLang(request), 'lang.unsupported', { lang: wanted }));
    const authed = ctx.auth.optional(request);
    if (authed) ctx.users.setLang(authed.user.id, language.file_name);
    return ok({ lang: language.file_name }, t(language.file_name, 'lang.saved'));
  });
};
