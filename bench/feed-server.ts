/**
 * The reference server as the bench's market: its HTX feed replaying the bench session at a given
 * speed (so 50 and 250 msg/s carry the same messages), serving the built bench pages.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';

export interface FeedServer {
  url: string;
  stop(): Promise<void>;
}

export async function startFeedServer(staticDir: string, sessionFile: string, speed: number): Promise<FeedServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    STATIC_DIR: staticDir,
    TEST_ROUTES: '1',
    LOG_LEVEL: 'silent',
    FEED_SOURCE: 'replay',
    FEED_REPLAY_FILE: sessionFile,
    FEED_REPLAY_SPEED: String(speed),
    FEED_REPLAY_LOOP: '1',
  });
  const server: FastifyInstance = await buildApp({ config });
  const url = await server.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    async stop() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
