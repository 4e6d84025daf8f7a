import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api-client.ts';
import { saveToken } from '../client-storage.ts';
import { initSession, session } from '../session.ts';
import { toasts } from '../toast.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  toasts.items = [];
});

describe('the app client on a 401 answer', () => {
  it('clears the stored token, shows the message and goes to /login', async () => {
    saveToken('expired-token');
    initSession('en-US');
    window.history.replaceState(null, '', '/security');
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ code: 401, msg: 'Session expired', data: null })),
    );
    vi.stubGlobal('fetch', fetchMock);

    const result = await api.post('/User/getUserInfo');

    expect(result).toEqual({ ok: false, code: 401, msg: 'Session expired' });
    expect((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers).toMatchObject({
      Token: 'expired-token',
    });
    expect(session.token).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(document.cookie).not.toContain('token=');
    expect(toasts.items.map((t) => t.message)).toContain('Session expired');
    expect(window.location.pathname).toBe('/login');
  });
});
