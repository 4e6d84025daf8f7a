import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/database.ts';
import { UploadRepository } from '../../db/repositories/upload-repository.ts';
import { UserRepository } from '../../db/repositories/user-repository.ts';
import { UploadRefused, UploadStore, type UploadStoreOptions } from '../upload-store.ts';
import { freshDataDir } from '../../__tests__/harness/index.ts';
import { fixture, FIXTURE_SIZE, POLYGLOT_HTML } from './upload-support.ts';

let dataDir: string;
let db: Db;
let uploads: UploadRepository;
let userId: number;
let clock: number;

beforeEach(async () => {
  dataDir = await freshDataDir('schema', 'upload-store-');
  db = openDatabase(dataDir);
  uploads = new UploadRepository(db);
  clock = Date.UTC(2025, 0, 1);
  userId = new UserRepository(db).create({
    username: 'amy',
    email: null,
    phone: null,
    password: { hash: 'h', salt: 's' },
    inviteCode: 'AAAA11',
    invitedBy: null,
    lang: 'en',
    registerIp: '',
    createdAt: clock,
  });
});

afterEach(() => {
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const dir = () => join(dataDir, 'uploads');
const storedFiles = () => readdirSync(dir()).filter((name) => name !== 'incoming');
const partialFiles = () => readdirSync(join(dir(), 'incoming'));
const partialBytes = () => partialFiles().reduce((sum, name) => sum + statSync(join(dir(), 'incoming', name)).size, 0);

/** Polls `condition` every 10 ms; fails after 5 s (the machine may be busy, the condition must come). */
async function until(condition: () => boolean): Promise<void> {
  for (const started = Date.now(); !condition(); await new Promise((resolve) => setTimeout(resolve, 10))) {
    if (Date.now() - started > 5000) throw new Error('condition not met within 5 s');
  }
}

function store(options: Partial<UploadStoreOptions> = {}): UploadStore {
  return new UploadStore(uploads, { dir: dir(), maxBytes: 1024 * 1024, maxPerHour: 60, now: () => clock, ...options });
}

/** A source that yields `bytes` in `size`-byte chunks. */
const chunked = (bytes: Buffer, size: number): Readable =>
  Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
    })(),
  );

describe('upload store', () => {
  it('stores a checked image under a random name with its owner, type, size and dimensions', async () => {
    const s = store();
    const row = await s.commit(await s.receive(userId, chunked(fixture('photo.png'), 100)));
    expect(row).toMatchObject({
      user_id: userId,
      mime_type: 'image/png',
      size: fixture('photo.png').length,
      ...FIXTURE_SIZE,
      created_at: clock,
    });
    expect(row.name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(readFileSync(s.pathOf(row.name)).equals(fixture('photo.png'))).toBe(true);
    expect(uploads.findByName(row.name)).toEqual(row);
    expect(partialFiles()).toEqual([]);
  });

  it('writes to disk while the upload is still arriving, a chunk at a time', async () => {
    const image = fixture('photo.jpg');
    const half = Math.floor(image.length / 2);
    let onDiskAtHalf = 0;
    const source = Readable.from(
      (async function* () {
        yield image.subarray(0, half);
        // A store that kept the file in memory until the end would never get here with bytes on disk.
        await until(() => partialBytes() > 0);
        onDiskAtHalf = partialBytes();
        yield image.subarray(half);
      })(),
    );
    const s = store();
    await s.commit(await s.receive(userId, source));
    expect(onDiskAtHalf).toBe(half);
  });

  it('accepts a file of exactly the limit and refuses one byte more, leaving nothing behind', async () => {
    const image = fixture('photo.jpg');
    const s = store({ maxBytes: image.length });
    await s.commit(await s.receive(userId, chunked(image, 256)));
    const over = Buffer.concat([image.subarray(0, 2), Buffer.from([0xff, 0xfe, 0x00, 0x03, 0x20]), image.subarray(2)]);
    const refused = await s.receive(userId, chunked(over, 256)).catch((error: unknown) => error);
    expect(refused).toEqual(new UploadRefused('tooLarge'));
    expect(storedFiles()).toHaveLength(1);
    expect(partialFiles()).toEqual([]);
  });

  it('stops reading at the first refusal and removes the partial file', async () => {
    let chunksRead = 0;
    const html = Buffer.concat([
      fixture('photo.jpg').subarray(0, 500),
      Buffer.from(POLYGLOT_HTML),
      Buffer.alloc(10_000),
    ]);
    const source = Readable.from(
      (function* () {
        for (let at = 0; at < html.length; at += 100) {
          chunksRead += 1;
          yield html.subarray(at, at + 100);
        }
      })(),
    );
    await expect(store().receive(userId, source)).rejects.toEqual(new UploadRefused('markup'));
    expect(chunksRead).toBeLessThan(20);
    expect(partialFiles()).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it('removes the partial file when the client goes away mid-upload', async () => {
    const source = new Readable({ read() {} });
    const receiving = store().receive(userId, source);
    source.push(fixture('photo.jpg').subarray(0, 300));
    await until(() => partialBytes() === 300);
    source.destroy(new Error('aborted'));
    await expect(receiving).rejects.toThrow('aborted');
    expect(partialFiles()).toEqual([]);
  });

  it('discards a received image that is not committed', async () => {
    const s = store();
    await s.discard(await s.receive(userId, chunked(fixture('photo.jpg'), 512)));
    expect(partialFiles()).toEqual([]);
    expect(storedFiles()).toEqual([]);
    expect(db.prepare('SELECT COUNT(*) FROM uploads').pluck().get()).toBe(0);
  });

  it('refuses more than maxPerHour uploads by one user within an hour, and takes them again after it', async () => {
    const s = store({ maxPerHour: 2 });
    for (let i = 0; i < 2; i += 1) await s.commit(await s.receive(userId, chunked(fixture('photo.jpg'), 512)));
    clock += 3_599_999;
    await expect(s.receive(userId, chunked(fixture('photo.jpg'), 512))).rejects.toEqual(new UploadRefused('quota'));
    clock += 1;
    await expect(s.receive(userId, chunked(fixture('photo.jpg'), 512))).resolves.toMatchObject({
      bytes: fixture('photo.jpg').length,
    });
  });

  it('clears partial files a stopped server left in incoming/', () => {
    mkdirSync(join(dir(), 'incoming'), { recursive: true });
    writeFileSync(join(dir(), 'incoming', 'left-behind.part'), 'x');
    store();
    expect(existsSync(join(dir(), 'incoming', 'left-behind.part'))).toBe(false);
  });
});
