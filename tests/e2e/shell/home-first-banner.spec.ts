/**
 * Home's largest paint is its first banner. index.html asks for the banner list before the scripts
 * arrive, and for the first banner's image as soon as the list does: on a slow network the image
 * downloads beside the scripts instead of after them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visible } from '../support/app-helpers.ts';
import { startStack, type Stack } from '../support/stack.ts';

let stack: Stack;

beforeAll(async () => {
  // A server of its own: the first banner becomes an image file (the demo's are inline SVG, which
  // nothing downloads), as an operator's uploaded banners are.
  stack = await startStack({}, { fresh: true });
  stack.db
    .prepare('UPDATE banners SET img = ? WHERE id = (SELECT id FROM banners ORDER BY sort, id LIMIT 1)')
    .run('/icons/icon-512.png');
});

afterAll(async () => {
  await stack?.stop();
});

describe("home's first banner", () => {
  it("is fetched while the app's entry script is still held back, and shown from it", async () => {
    const answer = await fetch(`${stack.baseUrl}/api/index/getBanner`, { method: 'POST' });
    const first = ((await answer.json()) as { data: { img: string }[] }).data[0]?.img;
    expect(first).toBeTruthy();
    const firstUrl = new URL(first!, stack.baseUrl).href;

    const { page, context } = await stack.newPage();
    let release!: () => void;
    const imageAsked = new Promise<void>((resolve) => (release = resolve));
    let scriptSent = false;
    let imageBeforeScript: boolean | null = null;
    page.on('request', (request) => {
      if (request.url() !== firstUrl || imageBeforeScript !== null) return;
      imageBeforeScript = !scriptSent;
      release();
    });
    // The entry script waits until the image is asked for; were the image asked for only by the
    // rendered page, the script would go after 5 s and the page would then ask for it.
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await Promise.race([imageAsked, new Promise((resolve) => setTimeout(resolve, 5000))]);
      scriptSent = true;
      await route.continue();
    });
    await page.goto(`${stack.baseUrl}/`);
    const image = await visible(page.getByTestId('banners').locator('img').first());
    expect(await image.getAttribute('fetchpriority')).toBe('high');
    await page.waitForFunction((img) => (img as HTMLImageElement).complete, await image.elementHandle());
    expect(imageBeforeScript).toBe(true);
    await context.close();
  });
});
