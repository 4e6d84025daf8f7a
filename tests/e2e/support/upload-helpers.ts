import type { BrowserContext, Locator } from 'playwright-core';
import type { Db } from '../../../server/src/db/database.ts';
import type { UploadRow } from '../../../server/src/db/repositories/upload-repository.ts';
import { UI_TIMEOUT_MS } from './app-helpers.ts';

/**
 * A photo-like JPEG encoded by the browser's own canvas: soft gradients, shapes and a fine grain,
 * so it compresses about as a phone photo does (a white-noise picture would not). 4000×3000 is a
 * 12 MP phone camera. When `split` is set the left half is red and the right half blue instead,
 * so a test can tell which way up the image ended.
 */
export async function generatePhoto(
  context: BrowserContext,
  { width = 4000, height = 3000, split = false } = {},
): Promise<Buffer> {
  const page = await context.newPage();
  try {
    const base64 = await page.evaluate(
      async ({ width, height, split }) => {
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        const ctx = canvas.getContext('2d')!;
        if (split) {
          ctx.fillStyle = '#ff0000';
          ctx.fillRect(0, 0, width / 2, height);
          ctx.fillStyle = '#0000ff';
          ctx.fillRect(width / 2, 0, width / 2, height);
        } else {
          let seed = 7;
          const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
          const sky = ctx.createLinearGradient(0, 0, 0, height);
          sky.addColorStop(0, '#7fb2e5');
          sky.addColorStop(1, '#e8d8b0');
          ctx.fillStyle = sky;
          ctx.fillRect(0, 0, width, height);
          for (let i = 0; i < 400; i += 1) {
            ctx.fillStyle = `hsla(${Math.floor(random() * 360)}, 50%, ${30 + Math.floor(random() * 50)}%, 0.5)`;
            ctx.beginPath();
            ctx.arc(random() * width, random() * height, 20 + random() * 300, 0, Math.PI * 2);
            ctx.fill();
          }
          const tile = document.createElement('canvas');
          tile.width = 256;
          tile.height = 256;
          const grain = tile.getContext('2d')!.createImageData(256, 256);
          for (let i = 0; i < grain.data.length; i += 4) {
            const v = Math.floor(random() * 255);
            grain.data.set([v, v, v, 40], i);
          }
          tile.getContext('2d')!.putImageData(grain, 0, 0);
          ctx.fillStyle = ctx.createPattern(tile, 'repeat')!;
          ctx.fillRect(0, 0, width, height);
        }
        const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.92));
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let binary = '';
        for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return btoa(binary);
      },
      { width, height, split },
    );
    return Buffer.from(base64, 'base64');
  } finally {
    await page.close();
  }
}

/** `jpeg` with an EXIF block saying the camera was turned (orientation 6: show it rotated 90° clockwise). */
export function withExifOrientation(jpeg: Buffer, orientation: number): Buffer {
  const tiff = Buffer.from([
    ...Buffer.from('Exif\0\0', 'latin1'),
    0x4d,
    0x4d,
    0x00,
    0x2a,
    0x00,
    0x00,
    0x00,
    0x08, // big-endian TIFF header, IFD0 at 8
    0x00,
    0x01, // one entry
    0x01,
    0x12,
    0x00,
    0x03,
    0x00,
    0x00,
    0x00,
    0x01,
    0x00,
    orientation,
    0x00,
    0x00, // Orientation, SHORT, 1
    0x00,
    0x00,
    0x00,
    0x00, // no next IFD
  ]);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xffe1, 0);
  segment.writeUInt16BE(tiff.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, tiff, jpeg.subarray(2)]);
}

/** The upload slot labelled `label`. */
export function uploadSlot(page: { getByTestId(id: string): Locator }, label: string): Locator {
  return page.getByTestId('upload-slot').filter({ hasText: label });
}

/** Waits until the slot shows `status` (empty, uploading, done, failed). */
export async function slotStatus(slot: Locator, status: string): Promise<void> {
  await slot
    .and(slot.page().locator(`[data-status="${status}"]`))
    .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
}

/** The newest upload rows the server stored, newest first. */
export function latestUploads(db: Db, count = 1): UploadRow[] {
  return db.prepare('SELECT * FROM uploads ORDER BY id DESC LIMIT ?').all(count) as UploadRow[];
}
