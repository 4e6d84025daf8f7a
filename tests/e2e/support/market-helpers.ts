import type { Page } from 'playwright-core';

/**
 * Evaluates `predicate(arg)` in the page every `everyMs` until it resolves truthy, and returns how
 * long that took. Unlike `page.waitForFunction`, it awaits an async predicate: waitForFunction takes
 * the returned Promise itself as a truthy answer and stops at once.
 */
export async function waitForPage<A>(
  page: Page,
  predicate: (arg: A) => Promise<boolean> | boolean,
  arg: A,
  timeoutMs: number,
  everyMs = 50,
): Promise<number> {
  const started = Date.now();
  for (;;) {
    // Playwright types the page function's argument as its serialized form; ours is plain data.
    if (await page.evaluate<boolean, A>(predicate as never, arg)) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`the page condition did not hold within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
