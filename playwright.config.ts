import type { LaunchOptions, BrowserContextOptions } from 'playwright-core';

/**
 * Browser settings shared by the end-to-end tests and the bench. Playwright cannot download browsers
 * here, so tests drive Debian's Chromium through playwright-core (CHROMIUM_PATH overrides the path).
 */
export const launchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

/** The mobile project: the 375×812 phone the design is drawn for (docs/product-rules.md#look-and-feel). */
export const mobileContext: BrowserContextOptions = {
  viewport: { width: 375, height: 812 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'en-US',
  userAgent:
    'Mozilla/5.0 (Linux; Android 12; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
};
