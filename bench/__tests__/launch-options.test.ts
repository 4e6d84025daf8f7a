import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { launchOptions } from '../../playwright.config.ts';

/** Every feature named by each `--disable-features` switch of a command line, switch by switch. */
function disabledFeatureLists(args: readonly string[]): string[][] {
  return args
    .filter((arg) => arg.startsWith('--disable-features='))
    .map((arg) => arg.slice('--disable-features='.length).split(','));
}

const chromiumPath = launchOptions.executablePath ?? '';

describe('the browser the end-to-end tests and the bench launch', () => {
  it.skipIf(!existsSync(chromiumPath))(
    'keeps every feature Playwright turns off, and the address bar popup, in the one --disable-features Chromium reads',
    async () => {
      const server = await chromium.launchServer(launchOptions);
      try {
        const lists = disabledFeatureLists(server.process().spawnargs);
        // Chromium reads only the last of several --disable-features switches.
        const effective = new Set(lists.at(-1));
        const dropped = lists
          .slice(0, -1)
          .flat()
          .filter((feature) => !effective.has(feature));
        expect(dropped, "features of Playwright's own switch that ours drops").toEqual([]);
        expect([...effective]).toEqual(expect.arrayContaining(['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']));
      } finally {
        await server.close();
      }
    },
  );
});
