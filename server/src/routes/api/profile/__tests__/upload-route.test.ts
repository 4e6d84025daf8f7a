import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadRepository } from '../../../../db/repositories/upload-repository.ts';
import { DEMO_ACCOUNT } from '../../../../db/seed.ts';
import type { Envelope } from '../../../../http/envelope.ts';
import {
  fileForm,
  fixture,
  multipart,
  pngChunk,
  POLYGLOT_HTML,
  simpleWebp,
  SVG,
  withJpegSegment,
  withPngChunk,
  type Part,
} from '../../../../uploads/__tests__/upload-support.ts';
import { login, startTestApp, type TestApp } from '../../../../__tests__/harness/index.ts';

interface UploadAnswer {
  url: string;
  fullurl: string;
  data: { url: string; fullurl: string };
}

const UPLOAD_PATH = '/api/api/common/upload';

/** Polls `condition` every 20 ms; fails after 5 s (the machine may be busy, the condition must come). */
async function until(condition: () => Promise<boolean>): Promise<void> {
  for (const started = Date.now(); !(await condition()); await new Promise((resolve) => setTimeout(resolve, 20))) {
    if (Date.now() - started > 5000) throw new Error('condition not met within 5 s');
  }
}

async function upload(
  t: TestApp,
  form: { payload: Buffer | string; headers: Record<string, string> },
  headers: Record<string, string> = {},
) {
  const response = await t.app.inject({
    method: 'POST',
    url: UPLOAD_PATH,
    payload: form.payload,
    headers: { ...form.headers, ...headers },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Envelope<UploadAnswer | null>>();
}

/** A structurally valid PNG of any size: IHDR, one IDAT, IEND (its pixels are never decoded). */
function pngOfSize(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const signature = fixture('photo.png').subarray(0, 8);
  return Buffer.concat([
    signature,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(height * (1 + width * 3)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Files in DATA_DIR/uploads (stored and partial) and rows in the uploads table. */
function stored(t: TestApp): { files: string[]; partial: string[]; rows: number } {
  const dir = join(t.dataDir, 'uploads');
  return {
    files: readdirSync(dir).filter((name) => name !== 'incoming'),
    partial: readdirSync(join(dir, 'incoming')),
    rows: t.db.prepare('SELECT COUNT(*) FROM uploads').pluck().get() as number,
  };
}

describe('POST /api/api/common/upload', () => {
  let t: TestApp;
  let token: string;
  let demoId: number;
  beforeAll(async () => {
    t = await startTestApp();
    token = await login(t, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
    demoId = t.db.prepare('SELECT id FROM users WHERE username = ?').pluck().get(DEMO_ACCOUNT.username) as number;
  });
  afterAll(async () => t.close());

  const accepted: [string, Buffer, string][] = [
    ['a JPEG', fixture('photo.jpg'), 'jpg'],
    ['a PNG', fixture('photo.png'), 'png'],
    ['a lossy WebP', fixture('lossy.webp'), 'webp'],
    ['a lossless WebP in the simple layout', simpleWebp(fixture('lossless.webp')), 'webp'],
  ];
  it.each(accepted)(
    'stores %s under a random name and answers its URL in every reading of docs/product-rules.md#uploads',
    async (_kind, bytes, extension) => {
      const answer = await upload(t, fileForm(bytes, 'my passport.gif', 'application/octet-stream'), { Token: token });
      expect(answer).toMatchObject({ code: 1, msg: 'Upload successful' });
      const { url, fullurl, data } = answer.data!;
      expect(url).toMatch(new RegExp(`^/uploads/[0-9a-f]{32}\\.${extension}$`));
      expect(fullurl).toBe(`http://localhost:80${url}`);
      expect(data).toEqual({ url, fullurl });
      const name = url.slice('/uploads/'.length);
      expect(readFileSync(join(t.dataDir, 'uploads', name)).equals(bytes)).toBe(true);
      expect(new UploadRepository(t.db).findByName(name)).toMatchObject({
        user_id: demoId,
        size: bytes.length,
        width: 48,
        height: 32,
      });
    },
  );

  it('takes an image of exactly 16384 pixels a side', async () => {
    expect((await upload(t, fileForm(pngOfSize(16_384, 1), 'wide.png', 'image/png'), { Token: token })).code).toBe(1);
  });

  it('gives every upload of the same bytes its own name', async () => {
    const first = await upload(t, fileForm(fixture('photo.jpg')), { Token: token });
    const second = await upload(t, fileForm(fixture('photo.jpg')), { Token: token });
    expect(first.data!.url).not.toBe(second.data!.url);
  });

  const jpeg = fixture('photo.jpg');
  const refused: [string, { payload: Buffer | string; headers: Record<string, string> }, string][] = [
    ['an SVG', fileForm(SVG, 'logo.svg', 'image/svg+xml'), 'Only JPEG, PNG or WebP images can be uploaded'],
    [
      'an SVG named .png and declared image/png',
      fileForm(SVG, 'logo.png', 'image/png'),
      'Only JPEG, PNG or WebP images can be uploaded',
    ],
    [
      'an HTML page',
      fileForm(`<!DOCTYPE html>${POLYGLOT_HTML}`, 'page.html', 'text/html'),
      'Only JPEG, PNG or WebP images can be uploaded',
    ],
    [
      'a script renamed .png',
      fileForm('#!/bin/sh\nrm -rf ~\n', 'script.png', 'image/png'),
      'Only JPEG, PNG or WebP images can be uploaded',
    ],
    [
      'a JPEG with HTML in its comment (a polyglot)',
      fileForm(withJpegSegment(jpeg, 0xfe, Buffer.from(POLYGLOT_HTML))),
      'This file contains web page code and cannot be accepted as an image',
    ],
    [
      'a PNG with a script in a text chunk',
      fileForm(
        withPngChunk(fixture('photo.png'), pngChunk('tEXt', Buffer.from(`Comment\0${POLYGLOT_HTML}`))),
        'x.png',
        'image/png',
      ),
      'This file contains web page code and cannot be accepted as an image',
    ],
    [
      'a JPEG with a page after its end',
      fileForm(Buffer.concat([jpeg, Buffer.from(POLYGLOT_HTML)])),
      'This file contains web page code and cannot be accepted as an image',
    ],
    [
      'a truncated JPEG',
      fileForm(jpeg.subarray(0, jpeg.length - 100)),
      'The image is damaged or incomplete, please choose another one',
    ],
    [
      'a JPEG with bytes after its end',
      fileForm(Buffer.concat([jpeg, Buffer.alloc(16)])),
      'The image is damaged or incomplete, please choose another one',
    ],
    [
      'an image wider than 16384 pixels',
      fileForm(pngOfSize(16_385, 1), 'wide.png', 'image/png'),
      'The image is too large: at most 16384 pixels on each side',
    ],
    ['an empty file', fileForm(Buffer.alloc(0)), 'The file is empty'],
    ['a form without a file', multipart([]), 'Please choose an image to upload'],
    [
      'a file in another field',
      multipart([{ name: 'image', filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg }]),
      'The image must be sent in the field "file"',
    ],
    [
      'two files',
      multipart([0, 1].map((): Part => ({ name: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg }))),
      'Send exactly one image in the field "file", and nothing else',
    ],
    [
      'a file, then another field',
      multipart([
        { name: 'file', filename: 'a.jpg', data: jpeg },
        { name: 'note', data: 'hi' },
      ]),
      'Send exactly one image in the field "file", and nothing else',
    ],
    [
      'a field, then the file',
      multipart([
        { name: 'note', data: 'hi' },
        { name: 'file', filename: 'a.jpg', data: jpeg },
      ]),
      'Send exactly one image in the field "file", and nothing else',
    ],
    [
      'the file as a plain field (no file name)',
      multipart([{ name: 'file', data: jpeg }]),
      'Send exactly one image in the field "file", and nothing else',
    ],
    [
      'a form-encoded body',
      { payload: 'file=abc', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      'Please send the image as a multipart form in the field "file"',
    ],
    [
      'raw image bytes',
      { payload: jpeg, headers: { 'content-type': 'image/jpeg' } },
      'Please send the image as a multipart form in the field "file"',
    ],
    [
      'a multipart body cut short',
      {
        payload: multipart([{ name: 'file', filename: 'a.jpg', data: jpeg }]).payload.subarray(0, 400),
        headers: multipart([]).headers,
      },
      'The upload did not complete, please try again',
    ],
  ];
  it.each(refused)('refuses %s with a clear message and stores nothing', async (_kind, form, message) => {
    const before = stored(t);
    const answer = await upload(t, form, { Token: token });
    expect(answer).toEqual({ code: 0, msg: message, data: null });
    expect(stored(t)).toEqual({ ...before, partial: [] });
  });

  it('answers a refusal over a real connection and reads the rest of the body, so the connection is not left stuck', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const form = fileForm(Buffer.concat([SVG, Buffer.alloc(3 * 1024 * 1024, 0x20)]), 'big.svg', 'image/svg+xml');
    const response = await fetch(`${address}${UPLOAD_PATH}`, {
      method: 'POST',
      body: new Uint8Array(form.payload),
      headers: { ...form.headers, Token: token },
    });
    expect(await response.json()).toEqual({
      code: 0,
      msg: 'Only JPEG, PNG or WebP images can be uploaded',
      data: null,
    });
    // A connection whose request body is never read never becomes idle, and so is never closed.
    await until(async () => {
      t.app.server.closeIdleConnections();
      return (
        (await new Promise<number>((resolve) => t.app.server.getConnections((_error, count) => resolve(count)))) === 0
      );
    });
  });

  it("answers in the caller's language", async () => {
    const answer = await upload(t, fileForm(SVG, 'logo.svg', 'image/svg+xml'), { Token: token, Lang: 'zh-cn' });
    expect(answer).toEqual({ code: 0, msg: '仅支持上传 JPEG、PNG 或 WebP 图片', data: null });
  });

  it('needs a session: no token or an unknown one answers 401 and stores nothing', async () => {
    const before = stored(t);
    expect(await upload(t, fileForm(jpeg))).toEqual({ code: 401, msg: 'Please log in first', data: null });
    expect(await upload(t, fileForm(jpeg), { Token: 'not-a-session' })).toEqual({
      code: 401,
      msg: 'Your session has expired, please log in again',
      data: null,
    });
    expect(stored(t)).toEqual(before);
  });
});

describe('UPLOAD_MAX_MB', () => {
  let t: TestApp;
  let token: string;
  const png = fixture('photo.png');
  beforeAll(async () => {
    // The limit in MiB, set so that the PNG fixture is exactly at it.
    t = await startTestApp({ UPLOAD_MAX_MB: String(png.length / (1024 * 1024)) });
    token = await login(t, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
  });
  afterAll(async () => t.close());

  it('takes a file of exactly the limit and refuses a larger one, naming the limit', async () => {
    expect((await upload(t, fileForm(png, 'a.png', 'image/png'), { Token: token })).code).toBe(1);
    const larger = withPngChunk(png, pngChunk('teXt', Buffer.from('x')));
    const answer = await upload(t, fileForm(larger, 'a.png', 'image/png'), { Token: token });
    expect(answer).toEqual({ code: 0, msg: `The image is larger than ${png.length / (1024 * 1024)} MB`, data: null });
    expect(t.db.prepare('SELECT COUNT(*) FROM uploads').pluck().get()).toBe(1);
  });
});
