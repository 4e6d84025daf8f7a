import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../api/__tests__/support.ts';

describe('GET /__test/outbox', () => {
  let t: TestApp | undefined;
  afterEach(async () => t?.close());

  it('does not exist without TEST_ROUTES', async () => {
    t = await startTestApp({ TEST_ROUTES: '0' });
    expect(t.config.testRoutes).toBe(false);
    expect((await t.post('Ems/send', { email: 'hidden@example.com' })).code).toBe(1);
    const response = await t.app.inject({ method: 'GET', url: '/__test/outbox?to=hidden@example.com' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Your verification code');
  });

  it('with TEST_ROUTES lists messages newest first, filtered by address (any case)', async () => {
    t = await startTestApp({ TEST_ROUTES: '1' });
    await t.post('Ems/send', { email: 'one@example.com' });
    await t.post('Ems/send', { email: 'two@example.com' });
    const all = (await t.app.inject({ method: 'GET', url: '/__test/outbox' })).json<{ to: string }[]>();
    expect(all.map((m) => m.to)).toEqual(['two@example.com', 'one@example.com']);
    const one = (await t.app.inject({ method: 'GET', url: '/__test/outbox?to=ONE@example.com' })).json<
      Record<string, unknown>[]
    >();
    expect(one).toHaveLength(1);
    expect(Object.keys(one[0]!).sort()).toEqual(['body', 'code', 'created_at', 'subject', 'to']);
  });
});
