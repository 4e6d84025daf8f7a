import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../routes/api/__tests__/support.ts';
import { SYMBOLS } from '../feed/symbols.ts';

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

describe('serving the built client in history mode', () => {
  let t: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'static-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>shell</title>');
    t = await startTestApp({ STATIC_DIR: staticDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it.each(['/market', '/market?tab=1', '/options?currentSymbol=btcusdt', '/trade-lst'])('answers the app shell for the screen %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>shell</title>');
  });

  it('keeps API, market REST and unknown API paths out of the shell', async () => {
    const kline = await t.app.inject({ method: 'GET', url: '/market/history/kline?symbol=btcusdt&period=1min&size=2' });
    expect(kline.json<{ status: string }>().status).toBe('ok');
    for (const url of ['/api/nope', '/v1/nope', '/market/nope', '/ws', '/feed']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('<title>shell</title>');
    }
  });
});
