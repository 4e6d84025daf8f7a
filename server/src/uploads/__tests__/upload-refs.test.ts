import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadRepository } from '../../db/repositories/upload-repository.ts';
import { DEMO_ACCOUNT } from '../../db/seed.ts';
import type { Envelope } from '../../http/envelope.ts';
import { ownUploadUrl, uploadNameOf } from '../upload-refs.ts';
import { fileForm, fixture } from './upload-support.ts';
import { login, registerByEmail, startTestApp, type TestApp } from '../../__tests__/harness/index.ts';

const NAME = `${'ab12'.repeat(8)}.jpg`;

describe('uploadNameOf', () => {
  it('reads the stored name from the relative url and from a fullurl on any host', () => {
    for (const reference of [
      `/uploads/${NAME}`,
      `http://localhost:8080/uploads/${NAME}`,
      `https://trade.example.com/uploads/${NAME}`,
      `  /uploads/${NAME}\n`,
    ]) {
      expect(uploadNameOf(reference), reference).toBe(NAME);
    }
  });

  it('reads nothing else as an upload reference', () => {
    for (const reference of [
      '',
      NAME,
      `uploads/${NAME}`,
      `/uploads/${NAME}?v=1`,
      `/uploads/${NAME}#x`,
      `/uploads/sub/${NAME}`,
      `/uploads/../${NAME}`,
      '/uploads/../app.sqlite',
      `/api/uploads/${NAME}`,
      `ftp://host/uploads/${NAME}`,
      `javascript:alert(1)//uploads/${NAME}`,
      `/uploads/${NAME.toUpperCase()}`,
      `/uploads/${'ab12'.repeat(8)}.gif`,
    ]) {
      expect(uploadNameOf(reference), reference).toBeNull();
    }
  });
});

describe("ownUploadUrl: records may reference only the caller's own uploads", () => {
  let t: TestApp;
  let uploads: UploadRepository;
  let demoId: number;
  let otherId: number;
  let demoUpload: { url: string; fullurl: string };
  let otherUpload: { url: string; fullurl: string };
  beforeAll(async () => {
    t = await startTestApp();
    uploads = new UploadRepository(t.db);
    const upload = async (token: string) => {
      const form = fileForm(fixture('photo.jpg'));
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/api/common/upload',
        payload: form.payload,
        headers: { ...form.headers, Token: token },
      });
      return response.json<Envelope<{ url: string; fullurl: string }>>().data;
    };
    demoUpload = await upload(await login(t, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password));
    otherUpload = await upload(await registerByEmail(t, 'other@example.com'));
    const idOf = (username: string) =>
      t.db.prepare('SELECT id FROM users WHERE username = ?').pluck().get(username) as number;
    demoId = idOf(DEMO_ACCOUNT.username);
    otherId = idOf('other@example.com');
  });
  afterAll(async () => t.close());

  it("gives the canonical relative url for the owner's upload, sent back relative or full", () => {
    expect(ownUploadUrl(uploads, demoId, demoUpload.url)).toBe(demoUpload.url);
    expect(ownUploadUrl(uploads, demoId, demoUpload.fullurl)).toBe(demoUpload.url);
    expect(ownUploadUrl(uploads, otherId, otherUpload.fullurl)).toBe(otherUpload.url);
  });

  it("refuses another user's upload, in either form", () => {
    expect(ownUploadUrl(uploads, demoId, otherUpload.url)).toBeNull();
    expect(ownUploadUrl(uploads, demoId, otherUpload.fullurl)).toBeNull();
    expect(ownUploadUrl(uploads, otherId, demoUpload.url)).toBeNull();
  });

  it('refuses a name that was never uploaded, and anything that is not an upload url', () => {
    expect(ownUploadUrl(uploads, demoId, `/uploads/${NAME}`)).toBeNull();
    expect(ownUploadUrl(uploads, demoId, 'https://evil.example/x.jpg')).toBeNull();
    expect(ownUploadUrl(uploads, demoId, '')).toBeNull();
  });
});
