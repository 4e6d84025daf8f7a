import Type from 'typebox';
import { reject } from '../../../domain/rejection.ts';
import { messages, text } from '../../../http/contract/fields.ts';
import { ok } from '../../../http/envelope.ts';
import { t } from '../../../i18n/index.ts';
import { findLanguage, LANGUAGES } from '../../../i18n/languages.ts';
import { declareRoutes, type ApiPlugin } from '../context.ts';

const Language = Type.Object({
  language_name: Type.String({ description: 'The name in its own script' }),
  file_name: Type.String({ description: 'The code the client loads and sends as Lang' }),
  is_default: Type.Union([Type.Literal(0), Type.Literal(1)]),
});

/** GET /api/index/getLangList and GET /api/index/setLang (docs/product-rules.md#languages-and-themes). */
export const languageRoutes: ApiPlugin = async (fastify) => {
  const ctx = fastify.apiContext;
  const route = declareRoutes(fastify, ctx);

  route({
    method: 'GET',
    url: '/index/getLangList',
    summary: 'The 26 languages of docs/product-rules.md#languages-and-themes',
    auth: 'none',
    answer: Type.Object({ list: Type.Array(Language) }),
    handler: () => ok({ list: [...LANGUAGES] }),
  });

  route({
    method: 'GET',
    url: '/index/setLang',
    summary: 'Chooses the language; saved on the account when a valid Token is sent, otherwise only acknowledged',
    auth: 'optional',
    fields: { lang: text(messages('lang.unsupported', { lang: '' }), { max: 10 }) },
    answer: Type.Object({ lang: Type.String() }),
    handler: ({ fields, user }) => {
      const language = findLanguage(fields.lang);
      if (!language) reject('lang.unsupported', { lang: fields.lang });
      if (user) ctx.users.setLang(user.id, language.file_name);
      // Said in the language just chosen.
      return ok({ lang: language.file_name }, t(language.file_name, 'lang.saved'));
    },
  });
};
