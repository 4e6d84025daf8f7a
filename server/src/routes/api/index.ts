import type { FastifyPluginAsync } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { DEMO_SITE_CONFIG, seedDemo } from '../../db/seed.ts';
import { openSiteConfig } from '../../domain/site-config.ts';
import { fail } from '../../http/envelope.ts';
import { requestLang } from '../../http/lang.ts';
import { t } from '../../i18n/index.ts';
import { uploadRoute } from './common/upload-route.ts';
import { createApiContext } from './context.ts';
import { emsRoutes } from './ems/ems-routes.ts';
import { languageRoutes } from './index/language-routes.ts';
import { siteRoutes } from './index/site-routes.ts';
import { loginRoutes } from './login/login-routes.ts';
import { registerRoute } from './login/register-route.ts';
import { tradingRoutes } from './trade/trading-plugin.ts';
import { passwordRoutes } from './user/password-routes.ts';
import { userRoutes } from './user/user-routes.ts';

/**
 * The app API of spec §7, registered with prefix /api. On start it seeds a fresh database with the
 * demo (config.seedDemo) and creates `<dataDir>/site-config.json` from the defaults if missing.
 */
export const apiRoutes: FastifyPluginAsync = async (fastify) => {
  const { config, db } = fastify;
  if (config.seedDemo) await seedDemo(db);
  const siteConfig = openSiteConfig(config.dataDir, { error: (message) => fastify.log.error(message) }, config.seedDemo ? DEMO_SITE_CONFIG : {});
  const ctx = createApiContext(db, config, siteConfig);

  // Only routes that opt in (config.rateLimit) are limited; the answer is the usual envelope.
  await fastify.register(rateLimit, {
    global: false,
    errorResponseBuilder: (request, context) => fail(t(requestLang(request), 'rate.exceeded', { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) })),
  });

  for (const plugin of [languageRoutes, siteRoutes, registerRoute, loginRoutes, emsRoutes, userRoutes, passwordRoutes, uploadRoute]) {
    await fastify.register(plugin, { ctx });
  }
  await fastify.register(tradingRoutes, { ctx });
};
