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
