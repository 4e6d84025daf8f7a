import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, createApiClient, type ApiClientDeps } from '../api-client.ts';

type FetchArgs = [input: string, init: RequestInit];

function envelope(code: number, msg: string, data: unknown = null): Response {
  return new Response(JSON.stringify({ code, msg, data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

function setup(fetchImpl: (...args: FetchArgs) => Promise<Response>, overrides: Partial<ApiClientDeps> = {}) {
  const fetchMock = vi.fn(fetchImpl);
  const deps: ApiClientDeps = {
    fetch: fetchMock as unknown as typeof fetch,
    baseUrl: '/api',
    timeoutMs: 15_000,
    getToken: () => 'tok-123',
    getLang: () => 'zh-cn',
    toast: vi.fn(),
    onUnauthorized: vi.fn(),
    onRequestError: vi.fn(),
    log: vi.fn(),
    failureFallback: () => 'fallback failure',
    ...overrides,
  };
  return { client: createApiClient(deps), deps, fetchMock };
}

describe('api client: request shape', () => {
  it('POSTs a form-encoded body under /api with the Token and Lang headers', async () => {
    const { client, fetchMock } = setup(async () => envelope(1, 'ok', { a: 1 }));
    await client.post('/Login/login', { username: 'amy', password: 'p@ss word', ip: '', skipped: undefined });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/Login/login');
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(URLSearchParams);
    expect(String(init.body)).toBe('username=amy&password=p%40ss+word&ip=');
    expect(init.headers).toMatchObject({ Token: 'tok-123', Lang: 'zh-cn' });
  });

  it('sends GET parameters in the query string and no body', async () => {
    const { client, fetchMock } = setup(async () => envelope(1, '', { lang: 'de' }));
    await client.get('/index/setLang', { lang: 'de' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/index/setLang?lang=de');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
  });

  it('leaves the Token header out when signed out', async () => {
    const { client, fetchMock } = setup(async () => envelope(1, ''), { getToken: () => null });
    await client.post('/index/getBanner');
    expect(fetchMock.mock.calls[0]![1].headers).not.toHaveProperty('Token');
  });
});

describe('api client: answer codes', () => {
  it('code 1 resolves ok with data and toasts msg only when the call asks', async () => {
    const { client, deps } = setup(async () => envelope(1, 'Saved', { id: 7 }));
    const quietRead = await client.post<{ id: number }>('/x');
    expect(quietRead).toEqual({ ok: true, data: { id: 7 }, msg: 'Saved' });
    expect(deps.toast).not.toHaveBeenCalled();
    await client.post('/x', {}, { successToast: true });
    expect(deps.toast).toHaveBeenCalledWith('Saved', 'success');
  });

  it('code 1 with an empty msg shows no toast even when asked', async () => {
    const { client, deps } = setup(async () => envelope(1, ''));
    await client.post('/x', {}, { successToast: true });
    expect(deps.toast).not.toHaveBeenCalled();
  });

  it.each([0, 201, 204, 500, 7])('code %i resolves an empty failure and toasts msg', async (code) => {
    const { client, deps } = setup(async () => envelope(code, `failed ${code}`, { leaked: true }));
    const result = await client.post('/x');
    expect(result).toEqual({ ok: false, code, msg: `failed ${code}` });
    expect(deps.toast).toHaveBeenCalledWith(`failed ${code}`, 'error');
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
  });

  it('a failure without msg toasts the fallback text', async () => {
    const { client, deps } = setup(async () => envelope(0, ''));
    await client.post('/x');
    expect(deps.toast).toHaveBeenCalledWith('fallback failure', 'error');
  });

  it('quiet calls do not toast failures', async () => {
    const { client, deps } = setup(async () => envelope(201, 'nope'));
    const result = await client.post('/x', {}, { quiet: true });
    expect(result.ok).toBe(false);
    expect(deps.toast).not.toHaveBeenCalled();
  });

  it('code 401 hands msg to the unauthorized handler instead of a failure toast', async () => {
    const { client, deps } = setup(async () => envelope(401, 'Please log in first'));
    const result = await client.post('/User/getUserInfo');
    expect(result).toEqual({ ok: false, code: 401, msg: 'Please log in first' });
    expect(deps.onUnauthorized).toHaveBeenCalledWith('Please log in first');
    expect(deps.toast).not.toHaveBeenCalled();
  });

  it('accepts a code sent as a string', async () => {
    const { client } = setup(async () => new Response('{"code":"1","msg":"","data":3}'));
    expect(await client.post('/x')).toEqual({ ok: true, data: 3, msg: '' });
  });
});

describe('api client: failures without an envelope', () => {
  it('logs and rejects a network error', async () => {
    const { client, deps } = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    const call = client.post('/x');
    await expect(call).rejects.toBeInstanceOf(ApiRequestError);
    await expect(call).rejects.toMatchObject({ kind: 'network' });
    expect(deps.log).toHaveBeenCalledTimes(1);
    expect(deps.onRequestError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'network' }), false);
  });

  it('rejects an answer that is not JSON', async () => {
    const { client } = setup(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(client.post('/x')).rejects.toMatchObject({ kind: 'http' });
  });

  it('rejects JSON that is not an envelope', async () => {
    const { client } = setup(async () => new Response('{"hello":1}'));
    await expect(client.post('/x')).rejects.toMatchObject({ kind: 'parse' });
  });

  describe('time-out', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('aborts after 15 s and rejects as a time-out', async () => {
      const { client, deps, fetchMock } = setup(
        (_url, init) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      );
      const call = client.post('/slow');
      const settled = call.catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(14_999);
      expect(fetchMock.mock.calls[0]![1].signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const error = await settled;
      expect(error).toBeInstanceOf(ApiRequestError);
      expect(error).toMatchObject({ kind: 'timeout' });
      expect(deps.log).toHaveBeenCalledTimes(1);
    });
  });
});

describe('api client: posting flag', () => {
  it('blocks a second submit with the same lock while the first is in flight', async () => {
    let release: (response: Response) => void = () => undefined;
    const { client, fetchMock } = setup(() => new Promise<Response>((resolve) => (release = resolve)));
    const first = client.post('/Trade/upbbbuy', {}, { lock: 'order' });
    expect(client.isPosting('order')).toBe(true);
    const second = await client.post('/Trade/upbbbuy', {}, { lock: 'order' });
    expect(second).toEqual({ ok: false, code: 'busy', msg: '' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    release(envelope(1, 'done'));
    expect((await first).ok).toBe(true);
    expect(client.isPosting('order')).toBe(false);
  });

  it('does not block calls with another lock or none', async () => {
    const { client, fetchMock } = setup(async () => envelope(1, ''));
    await Promise.all([client.post('/a', {}, { lock: 'a' }), client.post('/b', {}, { lock: 'b' }), client.post('/c')]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('releases the flag after a failed submit and after a network error', async () => {
    const answers = [
      async () => envelope(0, 'rejected'),
      async (): Promise<Response> => {
        throw new TypeError('offline');
      },
      async () => envelope(1, 'ok'),
    ];
    const { client } = setup(() => answers.shift()!());
    expect((await client.post('/x', {}, { lock: 'submit' })).ok).toBe(false);
    expect(client.isPosting('submit')).toBe(false);
    await expect(client.post('/x', {}, { lock: 'submit' })).rejects.toBeInstanceOf(ApiRequestError);
    expect(client.isPosting('submit')).toBe(false);
    expect((await client.post('/x', {}, { lock: 'submit' })).ok).toBe(true);
  });
});

describe('api client: a call index.html already sent', () => {
  it('reads the early answer as the call’s own, without sending it again', async () => {
    const { client, fetchMock } = setup(async () => envelope(1, '', ['fresh']));
    const result = await client.post<string[]>('/index/getBanner', undefined, {
      quiet: true,
      sent: Promise.resolve(envelope(1, '', ['early'])),
    });
    expect(result).toEqual({ ok: true, data: ['early'], msg: '' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('turns a failed early request into the same network error, logged', async () => {
    const { client, deps } = setup(async () => envelope(1, ''));
    const failed = client.post('/index/getBanner', undefined, {
      quiet: true,
      sent: Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(failed).rejects.toMatchObject({ kind: 'network', path: '/index/getBanner' });
    expect(deps.log).toHaveBeenCalledTimes(1);
  });

  it('times an early request out like any other', async () => {
    vi.useFakeTimers();
    try {
      const { client } = setup(async () => envelope(1, ''), { timeoutMs: 1000 });
      const stuck = client.post('/index/getBanner', undefined, { quiet: true, sent: new Promise<Response>(() => {}) });
      const outcome = expect(stuck).rejects.toMatchObject({ kind: 'timeout' });
      await vi.advanceTimersByTimeAsync(1000);
      await outcome;
    } finally {
      vi.useRealTimers();
    }
  });
});
