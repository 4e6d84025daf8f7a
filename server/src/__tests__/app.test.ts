import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYMBOLS } from '../feed/symbols.ts';
import { startTestApp, type TestApp } from './harness/index.ts';

describe('the app plugin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('exposes what it decorates on the instance buildApp returns', () => {
    const symbol = SYMBOLS[0]!.symbol;
    expect(t.app.db).toBe(t.db);
    expect(t.app.marketPrice(symbol, Date.now() - 1000)).toMatch(/^\d+\.\d+$/);
  });

  it('routes spec paths whatever their case (api/index/… and api/Index/…)', async () => {
    const lower = await t.get<{ list: unknown[] }>('index/getLangList');
    const upper = await t.get<{ list: unknown[] }>('Index/getLangList');
    expect(upper.code).toBe(1);
    expect(upper.data.list).toEqual(lower.data.list);
  });
});

const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(4096))};`;

describe('serving the built client in history mode', () => {
  let t: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'static-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>shell</title>');
    // What the build writes (vite.config.ts): an asset with a hashed name and its compressed copies.
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'assets', 'app-h4sh.js'), SCRIPT);
    writeFileSync(join(staticDir, 'assets', 'app-h4sh.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(staticDir, 'assets', 'app-h4sh.js.gz'), gzipSync(SCRIPT));
    t = await startTestApp({ STATIC_DIR: staticDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it.each(['/market', '/market?tab=1', '/options?currentSymbol=btcusdt', '/trade-lst'])(
    'answers the app shell for the screen %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>shell</title>');
    },
  );

  it('keeps API, market REST and unknown API paths out of the shell', async () => {
    const kline = await t.app.inject({ method: 'GET', url: '/market/history/kline?symbol=btcusdt&period=1min&size=2' });
    expect(kline.json<{ status: string }>().status).toBe('ok');
    for (const url of ['/api/nope', '/v1/nope', '/market/nope', '/ws', '/feed']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('<title>shell</title>');
    }
  });

  it('serves the brotli or gzip copy to a browser that accepts it, and the plain file otherwise', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/app-h4sh.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/assets/app-h4sh.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/app-h4sh.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('lets browsers keep hashed assets for good and revalidate the shell on every visit', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-h4sh.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/options?currentSymbol=btcusdt']) {
      const shell = await t.app.inject({ method: 'GET', url });
      expect(shell.statusCode, url).toBe(200);
      expect(shell.headers['cache-control'], url).toBe('no-cache');
    }
  });
});
