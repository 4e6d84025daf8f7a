/// <reference types="vitest/config" />
import { defaultClientConditions, defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import { readdirSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { endpointMetaTags, type MetaTag } from './server/src/http/shell-facts.ts';
import { FIRST_SCREEN_STRING_GROUPS } from './src/app/first-screen-groups.ts';
import { LongestFirstSequencer } from './tests/e2e/support/longest-first.ts';

const serverPort = Number(process.env.PORT ?? 8080);
const backend = `http://127.0.0.1:${serverPort}`;

/**
 * Records the market endpoints this build compiles in (VITE_MARKET_WS_URL, VITE_MARKET_REST_URL, from
 * the same resolved env as import.meta.env) as meta tags of index.html, where the server reads them
 * for its Content-Security-Policy: build and policy cannot name different hosts.
 */
function recordMarketEndpoints(): Plugin {
  let tags: MetaTag[] = [];
  return {
    name: 'record-market-endpoints',
    configResolved(config) {
      tags = endpointMetaTags(config.env);
    },
    transformIndexHtml: () =>
      tags.map(({ name, content }) => ({ tag: 'meta', attrs: { name, content }, injectTo: 'head' as const })),
  };
}

/**
 * `virtual:first-screen-strings` (src/app/i18n.ts): the groups of locales/en.json that home and the
 * shell show (src/app/first-screen-groups.ts), picked at build time, so they travel in the first download while
 * the whole file stays a lazy chunk like every other language. (Importing both from en.json itself
 * would put the whole file in the first download: one module cannot be both.)
 */
function firstScreenStrings(groups: readonly string[]): Plugin {
  const id = 'virtual:first-screen-strings';
  const resolved = `\0${id}`;
  const file = fileURLToPath(new URL('./locales/en.json', import.meta.url));
  return {
    name: 'first-screen-strings',
    resolveId: (source) => (source === id ? resolved : undefined),
    load(loadId) {
      if (loadId !== resolved) return undefined;
      this.addWatchFile(file);
      const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const missing = groups.filter((group) => !(group in all));
      if (missing.length > 0) this.error(`locales/en.json has no group ${missing.join(', ')}`);
      return `export default ${JSON.stringify(Object.fromEntries(groups.map((group) => [group, all[group]])))};`;
    },
  };
}

/** The brotli and gzip copies of the build: made by the compression plugin, and again by eagerCompile for the chunks it changes after it. */
const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY } };
const GZIP_OPTIONS = { level: zlibConstants.Z_BEST_COMPRESSION };

/** V8's explicit compile hint: on a file's first line, every function is compiled eagerly. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Asks V8 to compile two chunks whole, on a background thread while each downloads (explicit compile
 * hints), instead of function by function on the main thread when first called:
 * - the entry, the first screen's code: its lazy compiles took 110-190 ms of main thread before
 *   home's first paint (unthrottled), each lengthening a task of the start;
 * - the chart library: its lazy compiles lengthened the chart's first paints.
 * The hint must be the file's first line, and Vite puts its preload map at the top of the entry
 * late in generateBundle, where the brotli and gzip copies are made too; so this runs after both
 * and makes those copies again.
 */
function eagerCompile(): Plugin {
  const eager = (chunk: Rolldown.OutputChunk) =>
    chunk.isEntry || chunk.moduleIds.some((id) => id.includes('/node_modules/lightweight-charts/'));
  return {
    name: 'eager-compile',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !eager(chunk)) continue;
          chunk.code = COMPILE_HINT + chunk.code;
          const brotli = bundle[`${chunk.fileName}.br`];
          if (brotli?.type === 'asset') brotli.source = brotliCompressSync(chunk.code, BROTLI_OPTIONS);
          const gzip = bundle[`${chunk.fileName}.gz`];
          if (gzip?.type === 'asset') gzip.source = gzipSync(chunk.code, GZIP_OPTIONS);
        }
      },
    },
  };
}

type ManifestTransform = NonNullable<NonNullable<VitePWAOptions['workbox']>['manifestTransforms']>[number];

/**
 * The screens that open offline after one visit, besides home: the tab bar's. Their chunks, and
 * everything they load, are precached with the shell; every other screen is kept the first time it
 * opens with the service worker in charge (installableApp's runtime cache).
 */
const OFFLINE_SCREENS = [
  'src/features/market/components/MarketPage.tsx',
  'src/features/options/components/OptionsPage.tsx',
  'src/features/spot/components/ExchangePage.tsx',
  'src/features/wallet/components/AssetsPage.tsx',
];

/**
 * Picks the service worker's precache from the bundle's import graph: the entry with its static
 * imports (the first screen), every language (a phone may be in any of them when it goes offline), and
 * OFFLINE_SCREENS with everything they import. The other screens' chunks are left out; files outside
 * the graph (index.html, the market worker, icons, the manifest) stay in. Precaching every chunk (178
 * files, 671 KiB gzip) had a first visit fetch and store them all in its first seconds, beside the
 * screen's own work: on a 2-core host the options screen's main thread had 3.1 long tasks a load after
 * its chart's first draw, up to 4.1 s into the feed, against 2.1 and none after 2.1 s with this list
 * (87 files, 531 KiB; 8 loads each).
 */
function offlineShell(): { plugin: Plugin; transform: ManifestTransform } {
  const graphFiles = new Set<string>();
  const kept = new Set<string>();
  const plugin: Plugin = {
    name: 'offline-shell',
    generateBundle(_options, bundle) {
      graphFiles.clear();
      kept.clear();
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const keep = (fileName: string, withDynamic: boolean): void => {
        if (kept.has(fileName)) return;
        kept.add(fileName);
        const chunk = byFile.get(fileName);
        if (!chunk) return;
        for (const css of chunk.viteMetadata?.importedCss ?? []) kept.add(css);
        for (const imported of chunk.imports) keep(imported, withDynamic);
        if (withDynamic) for (const imported of chunk.dynamicImports) keep(imported, true);
      };
      for (const chunk of chunks) {
        graphFiles.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) graphFiles.add(css);
      }
      const facade = (chunk: (typeof chunks)[number]) => chunk.facadeModuleId?.replaceAll('\\', '/') ?? '';
      for (const chunk of chunks) {
        if (chunk.isEntry || /\/locales\/[^/]+\.json$/.test(facade(chunk))) keep(chunk.fileName, false);
        else if (OFFLINE_SCREENS.some((screen) => facade(chunk).endsWith(`/${screen}`))) keep(chunk.fileName, true);
      }
    },
  };
  const transform: ManifestTransform = (entries) => ({
    manifest: entries.filter((entry) => !graphFiles.has(entry.url) || kept.has(entry.url)),
    warnings: [],
  });
  return { plugin, transform };
}

/**
 * The installable app: the web app manifest and a Workbox service worker that precaches
 * the shell and the main screens (offlineShell: the app opens offline after one visit), keeps any
 * other chunk the first time it is fetched, serves the shell for the app's history routes, and leaves
 * everything else to the network: the API, market REST, the market socket and uploads are never
 * answered from a cache. A new version waits until the user accepts the reload prompt
 * (src/lib/app-update.ts); the app registers the worker itself.
 */
function installableApp(): Plugin[] {
  const shell = offlineShell();
  const serviceWorker = VitePWA({
    // The bench pages (bench/build-pages.ts) are no app to install, and the bench builds one into the
    // app's own dist: its service worker must stay the app's.
    disable: process.env.BENCH_PAGES_BUILD === '1',
    registerType: 'prompt',
    injectRegister: false,
    manifest: {
      name: 'TradeDesk',
      short_name: 'TradeDesk',
      description: 'Spot trading, second contracts and wallet services.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      background_color: '#0b1426',
      theme_color: '#0b1426',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    includeAssets: ['favicon.svg', 'logo.svg', 'icons/apple-touch-icon.png'],
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      // The brotli and gzip copies are the same files; the server picks one per request.
      globIgnores: ['**/*.br', '**/*.gz'],
      maximumFileSizeToCacheInBytes: 1024 * 1024,
      navigateFallback: '/index.html',
      // The server's own paths (app.ts API_PATH): never the shell, never from a cache.
      navigateFallbackDenylist: [/^\/(?:api|v1|__test|uploads|ws|feed)(?:[/?]|$)/i, /^\/market\//i],
      manifestTransforms: [shell.transform],
      // The chunks not precached, once they are asked for: their names carry their content's hash.
      runtimeCaching: [
        {
          urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: { cacheName: 'screens', cacheableResponse: { statuses: [200] }, expiration: { maxEntries: 400 } },
        },
      ],
      cleanupOutdatedCaches: true,
      clientsClaim: false,
      skipWaiting: false,
    },
  });
  return [shell.plugin, ...serviceWorker];
}

/**
 * The test files of the screens (src/features) and of lib share one module graph per worker, which
 * spares loading React, i18next and the app again for every file. Those that replace modules with
 * vi.mock run isolated (a mock applies only where a module is first loaded), and so do the tests of
 * the shared components and the shell, which hold page-wide state (the dialog stack, history, focus).
 */
const TEST_FILE = /\/__tests__\/.*\.test\.tsx?$/;
// Read only under vitest: a build or the dev server has no use for the test files.
const sharedGraphTests = (process.env.VITEST ? ['src/features', 'src/lib'] : []).flatMap((folder) =>
  (readdirSync(folder, { recursive: true, encoding: 'utf8' }) as string[])
    .map((file) => `${folder}/${file.replaceAll('\\', '/')}`)
    .filter((file) => TEST_FILE.test(file) && !readFileSync(file, 'utf8').includes('vi.mock(')),
);

// One config for the build and for every test project (docs/architecture.md#conventions).
export default defineConfig({
  // Brotli and gzip copies beside each asset, served by the server as they are (@fastify/static
  // preCompressed): a phone on a slow network downloads about a third of the bytes, with no
  // compression work per request.
  plugins: [
    react(),
    firstScreenStrings(FIRST_SCREEN_STRING_GROUPS),
    recordMarketEndpoints(),
    eagerCompile(),
    installableApp(),
    compression({
      algorithms: [defineAlgorithm('brotliCompress', BROTLI_OPTIONS), defineAlgorithm('gzip', GZIP_OPTIONS)],
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  // rxjs's ES2015 build (classes, no tslib helpers) rather than its ES5 one: the build targets
  // ES2022, and the ES5 copy made the first screen about 1 KiB (gzip) heavier.
  resolve: { conditions: ['es2015', ...defaultClientConditions] },
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    // No modulepreload polyfill: it added 0.2 KiB (gzip) to the first screen for the few browsers
    // without modulepreload (Safari before 17), which still load every module, only not early.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        // Everything the first screen imports statically in one chunk beside the entry: two requests
        // listed in index.html instead of a dozen small ones (docs/performance.md#lighthouse-on-the-home-page). Lazy screens split as before.
        codeSplitting: { groups: [{ name: 'first-screen', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    proxy: {
      '/api': backend,
      '/market': backend,
      '/v1': backend,
      '/uploads': backend,
      '/ws': { target: backend.replace('http', 'ws'), ws: true },
      '/feed': { target: backend.replace('http', 'ws'), ws: true },
    },
  },
  test: {
    fileParallelism: true,
    maxWorkers: 2,
    // The longest end-to-end files start first (tests/e2e/support/longest-first.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          // Each file in a fresh VM context of a reused worker, not a fresh process: as isolated, without
          // loading jsdom and the test set-up again per file (the project took 62 s alone, now 17 s).
          pool: 'vmThreads',
          include: ['src/**/__tests__/**/*.test.{ts,tsx}'],
          exclude: sharedGraphTests,
          setupFiles: ['src/test-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'screens',
          environment: 'jsdom',
          include: sharedGraphTests,
          setupFiles: ['src/test-setup.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'workers',
          environment: 'node',
          include: ['workers/**/__tests__/**/*.test.ts', 'common/**/__tests__/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'bench', environment: 'node', include: ['bench/**/__tests__/**/*.test.ts'] },
      },
      {
        extends: true,
        // The repository's own lint rules, on snippets (RuleTester, and Linter with eslint.config.js).
        // Its few files share a module graph, so ESLint and the TypeScript parser load once per worker.
        test: {
          name: 'tooling',
          environment: 'node',
          include: ['eslint-rules/**/__tests__/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/__tests__/**/*.test.ts'],
          // Migrates and seeds the template databases every test app copies (server/src/__tests__/harness).
          globalSetup: ['server/src/__tests__/harness/global-setup.ts'],
          // The files share one module graph per worker: Fastify, Ajv (and the schemas it compiled) and
          // the server's modules load once, not once per file. Each file still builds its own apps.
          isolate: false,
          testTimeout: 20_000,
          // A beforeAll that starts a whole app (migrations, demo seed, a login) is as slow as a test on busy shared cores.
          hookTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.spec.ts'],
          // One browser for the whole run and one server per worker (tests/e2e/support/global-setup.ts).
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          // The files of a worker share one module graph: playwright-core and the helpers load once per
          // worker, not once per file (about a second each). No file mocks a module or stubs a global.
          isolate: false,
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
