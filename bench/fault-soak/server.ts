/**
 * The reference server the fault soak runs against, in this process: a fresh database, the built
 * app, the test routes on (drop and stall controls), and the market simulated (FEED_SEED = the
 * soak's seed) or replayed from a recording once, without looping.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';

export interface SoakServer {
  url: string;
  /** POSTs a test control and returns its JSON answer. */
  control<T>(path: string): Promise<T>;
  stop(): Promise<void>;
}

export async function startSoakServer(
  staticDir: string,
  seed: number,
  replayFile: string | undefined,
): Promise<SoakServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fault-soak-data-'));
  const feed: Record<string, string> = replayFile
    ? { FEED_SOURCE: 'replay', FEED_REPLAY_FILE: resolve(replayFile), FEED_REPLAY_SPEED: '1', FEED_REPLAY_LOOP: '0' }
    : { FEED_SOURCE: 'simulate', FEED_SEED: String(seed) };
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    STATIC_DIR: staticDir,
    TEST_ROUTES: '1',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '0',
    ...feed,
  });
  const server = await buildApp({ config });
  const url = await server.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    async control<T>(path: string): Promise<T> {
      const response = await fetch(`${url}${path}`, { method: 'POST' });
      const answer = (await response.json()) as T & { error?: string };
      if (!response.ok) throw new Error(`${path}: ${answer.error ?? response.status}`);
      return answer;
    },
    async stop() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
