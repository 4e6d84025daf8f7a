/**
 * Creates the market engine: in the market Worker, spoken to through Comlink (the bridge), or on the
 * main thread with `?engine=main` and where there is no Worker (jsdom). The only src module that
 * creates the Worker or imports the engine's code (docs/architecture.md).
 * Feed location: `VITE_MARKET_WS_URL` and `VITE_MARKET_REST_URL` at build time, else this origin.
 */
import type { AlertSink, BatchSink } from '../../common/protocol.ts';
import type { EngineConfig, MarketApi } from '../../workers/market/market-api.ts';
import { connectMarketApi } from '../../workers/market/bridge/connect.ts';

/** The engine's API, once made, whether it answers directly (main thread) or with promises (worker). */
export type EngineApi = { [K in Exclude<keyof MarketApi, 'init'>]: (...args: Parameters<MarketApi[K]>) => unknown };

function engineConfig(): EngineConfig {
  const origin = globalThis.location.origin;
  const env = import.meta.env as Record<string, string | undefined>;
  const wsOrigin = origin.replace(/^http/, 'ws');
  return {
    wsUrl: env.VITE_MARKET_WS_URL || `${wsOrigin}/ws`,
    marketBase: env.VITE_MARKET_REST_URL || origin,
    apiBase: `${origin}/api`,
  };
}

/** A new engine that hands its batches to `deliver` and its price alert events to `deliverAlerts`. */
export async function createEngine(
  mainThread: boolean,
  deliver: BatchSink,
  deliverAlerts: AlertSink,
): Promise<EngineApi> {
  const config = engineConfig();
  if (mainThread || typeof Worker === 'undefined') {
    const { createMarketApi } = await import('../../workers/market/market-api.ts');
    const direct = createMarketApi({
      fetch: (url, init) => fetch(url, init),
      socketFactory: (url) => new WebSocket(url),
    });
    direct.init(config, deliver, deliverAlerts);
    return direct;
  }
  const worker = new Worker(new URL('../../workers/market/market.worker.ts', import.meta.url), {
    type: 'module',
    name: 'market',
  });
  worker.addEventListener('error', (event) => console.error('[engine-client] market worker failed:', event.message));
  return await connectMarketApi(worker, config, deliver, deliverAlerts);
}
