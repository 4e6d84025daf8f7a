import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { DEMO_SITE_CONFIG, seedDemo } from '../db/seed.ts';
import { openSiteConfig, type SiteConfigStore } from '../domain/site-config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live site configuration (`<dataDir>/site-config.json`). */
    siteConfig: SiteConfigStore;
  }
}

/**
 * What the data directory needs before any route runs: the demo on a fresh database
 * (config.seedDemo) and `<dataDir>/site-config.json` from the defaults if missing (the demo's
 * on a demo server). Decorates `siteConfig`. Needs `fastify.config` and `fastify.db` (app.ts).
 */
const siteSetup: FastifyPluginAsync = async (fastify) => {
  const { config, db } = fastify;
  if (config.seedDemo) await seedDemo(db);
  const siteConfig = openSiteConfig(
    config.dataDir,
    { error: (message) => fastify.log.error(message) },
    config.seedDemo ? DEMO_SITE_CONFIG : {},
  );
  fastify.decorate('siteConfig', siteConfig);
};

export const siteSetupPlugin = fastifyPlugin(siteSetup, { name: 'site-setup', fastify: '5.x' });
