import type { FastifyPluginAsync } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { installApiContract } from '../../http/contract/install.ts';
import { fail } from '../../http/envelope.ts';
import { requestLang } from '../../http/lang.ts';
import { t } from '../../i18n/index.ts';
import { uploadRoute } from './profile/upload-route.ts';
import { earnRoutes } from './earn/earn-routes.ts';
import { emsRoutes } from './account/ems-routes.ts';
import { languageRoutes } from './site/language-routes.ts';
import { siteRoutes } from './site/site-routes.ts';
import { loginRoutes } from './account/login-routes.ts';
import { registerRoute } from './account/register-route.ts';
import { tradingRoutes } from './spot/trading-routes.ts';
import { addressRoutes } from './profile/address-routes.ts';
import { bankRoutes } from './profile/bank-routes.ts';
import { identityRoute } from './profile/identity-route.ts';
import { passwordRoutes } from './account/password-routes.ts';
import { passkeyRoutes } from './security/passkey-routes.ts';
import { totpRoutes } from './security/totp-routes.ts';
import { userRoutes } from './account/user-routes.ts';
import { approvalRoutes } from './security/approval-routes.ts';
import { walletRoutes } from './wallet/wallet-routes.ts';
import { antiPhishingRoutes } from './security/anti-phishing-routes.ts';
import { sessionRoutes } from './security/session-routes.ts';
import { signInRoutes } from './security/sign-in-routes.ts';
import { allowlistRoutes } from './security/allowlist-routes.ts';

export interface ApiOptions {
  /** Check every answer against its route's declared schema (the test suites turn it on). */
  checkAnswers?: boolean;
}

/** The version the OpenAPI document names: the app's package version. */
const API_VERSION = '0.1.0';

/**
 * The app API of docs/product-rules.md#calls-and-answers, registered with prefix /api. Every route is declared (http/contract):
 * Fastify validates its fields, failures and unknown paths answer the envelope, and the declarations
 * are published at /api/openapi.json. The route modules use what the application plugins of
 * server/src/plugins decorate (context, trading, wallet, earn); app.ts registers those first.
 */
export const apiRoutes: FastifyPluginAsync<ApiOptions> = async (fastify, { checkAnswers = false }) => {
  await installApiContract(fastify, { checkAnswers, version: API_VERSION });

  // Only routes that opt in (config.rateLimit) are limited; the answer is the usual envelope.
  await fastify.register(rateLimit, {
    global: false,
    errorResponseBuilder: (request, context) =>
      fail(t(requestLang(request), 'rate.exceeded', { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) })),
  });

  for (const plugin of [
    languageRoutes,
    siteRoutes,
    registerRoute,
    loginRoutes,
    emsRoutes,
    userRoutes,
    passwordRoutes,
    uploadRoute,
  ]) {
    await fastify.register(plugin);
  }
  for (const plugin of [identityRoute, addressRoutes, bankRoutes]) await fastify.register(plugin);
  await fastify.register(tradingRoutes);
  await fastify.register(walletRoutes);
  await fastify.register(earnRoutes);
  await fastify.register(passkeyRoutes);
  await fastify.register(totpRoutes);
  await fastify.register(approvalRoutes);
  for (const plugin of [sessionRoutes, signInRoutes, antiPhishingRoutes]) await fastify.register(plugin);
  await fastify.register(allowlistRoutes);
};
