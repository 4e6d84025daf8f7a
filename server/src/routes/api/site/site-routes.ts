import Type from 'typebox';
import { NUMBER_KEYS, SWITCH_KEYS, TEXT_KEYS } from '../../../domain/site-config.ts';
import { ok } from '../../../http/envelope.ts';
import { declareRoutes, type ApiPlugin } from '../context.ts';

/** getSetting's answer, built from the key lists the site config itself is normalized with. */
const SiteSettings = Type.Object({
  ...Object.fromEntries(SWITCH_KEYS.map((key) => [key, Type.Union([Type.Literal(0), Type.Literal(1)])])),
  ...Object.fromEntries(TEXT_KEYS.map((key) => [key, Type.String()])),
  ...Object.fromEntries(NUMBER_KEYS.map((key) => [key, Type.Number()])),
  popup: Type.Object({ title: Type.String(), img: Type.String(), content: Type.String({ description: 'HTML' }) }),
  ip_lookup_url: Type.String({ description: 'The public-IP lookup of login and register, answering {"ip": "..."}' }),
});

const Item = (fields: Parameters<typeof Type.Object>[0]) => Type.Object({ id: Type.Integer(), ...fields });

/** Public site data: settings, the IP echo, banners, about-us entries, partners (docs/product-rules.md#site-configuration). */
export const siteRoutes: ApiPlugin = async (fastify) => {
  const ctx = fastify.apiContext;
  const route = declareRoutes(fastify, ctx);

  route({
    method: 'GET',
    url: '/index/getSetting',
    summary:
      'The site configuration of docs/product-rules.md#site-configuration: every switch (0/1), texts, the home popup',
    auth: 'none',
    answer: SiteSettings,
    handler: () => ok({ ...ctx.siteConfig.get(), ip_lookup_url: ctx.config.ipLookupUrl }),
  });

  route({
    method: 'GET',
    url: '/index/ip',
    summary: "The caller's address",
    description:
      'Answers the envelope and, beside it, a top-level `ip`, so it also serves as an ipify-compatible `{"ip": "..."}` lookup.',
    auth: 'none',
    answer: Type.Object({ ip: Type.String() }),
    beside: { ip: Type.String() },
    handler: ({ request }) => {
      // The envelope plus ipify's field: every answer under /api stays an envelope.
      const answer = { ...ok({ ip: request.ip }), ip: request.ip };
      return answer;
    },
  });

  route({
    method: 'POST',
    url: '/index/getBanner',
    summary: 'Home banners in display order',
    auth: 'none',
    answer: Type.Array(Item({ img: Type.String() })),
    handler: () => ok(ctx.content.banners()),
  });

  route({
    method: 'POST',
    url: '/index/getContentList',
    summary: 'About-us entries (content is HTML)',
    auth: 'none',
    answer: Type.Object({
      list: Type.Array(Item({ title: Type.String(), img: Type.String(), content: Type.String() })),
    }),
    handler: () => ok({ list: ctx.content.contentEntries() }),
  });

  route({
    method: 'POST',
    url: '/index/getFriendList',
    summary: 'Partner logo links',
    auth: 'none',
    answer: Type.Object({ list: Type.Array(Item({ url: Type.String(), img: Type.String(), title: Type.String() })) }),
    handler: () => ok({ list: ctx.content.partners() }),
  });
};
