/**
 * An error thrown while the shell renders (a defect, data it cannot read) shows a message with a
 * retry instead of a blank page: before the shell's last-catch boundary, React unmounted the whole
 * app. The error is made here by a browser property the shell reads while it renders (the online
 * flag, read by the top strip), broken by an init script until the test mends it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visible } from '../support/app-helpers.ts';
import { startStack, type Stack } from '../support/stack.ts';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

const BREAK_ONLINE_FLAG = `(() => {
  const read = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine').get;
  window.__shellBroken = true;
  Object.defineProperty(Navigator.prototype, 'onLine', {
    configurable: true,
    get() {
      if (window.__shellBroken) throw new Error('the online flag cannot be read');
      return read.call(this);
    },
  });
})();`;

describe('an error while the shell renders', () => {
  it('shows what went wrong and a retry instead of a blank page, and Retry brings the app back', async () => {
    const { page, context } = await stack.newPage();
    await page.addInitScript(BREAK_ONLINE_FLAG);
    await page.goto(`${stack.baseUrl}/`);
    const failed = await visible(page.getByTestId('app-failed'));
    expect(await failed.getByRole('alert').textContent()).toContain('Something went wrong');
    await visible(failed.getByRole('button', { name: 'Go to home' }));

    await page.evaluate(() => {
      (window as unknown as { __shellBroken: boolean }).__shellBroken = false;
    });
    await failed.getByRole('button', { name: 'Retry' }).click();
    await visible(page.getByTestId('market-carousel'));
    await visible(page.getByRole('link', { name: 'Markets' }));
    expect(await page.getByTestId('app-failed').count()).toBe(0);
    await context.close();
  });
});
