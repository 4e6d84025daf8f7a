import type { FastifyPluginAsync } from 'fastify';

/** Placeholder until the market feed lands: registers nothing, so the app builds. */
export const feedPlugin: FastifyPluginAsync = async () => {};
