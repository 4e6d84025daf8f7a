/** The market worker: exposes the engine's API over Comlink and nothing else (DESIGN.md §3). */
import { expose, transfer } from 'comlink';
import { createMarketApi } from './market-api.ts';

expose(
  createMarketApi({
    fetch: (url, init) => fetch(url, init),
    socketFactory: (url) => new WebSocket(url),
    markTransfer: (items, buffers) => transfer(items, buffers),
  }),
);
