import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { firstValueFrom, filter } from 'rxjs';
import { engineStream, observeEngineStreams, setEngineSession } from '../engine-client.ts';

/**
 * jsdom has no Worker, so engine-client runs the same engine on the main thread (the `?engine=main`
 * path); fetch is replaced to play the server.
 */
describe('engine-client', () => {
  const requests: { url: string; headers: Record<string, string> }[] = [];

  beforeAll(() => {
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      requests.push({ url, headers });
      const path = new URL(url).pathname;
      if (path === '/market/detail') {
        return new Response(
          '{"ch":"market.btcusdt.detail","status":"ok","ts":1700000000000,"tick":{"id":1,"low":1.0,"high":2.0,"open":1.5,"close":1.75,"vol":10.0,"amount":5.0,"version":1,"count":3}}',
        );
      }
      if (path === '/api/User/getNoticeList' && headers.Token === 'good') {
        return Response.json({
          code: 1,
          msg: '',
          data: { list: [{ id: 3, title: 'Hi', addtime: 'now', status: 1, imgs: '', content: 'x' }] },
        });
      }
      return Response.json({ code: 401, msg: 'token expired', data: null });
    });
  });
  afterAll(() => vi.unstubAllGlobals());

  it('returns the same Observable for equal keys, in any key order', () => {
    const a = engineStream({ kind: 'markets', fid: 1, eid: 2 });
    const b = engineStream({ eid: 2, fid: 1, kind: 'markets' } as const);
    expect(a).toBe(b);
    expect(engineStream({ kind: 'markets', fid: 1, eid: 3 })).not.toBe(a);
  });

  it('streams the newest notice with the session passed in, and a 401 on sessionExpired', async () => {
    setEngineSession({ token: 'good', lang: 'de' });
    const notice = await firstValueFrom(
      engineStream({ kind: 'notices', unreadSwitch: true }).pipe(filter((n) => n !== null)),
    );
    expect(notice).toMatchObject({ id: 3, title: 'Hi', status: 1 });
    const noticeRequest = requests.find((r) => r.url.endsWith('/api/User/getNoticeList'));
    expect(noticeRequest?.headers).toMatchObject({ Token: 'good', Lang: 'de' });

    const expired = firstValueFrom(engineStream({ kind: 'sessionExpired' }));
    // No wait: the engine takes calls in the order they were made (engine-connection.ts withApi), so
    // the sessionExpired subscription is live before the new session reaches it.
    setEngineSession({ token: 'bad', lang: 'de' });
    const banner = engineStream({ kind: 'notices', unreadSwitch: true }).subscribe();
    await expect(expired).resolves.toBe('token expired');
    banner.unsubscribe();
  });

  it('shares one engine subscription among the readers of a stream: a later reader gets the latest value at once, and a reader after the last left starts afresh', async () => {
    const first: unknown[] = [];
    const a = engineStream({ kind: 'daySummary', symbol: 'ethusdt' }).subscribe((value) => first.push(value));
    await vi.waitFor(() => expect(first).toHaveLength(1));
    const later: unknown[] = [];
    const b = engineStream({ kind: 'daySummary', symbol: 'ethusdt' }).subscribe((value) => later.push(value));
    expect(later).toEqual(first);
    a.unsubscribe();
    b.unsubscribe();
    const afresh: unknown[] = [];
    engineStream({ kind: 'daySummary', symbol: 'ethusdt' })
      .subscribe((value) => afresh.push(value))
      .unsubscribe();
    expect(afresh).toEqual([]);
  });

  it('QA: the stream observer sees what a market stream hands its subscribers, once asked to', async () => {
    const observer = await observeEngineStreams();
    expect(await observeEngineStreams()).toBe(observer);
    const summary = await firstValueFrom(engineStream({ kind: 'daySummary', symbol: 'btcusdt' }));
    expect(summary).toMatchObject({ close: '1.75', ts: 1700000000000 });
    expect(observer.drain()).toContainEqual({
      kind: 'daySummary',
      symbol: 'btcusdt',
      at: expect.any(Number),
      ts: 1700000000000,
    });
    expect(observer.snapshot().daySummaries).toEqual([{ ...summary, at: expect.any(Number) }]);
  });
});
