/**
 * Inflate paths timed in Chromium's own dedicated worker (docs/performance.md#decode), where the
 * engine runs them: its own (fflate), pako, and `DecompressionStream` (frames one at a time and a
 * burst), on the bench's gzip frames. The page is bench/pages/inflate.html, built into the app's folder and
 * served by the reference server, so its worker runs under the app's Content-Security-Policy.
 */
import type { Browser } from 'playwright-core';
import type { InflateTimes } from './pages/inflate.worker.ts';

export async function workerInflateBench(browser: Browser, url: string, frames: Uint8Array[]): Promise<InflateTimes> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => 'inflateBench' in window);
    const base64 = frames.map((frame) => Buffer.from(frame).toString('base64'));
    return await page.evaluate(
      (framesBase64) =>
        (window as unknown as { inflateBench(frames: string[]): Promise<InflateTimes> }).inflateBench(framesBase64),
      base64,
    );
  } finally {
    await context.close();
  }
}
