/**
 * The worker's end of the bridge to the page (the page's end is connect.ts). The page's calls come
 * over Comlink; batches and price alerts go back one way, on message ports of their own. Over a
 * Comlink callback every batch was a call the page answered with a message of its own, with
 * Comlink's bookkeeping on both: in a profile of the options screen at 4x CPU the page spent about
 * a millisecond on each, up to one batch per frame.
 */
import { expose, type Endpoint } from 'comlink';
import { createMarketApi, type EngineConfig, type EngineHost, type MarketApi } from '../market-api.ts';

/** The API as the worker exposes it: `init` takes the two ports the engine writes to. */
export type WorkerMarketApi = Omit<MarketApi, 'init'> & {
  init(config: EngineConfig, batches: MessagePort, alerts: MessagePort): void;
};

/** A fresh engine on `host`, exposed on `endpoint` (the worker's own scope by default). */
export function exposeMarketApi(host: EngineHost, endpoint?: Endpoint): void {
  const api = createMarketApi(host);
  const exposed: WorkerMarketApi = {
    ...api,
    init: (config, batches, alerts) =>
      api.init(
        config,
        // Books' buffers move to the page instead of being copied.
        (items, buffers) => batches.postMessage(items, buffers),
        (events) => alerts.postMessage(events),
      ),
  };
  expose(exposed, endpoint);
}
