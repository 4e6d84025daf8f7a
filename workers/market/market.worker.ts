/** The market worker: exposes the engine's API and nothing else (DESIGN.md §3; the bridge is bridge/expose.ts). */
import { exposeMarketApi } from './bridge/expose.ts';

exposeMarketApi({
  fetch: (url, init) => fetch(url, init),
  socketFactory: (url) => new WebSocket(url),
});
