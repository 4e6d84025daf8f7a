import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNT } from '../../../server/src/db/seed.ts';
import { signedInPage, visible, UI_TIMEOUT_MS } from '../support/app-helpers.ts';
import { startStack, type Stack } from '../support/stack.ts';
import {
  generatePhoto,
  latestUploads,
  slotStatus,
  uploadSlot,
  withExifOrientation,
} from '../support/upload-helpers.ts';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

/** Records every status a slot goes through and whether a progress bar was ever shown (however briefly). */
function watchSlots(): void {
  const seen: { statuses: string[]; progressbar: boolean } = { statuses: [], progressbar: false };
  (window as unknown as { __slotWatch: typeof seen }).__slotWatch = seen;
  new MutationObserver((records) => {
    for (const record of records) {
      const target = record.target as HTMLElement;
      if (record.type === 'attributes' && target.dataset.testid === 'upload-slot')
        seen.statuses.push(target.dataset.status ?? '');
    }
    if (document.querySelector('[data-testid="upload-slot"] [role="progressbar"]')) seen.progressbar = true;
  }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] });
}

/** Natural size of the served image and the colour at two points, read by the browser from /uploads (with its token cookie). */
async function readServedImage(url: string) {
  const response = await fetch(url);
  const bitmap = await createImageBitmap(await response.blob());
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  const rgb = (x: number, y: number) => Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3));
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    width: bitmap.width,
    height: bitmap.height,
    top: rgb(bitmap.width / 2, bitmap.height / 4),
    bottom: rgb(bitmap.width / 2, (bitmap.height * 3) / 4),
  };
}

describe('upload slot on the identity screen', () => {
  it('compresses a 12 MP photo in the browser, shows its progress and preview, and the server keeps the smaller image', async () => {
    const { page, context } = await signedInPage(stack, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
    const photo = await generatePhoto(context);
    await page.goto(`${stack.baseUrl}/real_authentication`);
    await visible(page.getByRole('heading', { name: 'Identity verification' }));
    const front = uploadSlot(page, 'Front of ID');
    await slotStatus(front, 'empty');
    await page.evaluate(watchSlots);

    await page
      .getByLabel('Front of ID')
      .setInputFiles({ name: 'IMG_20250101_101010.jpg', mimeType: 'image/jpeg', buffer: photo });
    await slotStatus(front, 'done');
    await visible(front.getByText('Uploaded'));
    const watch = await page.evaluate(
      () => (window as unknown as { __slotWatch: { statuses: string[]; progressbar: boolean } }).__slotWatch,
    );
    expect(watch).toEqual({ statuses: ['uploading', 'done'], progressbar: true });
    expect(await front.locator('img').getAttribute('src')).toMatch(/^blob:/);

    const [stored] = latestUploads(stack.db);
    const demoId = stack.db.prepare('SELECT id FROM users WHERE username = ?').pluck().get(DEMO_ACCOUNT.username);
    expect(stored).toMatchObject({ user_id: demoId, mime_type: 'image/jpeg', width: 1600, height: 1200 });
    expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(stored!.size).toBeLessThan(photo.length);
    expect(stored!.size).toBeLessThan(1024 * 1024);

    const served = await page.evaluate(readServedImage, `/uploads/${stored!.name}`);
    expect(served).toMatchObject({ status: 200, type: 'image/jpeg', width: 1600, height: 1200 });
    // The back slot is untouched: one file per slot.
    await slotStatus(uploadSlot(page, 'Back of ID'), 'empty');
    await context.close();
  });

  it('turns a photo upright by its EXIF orientation, and replacing the image uploads the new one', async () => {
    const { page, context } = await signedInPage(stack, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
    const first = await generatePhoto(context, { width: 640, height: 480 });
    // Stored landscape, left red and right blue; orientation 6 says: show it turned 90° clockwise.
    const turned = withExifOrientation(await generatePhoto(context, { width: 400, height: 200, split: true }), 6);
    await page.goto(`${stack.baseUrl}/real_authentication`);
    const back = uploadSlot(page, 'Back of ID');

    await page.getByLabel('Back of ID').setInputFiles({ name: 'first.jpg', mimeType: 'image/jpeg', buffer: first });
    await slotStatus(back, 'done');
    const [firstRow] = latestUploads(stack.db);
    await page.getByLabel('Back of ID').setInputFiles({ name: 'turned.jpg', mimeType: 'image/jpeg', buffer: turned });
    // The second image is a new upload (a new row), and the slot shows it done.
    await vi.waitFor(() => expect(latestUploads(stack.db)[0]!.name).not.toBe(firstRow!.name), {
      timeout: UI_TIMEOUT_MS,
      interval: 50,
    });
    await slotStatus(back, 'done');
    const [secondRow] = latestUploads(stack.db);
    // Upright in its pixels (the server read 200×400 from the frame header), with no EXIF left to say otherwise.
    expect(secondRow).toMatchObject({ width: 200, height: 400 });
    expect(
      readFileSync(join(stack.dataDir, 'uploads', secondRow!.name)).includes(Buffer.from('Exif\0\0', 'latin1')),
    ).toBe(false);
    const served = await page.evaluate(readServedImage, `/uploads/${secondRow!.name}`);
    expect({ width: served.width, height: served.height }).toEqual({ width: 200, height: 400 });
    const near = (actual: number[], expected: number[]) =>
      actual.every((value, i) => Math.abs(value - expected[i]!) < 40);
    expect(near(served.top, [255, 0, 0]), `top ${served.top.join(',')}`).toBe(true);
    expect(near(served.bottom, [0, 0, 255]), `bottom ${served.bottom.join(',')}`).toBe(true);
    await context.close();
  });

  it('marks the upload failed when the network is gone, and retry sends it once the network is back', async () => {
    const { page, context } = await signedInPage(stack, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
    const photo = await generatePhoto(context, { width: 1200, height: 900 });
    await page.goto(`${stack.baseUrl}/real_authentication`);
    const front = uploadSlot(page, 'Front of ID');
    const before = latestUploads(stack.db)[0]?.id ?? 0;
    // The screen reads the identity status first; the network goes only once the form is there.
    await slotStatus(front, 'empty');

    await context.setOffline(true);
    await page.getByLabel('Front of ID').setInputFiles({ name: 'id.jpg', mimeType: 'image/jpeg', buffer: photo });
    await slotStatus(front, 'failed');
    await visible(
      front.getByRole('alert').filter({ hasText: 'Network error, please check your connection and try again' }),
    );
    expect(latestUploads(stack.db)[0]?.id ?? 0).toBe(before);

    await context.setOffline(false);
    await front.getByRole('button', { name: 'Retry' }).click();
    await slotStatus(front, 'done');
    expect(await front.getByRole('alert').count()).toBe(0);
    expect(latestUploads(stack.db)[0]!.id).toBeGreaterThan(before);
    await context.close();
  });
});
