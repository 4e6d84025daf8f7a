import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Fastify from 'fastify';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { app as appPlugin } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { startTestApp, type TestApp } from '../../__tests__/harness/index.ts';

const THEME_SCRIPT =
  "\n      var t = localStorage.getItem('theme');\n      if (t) document.documentElement.dataset.theme = t;\n    ";
const shell = (script: string) => `<!doctype html>
<html>
  <head>
    <meta name="market-ws-url" content="wss://feed.example.com:8443/ws">
    <meta name="market-rest-url" content="https://rest.example.com/v2?x=1&amp;y=2">
    <script>${script}</script>
    <script type="module" crossorigin src="/assets/app-h4sh.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

/** The CSP hash of `text` as the browser computes it (sha256 of the UTF-8 text, base64). */
const browserHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** A Content-Security-Policy header as directive → sources. */
function directives(header: string | string[] | number | undefined): Record<string, string[]> {
  expect(typeof header, 'a Content-Security-Policy header').toBe('string');
  const out: Record<string, string[]> = {};
  for (const part of (header as string).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name] = sources;
  }
  return out;
}

/** The headers every answer carries, whatever it is. */
function expectBaseHeaders(headers: Record<string, unknown>, what: string): void {
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
  expect(directives(headers['content-security-policy'] as string)['frame-ancestors'], what).toEqual(["'none'"]);
}

const API_DIRECTIVES = { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] };

describe('security headers with a built client', () => {
  let t: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'security-static-'));
    writeFileSync(join(staticDir, 'index.html'), shell(THEME_SCRIPT));
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'assets', 'app-h4sh.js'), 'export {};');
    t = await startTestApp({ STATIC_DIR: staticDir, IP_LOOKUP_URL: 'https://api.ipify.org/?format=json' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('gives the shell a policy allowing exactly the app: its origin, the recorded market hosts, the theme script by hash', async () => {
    for (const url of ['/', '/index.html', '/options?currentSymbol=btcusdt']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body, url).toContain('<div id="root">');
      expectBaseHeaders(response.headers, url);
      expect(directives(response.headers['content-security-policy']), url).toEqual({
        'default-src': ["'none'"],
        'script-src': ["'self'", browserHash(THEME_SCRIPT)],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'", 'wss://feed.example.com:8443', 'https://rest.example.com', 'https://api.ipify.org'],
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        'base-uri': ["'none'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      });
    }
  });

  it('gives a hashed asset the same policy, since the market worker runs under its script’s policy', async () => {
    const [asset, page] = await Promise.all(
      ['/assets/app-h4sh.js', '/'].map((url) => t.app.inject({ method: 'GET', url })),
    );
    expect(asset!.statusCode).toBe(200);
    expectBaseHeaders(asset!.headers, 'asset');
    expect(asset!.headers['content-security-policy']).toBe(page!.headers['content-security-policy']);
  });

  it('gives API and market JSON a policy that allows nothing, found or not', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/index/getSetting' }),
      t.app.inject({ method: 'POST', url: '/api/nothing' }),
      t.app.inject({ method: 'GET', url: '/market/history/kline?symbol=btcusdt&period=1min&size=2' }),
    ]);
    for (const answer of answers) {
      expect(answer.headers['content-type'], answer.body).toMatch(/^application\/json/);
      expectBaseHeaders(answer.headers, answer.body);
      expect(directives(answer.headers['content-security-policy'])).toEqual(API_DIRECTIVES);
    }
  });

  it('follows a rebuilt shell: the hash is of the file served now', async () => {
    const index = join(staticDir, 'index.html');
    const other = '\n      document.documentElement.dataset.theme = "night";\n    ';
    writeFileSync(index, shell(other));
    utimesSync(index, new Date(), new Date(Date.now() + 5000));
    try {
      const response = await t.app.inject({ method: 'GET', url: '/' });
      expect(directives(response.headers['content-security-policy'])['script-src']).toEqual([
        "'self'",
        browserHash(other),
      ]);
    } finally {
      writeFileSync(index, shell(THEME_SCRIPT));
      utimesSync(index, new Date(), new Date(Date.now() + 10_000));
    }
  });
});

describe('security headers without a client', () => {
  it('still answers every call with the headers, and the JSON policy', async () => {
    const t = await startTestApp();
    try {
      const response = await t.app.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(404);
      expectBaseHeaders(response.headers, '/');
      expect(directives(response.headers['content-security-policy'])).toEqual(API_DIRECTIVES);
    } finally {
      await t.close();
    }
  });

  it('lets a route set its own stricter policy (the uploads route)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'security-route-'));
    const db = openDatabase(dataDir);
    const fastify = Fastify();
    try {
      await fastify.register(appPlugin, {
        config: loadConfig({ DATA_DIR: dataDir, STATIC_DIR: '', LOG_LEVEL: 'silent' }),
        db,
      });
      fastify.get('/uploads/probe.png', (_request, reply) =>
        reply
          .header('content-security-policy', "default-src 'none'; sandbox")
          .type('image/png')
          .send(Buffer.from([0x89, 0x50, 0x4e, 0x47])),
      );
      const response = await fastify.inject({ method: 'GET', url: '/uploads/probe.png' });
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await fastify.close();
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the build records the market hosts it compiles in', () => {
  const WS = 'wss://quotes.example.net/ws';
  const REST = 'https://quotes.example.net:9443/api';
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'security-build-'));
    writeFileSync(
      join(root, 'index.html'),
      '<!doctype html><html><head><title>t</title></head><body><script type="module" src="./main.js"></script></body></html>',
    );
    writeFileSync(
      join(root, 'main.js'),
      'console.log(import.meta.env.VITE_MARKET_WS_URL, import.meta.env.VITE_MARKET_REST_URL);\n',
    );
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    rmSync(root, { recursive: true, force: true });
  });

  it('in index.html, where the policy reads the same hosts the bundle connects to', async () => {
    vi.stubEnv('VITE_MARKET_WS_URL', WS);
    vi.stubEnv('VITE_MARKET_REST_URL', REST);
    const outDir = join(root, 'dist');
    await build({
      configFile: resolve('vite.config.ts'),
      root,
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
    const bundle = readdirSync(join(outDir, 'assets'))
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(join(outDir, 'assets', name), 'utf8'))
      .join('\n');
    expect(bundle).toContain(WS);
    expect(bundle).toContain(REST);

    const t = await startTestApp({ STATIC_DIR: outDir });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/' });
      expect(directives(response.headers['content-security-policy'])['connect-src']).toEqual([
        "'self'",
        'wss://quotes.example.net',
        'https://quotes.example.net:9443',
      ]);
    } finally {
      await t.close();
    }
  });

  it('refuses to build with a market URL the policy could not name', async () => {
    vi.stubEnv('VITE_MARKET_WS_URL', 'quotes.example.net/ws');
    await expect(
      build({
        configFile: resolve('vite.config.ts'),
        root,
        logLevel: 'silent',
        build: { outDir: join(root, 'bad'), write: false },
      }),
    ).rejects.toThrow('VITE_MARKET_WS_URL must be an absolute ws:// or wss:// URL, got "quotes.example.net/ws"');
  });
});
