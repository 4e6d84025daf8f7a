import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../../db/seed.ts';
import type { Envelope } from '../../../http/envelope.ts';
import { fileForm, fixture } from '../../../uploads/__tests__/upload-support.ts';
import { login, registerByEmail, startTestApp, type TestApp } from '../../../__tests__/harness/index.ts';

describe('GET /uploads/<name>', () => {
  let t: TestApp;
  let owner: string;
  let other: string;
  let jpegUrl: string;
  let webpUrl: string;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await login(t, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
    other = await registerByEmail(t, 'other@example.com');
    const upload = async (bytes: Buffer) => {
      const form = fileForm(bytes);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/api/common/upload',
        payload: form.payload,
        headers: { ...form.headers, Token: owner },
      });
      return response.json<Envelope<{ url: string }>>().data.url;
    };
    jpegUrl = await upload(fixture('photo.jpg'));
    webpUrl = await upload(fixture('lossy.webp'));
  });
  afterAll(async () => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  /** The headers every answer under /uploads carries, image or refusal. */
  function expectFileHeaders(headers: Record<string, unknown>): void {
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(headers['cache-control']).toBe('private, no-store');
    expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  }

  it("serves the owner's image with its own type, its bytes, and no script, sniffing or caching", async () => {
    for (const [url, type, bytes] of [
      [jpegUrl, 'image/jpeg', fixture('photo.jpg')],
      [webpUrl, 'image/webp', fixture('lossy.webp')],
    ] as const) {
      const response = await get(url, { Token: owner });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(type);
      expect(response.headers['content-length']).toBe(String(bytes.length));
      expectFileHeaders(response.headers);
      expect(response.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('takes the session from the token cookie, as an <img> sends it', async () => {
    const response = await get(jpegUrl, { cookie: `theme=night; token=${encodeURIComponent(owner)}` });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(fixture('photo.jpg'))).toBe(true);
  });

  it('answers another user exactly as for a name that does not exist (404)', async () => {
    const notYours = await get(jpegUrl, { Token: other });
    const missing = await get(`/uploads/${'0'.repeat(32)}.jpg`, { Token: other });
    for (const response of [notYours, missing]) {
      expect(response.statusCode).toBe(404);
      expectFileHeaders(response.headers);
      expect(response.json()).toEqual({ code: 0, msg: 'This file does not exist', data: null });
    }
  });

  it('answers 401 without a session: no token, an unknown token, a logged-out one', async () => {
    const loggedOut = await login(t, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
    await t.post('Login/logout', {}, { Token: loggedOut });
    for (const headers of [
      {},
      { Token: 'not-a-session' },
      { cookie: 'token=not-a-session' },
      { Token: loggedOut },
    ] as Record<string, string>[]) {
      const response = await get(jpegUrl, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expectFileHeaders(response.headers);
      expect(response.json()).toMatchObject({ code: 401 });
    }
  });

  it('serves nothing but stored names: the incoming folder, the database, paths out of the folder', async () => {
    for (const url of [
      '/uploads/incoming',
      '/uploads/..%2fapp.sqlite',
      '/uploads/%2e%2e%2fapp.sqlite',
      `${jpegUrl}.part`,
      jpegUrl.toUpperCase().replace('/UPLOADS/', '/uploads/'),
    ]) {
      expect((await get(url, { Token: owner })).statusCode, url).toBe(404);
    }
  });

  it('answers 404 when the file is gone from the disk', async () => {
    const form = fileForm(fixture('photo.png'), 'a.png', 'image/png');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/api/common/upload',
      payload: form.payload,
      headers: { ...form.headers, Token: owner },
    });
    const url = response.json<Envelope<{ url: string }>>().data.url;
    rmSync(join(t.dataDir, url));
    expect((await get(url, { Token: owner })).statusCode).toBe(404);
  });
});
