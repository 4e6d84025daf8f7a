import { ok } from '../../../http/envelope.ts';
import type { ApiPlugin } from '../context.ts';

/** Public site data: settings, the IP echo, banners, about-us entries, partners (spec §7). */
export const siteRoutes: ApiPlugin = async (fastify, { ctx }) => {
  /** GET: data = the whole site config of spec §3 (every switch, 0/1) plus `ip_lookup_url`. */
  fastify.get('/index/getSetting', async () => ok({ ...ctx.siteConfig.get(), ip_lookup_url: ctx.config.ipLookupUrl }));

  /** GET: the caller's address as plain `{"ip": "..."}` (ipify-compatible, not the envelope). */
  fastify.get('/index/ip', async (request) => ({ ip: request.ip }));

  /** POST: data = [{id, img}] in display order. */
  fastify.post('/index/getBanner', async () => ok(ctx.content.banners()));

  /** POST: data = {list: [{id, title, img, content}]}, content is HTML. */
  fastify.post('/index/getContentList', async () => ok({ list: ctx.content.contentEntries() }));

  /** POST: data = {list: [{id, url, img, title}]}. */
  fastify.post('/index/getFriendList', async () => ok({ list: ctx.content.partners() }));
};
