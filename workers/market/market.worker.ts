/** The market worker: exposes the engine's API (docs/architecture.md#who-imports-whom; the bridge is bridge/expose.ts). */
import { exposeMarketApi } from './bridge/expose.ts';

exposeMarketApi({
  fetch: (url, init) => fetch(url, init),
  socketFactory: (url) => new WebSocket(url),
});

// The page's first Intl formatter pays ICU's one-time start, its number and date data: 110-290 ms
// of main thread at 4x CPU, in the first render of prices. That start is per process, so paid here
// the page's first formatter takes 0.3-20 ms (home's TBT). The worker starts with the app.
setTimeout(() => {
  new Intl.NumberFormat().format(0);
  new Intl.DateTimeFormat().format(0);
});
