import type { FastifyPluginAsync } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { DEMO_SITE_CONFIG, seedDemo } from '../../db/seed.ts';
import { openSiteConfig } from '../../domain/site-config.ts';
import { installApiContract } from '../../http/contract/install.ts';
import { fail } from '../../http/envelope.ts';
import { requestLang } from '../../http/lang.ts';
import { t } from '../../i18n/index.ts';
import { reviewAutoApprovalJob, reviewAutoSeconds } from '../../jobs/review-auto-approval.ts';
import { uploadRoute } from './profile/upload-route.ts';
import { createApiContext } from './context.ts';
import { earnRoutes } from './earn/earn-plugin.ts';
import { emsRoutes } from './account/ems-routes.ts';
import { languageRoutes } from './site/language-routes.ts';
import { siteRoutes } from './site/site-routes.ts';
import { loginRoutes } from './account/login-routes.ts';
import { registerRoute } from './account/register-route.ts';
import { tradingRoutes } from './spot/trading-plugin.ts';
import { addressRoutes } from './profile/address-routes.ts';
import { bankRoutes } from './profile/bank-routes.ts';
import { identityRoute } from './profile/identity-route.ts';
import { passwordRoutes } from './account/password-routes.ts';
import { userRoutes } from './account/user-routes.ts';
import { walletRoutes } from './wallet/wallet-plugin.ts';

export interface ApiOptions {
  /** Check every answer against its route's declared schema (the test suites turn it on). */
  checkAnswers?: boolean;
}

/** The version the OpenAPI document names: the app's package version. */
const API_VERSION = '0.1.0';

/**
 * The app API of spec §7, registered with prefix /api. Every route is declared (http/contract):
 * Fastify validates its fields, failures and unknown paths answer the envelope, and the declarations
 * are published at /api/openapi.json. On start it seeds a fresh database with the demo
 * (config.seedDemo) and creates `<dataDir>/site-config.json` from the defaults if missing.
 */
export const apiRoutes: FastifyPluginAsync<ApiOptions> = async (fastify, { checkAnswers = false }) => {
  const { config, db } = fastify;
  if (config.seedDemo) await seedDemo(db);
  const siteConfig = openSiteConfig(config.dataDir, { error: (message) => fastify.log.error(message) }, config.seedDemo ? DEMO_SITE_CONFIG : {});
  const ctx = createApiContext(db, config, siteConfig, () => fastify.clock.now());

  await installApiContract(fastify, { checkAnswers, version: API_VERSION });

  // Only routes that opt in (config.rateLimit) are limited; the answer is the usual envelope.
  await fastify.register(rateLimit, {
    global: false,
    errorResponseBuilder: (request, context) => fail(t(requestLang(request), 'rate.exceeded', { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) })),
  });

  for (const plugin of [languageRoutes, siteRoutes, registerRoute, loginRoutes, emsRoutes, userRoutes, passwordRoutes, uploadRoute]) {
    await fastify.register(plugin, { ctx });
  }
  for (const plugin of [identityRoute, addressRoutes, bankRoutes]) await fastify.register(plugin, { ctx });
  await fastify.register(tradingRoutes, { ctx });
  await fastify.register(walletRoutes, { ctx });
  await fastify.register(earnRoutes, { ctx });

  // A demo server approves pending reviews by itself after REVIEW_AUTO_SECONDS (README "Reviews").
  const autoSeconds = reviewAutoSeconds(config);
  if (autoSeconds > 0) fastify.jobs.register(reviewAutoApprovalJob(ctx.reviews, autoSeconds));
};
