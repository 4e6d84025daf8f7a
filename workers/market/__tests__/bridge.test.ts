import { afterEach, describe, expect, it, vi } from 'vitest';
import { releaseProxy } from 'comlink';
import type { BatchItem, Book } from '../../../common/protocol.ts';
import { connectMarketApi } from '../bridge/connect.ts';
import { exposeMarketApi } from '../bridge/expose.ts';
import { envelope, FakeFetch, FakeSocket, ManualFrames, ORIGIN, recordingSockets } from './support/fakes.ts';

const CONFIG = { wsUrl: 'ws://engine.test/ws', marketBase: ORIGIN, apiBase: `${ORIGIN}/api` };
const ignore = () => {};

/** Waits (real time) until `check` passes. */
async function eventually(check: () => void, ms = 2_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > end) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

describe('the engine across the worker bridge, on a real MessageChannel', () => {
  const channels: MessageChannel[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    for (const channel of channels.splice(0)) {
      channel.port1.close();
      channel.port2.close();
    }
  });

  it('subscribes, polls, and delivers one batch per frame on a port of its own, one way, books transferred', async () => {
    const channel = new MessageChannel();
    channels.push(channel);
    const { sockets, socketFactory } = recordingSockets();
    const fetch = new FakeFetch().on('/api/User/getNoticeList', () =>
      envelope(1, { list: [{ id: 5, title: 'T', addtime: 'now', status: 1, imgs: '', content: 'c' }] }),
    );
    const frames = new ManualFrames();
    // Every message either side posts, with what it transfers.
    const posted: { message: unknown; transfer: unknown }[] = [];
    const post = MessagePort.prototype.postMessage as (
      this: MessagePort,
      message: unknown,
      transfer?: Transferable[],
    ) => void;
    vi.spyOn(MessagePort.prototype, 'postMessage').mockImplementation(function (
      this: MessagePort,
      message: unknown,
      transfer?: unknown,
    ) {
      posted.push({ message, transfer });
      post.call(this, message, transfer as Transferable[] | undefined);
    });
    exposeMarketApi({ fetch: fetch.fetch, socketFactory, scheduleFrame: frames.schedule }, channel.port1);
    const received: BatchItem[][] = [];
    const remote = await connectMarketApi(channel.port2, CONFIG, (items) => received.push(items), ignore);
    await remote.setSession({ token: 'tok', lang: 'en' });
    await remote.subscribe(1, { kind: 'notices', unreadSwitch: true });
    await remote.subscribe(2, { kind: 'book', symbol: 'btcusdt', levels: 2 });
    await eventually(() => expect(fetch.to('/api/User/getNoticeList')).toHaveLength(1));
    await eventually(() => expect(sockets).toHaveLength(1));
    sockets[0]?.accept();
    sockets[0]?.push({
      ch: 'market.btcusdt.depth.step0',
      ts: 1,
      tick: {
        bids: [
          [10.5, 1],
          [10.4, 2],
          [10.3, 3],
        ],
        asks: [[10.6, 4]],
        version: 1,
        ts: 2,
      },
    });
    await eventually(() => expect(frames.waiting).toBe(1));
    const postedBefore = posted.length;
    frames.tick();

    await eventually(() => expect(received).toHaveLength(1));
    // One message for the batch, and no answer from the page.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(posted.length - postedBefore).toBe(1);
    const transferred = posted.at(-1)?.transfer as ArrayBuffer[];
    const batch = received[0] ?? [];
    expect(batch.map((item) => item.id).sort()).toEqual([1, 2]);
    expect(batch.find((item) => item.id === 1)?.wire).toMatchObject({ id: 5, title: 'T' });
    const book = batch.find((item) => item.id === 2)?.wire as Book;
    expect(book.bids).toBeInstanceOf(Float64Array);
    expect([...book.bids]).toEqual([10.5, 1, 10.4, 2]);
    expect([...book.asks]).toEqual([10.6, 4]);
    // The worker's copies were moved, not cloned: their buffers are now detached.
    expect(transferred.map((buffer) => buffer.byteLength)).toEqual([0, 0]);

    await remote.unsubscribe(2);
    expect(sockets[0]?.unsubs()).toEqual(['market.btcusdt.depth.step0']);
    expect((await remote.stats()).batches).toBe(1);
    await remote.unsubscribe(1);
    remote[releaseProxy]();
  });

  it('a bad key rejects the remote call with the engine error', async () => {
    const channel = new MessageChannel();
    channels.push(channel);
    exposeMarketApi({ fetch: new FakeFetch().fetch, socketFactory: (url) => new FakeSocket(url) }, channel.port1);
    const remote = await connectMarketApi(channel.port2, CONFIG, ignore, ignore);
    await expect(remote.subscribe(1, { kind: 'book', symbol: '' })).rejects.toThrow(/symbol/);
    remote[releaseProxy]();
  });

  it('a replay file that is not a transcript (an HTML page) rejects startReplay and leaves the live feed on', async () => {
    const channel = new MessageChannel();
    channels.push(channel);
    const { sockets, socketFactory } = recordingSockets();
    const fetch = new FakeFetch().on(
      '/session.ndjson',
      () => new Response('<!doctype html>\n<html></html>', { status: 200 }),
    );
    exposeMarketApi({ fetch: fetch.fetch, socketFactory }, channel.port1);
    const remote = await connectMarketApi(channel.port2, CONFIG, ignore, ignore);
    await expect(remote.startReplay(`${ORIGIN}/session.ndjson`, 1)).rejects.toThrow(/line 1 is not JSON/);
    await remote.subscribe(1, { kind: 'ticker', symbol: 'btcusdt' });
    await eventually(() => expect(sockets).toHaveLength(1));
    expect((await remote.stats()).state).not.toBe('replay');
    remote[releaseProxy]();
  });
});
