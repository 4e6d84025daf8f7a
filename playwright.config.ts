import { existsSync } from 'node:fs';
import type { LaunchOptions, BrowserContextOptions } from 'playwright-core';

/**
 * The features playwright-core 1.65 turns off with its own `--disable-features`. Chromium reads only
 * the last `--disable-features` of its command line, and ours comes after Playwright's, so it names
 * them again (bench/__tests__/launch-options.test.ts fails when Playwright's list grows).
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Browser UI no page of ours uses: Chromium 156 builds its address bar's WebUI popup in a renderer of
 * its own for every new window, even headless, at about 1.3 s of CPU each (README.md#test-it).
 */
const UNUSED_BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

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
    `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_BROWSER_UI].join(',')}`,
  ],
};

/** Debian's `chromium-headless-shell`: the same Chromium without the browser's own UI. */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The end-to-end tests' browser: the headless shell when it is installed (what Playwright itself runs
 * headless), else the full Chromium, and one renderer process per tab rather than per site, as
 * Chrome on most Android phones. Each test opens a fresh context; measured per context opened and
 * shown the login screen, 1.7 s of CPU became 1.0 s (README.md#what-keeps-the-suite-quick). The bench
 * keeps the full Chromium of `launchOptions`, so its figures compare with earlier runs.
 */
export const e2eLaunchOptions: LaunchOptions = {
  ...launchOptions,
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: [...(launchOptions.args ?? []), '--disable-site-isolation-trials'],
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
