import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Every path of the app's route table (src/app/routes.tsx), read from its source so that a screen
 * added there is checked without touching the tests. Paths that need a query to show their content
 * get the demo's (docs/product-rules.md#routes-and-access queries).
 */
export function appRoutes(): string[] {
  const source = readFileSync(resolve('src/app/routes.tsx'), 'utf8');
  const paths = [...source.matchAll(/\{\s*path:\s*'([^']+)'/g)]
    .map((m) => m[1] as string)
    .filter((path) => path !== '*');
  if (paths.length < 10) throw new Error(`only ${paths.length} routes found in src/app/routes.tsx`);
  return paths;
}

/** A route with the query its screen needs to show a pair. */
export function withQuery(path: string): string {
  if (path === '/exchange' || path === '/options') return `${path}?currentSymbol=btcusdt&name=BTC/USDT`;
  return path;
}
