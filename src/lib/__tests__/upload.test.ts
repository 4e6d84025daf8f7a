import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../client-storage.ts';
import { initSession, session } from '../session.ts';
import { toasts } from '../toast.ts';
import { appUploadDeps, readUploadAnswer, sendUpload, UPLOAD_TIMEOUT_MS, type UploadDeps } from '../upload.ts';

afterEach(() => {
  vi.restoreAllMocks();
  toasts.items = [];
});

const URL_ = '/uploads/0123456789abcdef0123456789abcdef.jpg';
const FULL = `https://trade.example.com${URL_}`;
const answer = (body: unknown) => JSON.stringify(body);

describe('readUploadAnswer', () => {
  it('reads the URL in every reading of docs/product-rules.md#uploads: data.data.url first, then data.url, then data.fullurl', () => {
    expect(
      readUploadAnswer(
        200,
        answer({ code: 1, msg: 'ok', data: { url: '/other', fullurl: FULL, data: { url: URL_ } } }),
      ),
    ).toEqual({ ok: true, url: URL_ });
    expect(readUploadAnswer(200, answer({ code: 1, msg: 'ok', data: { url: URL_, fullurl: FULL } }))).toEqual({
      ok: true,
      url: URL_,
    });
    expect(readUploadAnswer(200, answer({ code: 1, msg: 'ok', data: { fullurl: FULL } }))).toEqual({
      ok: true,
      url: FULL,
    });
    expect(readUploadAnswer(200, answer({ code: '1', msg: 'ok', data: { data: { fullurl: FULL } } }))).toEqual({
      ok: true,
      url: FULL,
    });
  });

  it('treats a success without a URL, or an answer that is no envelope, as a bad answer', () => {
    expect(readUploadAnswer(200, answer({ code: 1, msg: 'ok', data: { url: '' } }))).toEqual({
      ok: false,
      reason: 'badAnswer',
    });
    expect(readUploadAnswer(200, answer({ code: 1, msg: 'ok', data: null }))).toEqual({
      ok: false,
      reason: 'badAnswer',
    });
    expect(readUploadAnswer(200, '<html>proxy error</html>')).toEqual({ ok: false, reason: 'badAnswer' });
    expect(readUploadAnswer(502, '')).toEqual({ ok: false, reason: 'badAnswer' });
  });

  it("reads a proxy's 413 without an envelope as too large", () => {
    expect(readUploadAnswer(413, '<html>413 Request Entity Too Large</html>')).toEqual({
      ok: false,
      reason: 'tooLarge',
    });
  });

  it("carries the server's message on a refusal and on 401", () => {
    expect(
      readUploadAnswer(200, answer({ code: 0, msg: 'Only JPEG, PNG or WebP images can be uploaded', data: null })),
    ).toEqual({ ok: false, reason: 'refused', message: 'Only JPEG, PNG or WebP images can be uploaded' });
    expect(readUploadAnswer(200, answer({ code: 401, msg: 'Please log in first', data: null }))).toEqual({
      ok: false,
      reason: 'unauthorized',
      message: 'Please log in first',
    });
  });
});

/** The part of XMLHttpRequest sendUpload uses, driven by the test. */
class FakeRequest {
  method = '';
  url = '';
  timeout = 0;
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
}

function setup(overrides: Partial<UploadDeps> = {}) {
  const request = new FakeRequest();
  const deps: UploadDeps = {
    createRequest: () => request as unknown as XMLHttpRequest,
    getToken: () => 'tok-123',
    getLang: () => 'zh-cn',
    onUnauthorized: vi.fn(),
    log: vi.fn(),
    timeoutMs: UPLOAD_TIMEOUT_MS,
    ...overrides,
  };
  return { request, deps };
}

const image = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' });

describe('sendUpload', () => {
  it('POSTs the image as multipart field file to /api/api/common/upload with the Token and Lang headers', async () => {
    const { request, deps } = setup();
    const sent = sendUpload(image(), {}, deps);
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/api/common/upload');
    expect(request.headers).toMatchObject({ Token: 'tok-123', Lang: 'zh-cn' });
    expect(request.timeout).toBe(UPLOAD_TIMEOUT_MS);
    const file = request.body!.get('file') as File;
    expect([...request.body!.keys()]).toEqual(['file']);
    expect(file.name).toBe('photo.jpg');
    expect(file.size).toBe(4);
    request.respond(200, {
      code: 1,
      msg: 'Upload successful',
      data: { url: URL_, fullurl: FULL, data: { url: URL_, fullurl: FULL } },
    });
    expect(await sent).toEqual({ ok: true, url: URL_ });
  });

  it('leaves the Token header out when signed out', () => {
    const { request, deps } = setup({ getToken: () => null });
    void sendUpload(image(), {}, deps);
    expect(request.headers).not.toHaveProperty('Token');
  });

  it('reports the share sent as the upload progresses', async () => {
    const { request, deps } = setup();
    const seen: number[] = [];
    const sent = sendUpload(image(), { onProgress: (fraction) => seen.push(fraction) }, deps);
    request.progress(250, 1000);
    request.progress(1000, 1000);
    request.respond(200, { code: 1, msg: '', data: { url: URL_ } });
    await sent;
    expect(seen).toEqual([0.25, 1]);
  });

  it('ends every failure as an outcome, never a rejection: network, time-out, abort', async () => {
    const network = setup();
    const a = sendUpload(image(), {}, network.deps);
    network.request.onerror!();
    expect(await a).toEqual({ ok: false, reason: 'network' });
    expect(network.deps.log).toHaveBeenCalledWith('upload failed: network');

    const slow = setup();
    const b = sendUpload(image(), {}, slow.deps);
    slow.request.ontimeout!();
    expect(await b).toEqual({ ok: false, reason: 'timeout' });

    const cancelled = setup();
    const controller = new AbortController();
    const c = sendUpload(image(), { signal: controller.signal }, cancelled.deps);
    controller.abort();
    expect(cancelled.request.aborted).toBe(true);
    expect(await c).toEqual({ ok: false, reason: 'aborted' });
  });

  it("hands a 401 to onUnauthorized with the server's message", async () => {
    const { request, deps } = setup();
    const sent = sendUpload(image(), {}, deps);
    request.respond(200, { code: 401, msg: 'Your session has expired, please log in again', data: null });
    expect(await sent).toEqual({
      ok: false,
      reason: 'unauthorized',
      message: 'Your session has expired, please log in again',
    });
    expect(deps.onUnauthorized).toHaveBeenCalledWith('Your session has expired, please log in again');
  });
});

describe("sendUpload with the app's own handling", () => {
  it('on 401 clears the stored token, shows the message and goes to /login, like every other call', async () => {
    saveToken('expired-token');
    initSession('en-US');
    window.history.replaceState(null, '', '/real_authentication');
    const request = new FakeRequest();
    const sent = sendUpload(
      image(),
      {},
      { ...appUploadDeps, createRequest: () => request as unknown as XMLHttpRequest },
    );
    expect(request.headers).toMatchObject({ Token: 'expired-token', Lang: 'en' });
    request.respond(200, { code: 401, msg: 'Session expired', data: null });
    await sent;
    expect(session.token).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(toasts.items.map((t) => t.message)).toContain('Session expired');
    expect(window.location.pathname).toBe('/login');
  });
});
