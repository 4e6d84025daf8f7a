import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import en from '../../../../locales/en.json';
import type { SendOptions, UploadOutcome } from '../../../lib/upload.ts';
import { useUploadSlot, type UseUploadSlotOptions } from '../../../lib/use-upload-slot.ts';
import { UploadSlot } from '../UploadSlot.tsx';

/** jsdom has no object URLs: number them, and remember which were released. */
let created: string[];
let revoked: string[];
beforeEach(() => {
  created = [];
  revoked = [];
  vi.stubGlobal(
    'URL',
    Object.assign(Object.create(URL) as typeof URL, {
      createObjectURL: () => {
        const url = `blob:preview-${created.length + 1}`;
        created.push(url);
        return url;
      },
      revokeObjectURL: (url: string) => revoked.push(url),
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** A send the test settles by hand, one entry per call. */
function manualSend() {
  const calls: { image: Blob; options: SendOptions; settle(outcome: UploadOutcome): Promise<void> }[] = [];
  const send = (image: Blob, options: SendOptions = {}) =>
    new Promise<UploadOutcome>((resolve) => {
      calls.push({ image, options, settle: (outcome) => act(async () => resolve(outcome)) });
    });
  return { send, calls };
}

function Harness({ label = 'Front of ID', ...options }: UseUploadSlotOptions & { label?: string }) {
  const slot = useUploadSlot(options);
  return <UploadSlot label={label} {...slot.slotProps} />;
}

const photo = (name = 'IMG_0001.jpg') => new File([new Uint8Array(4000)], name, { type: 'image/jpeg' });
const compressed = new Blob([new Uint8Array(500)], { type: 'image/jpeg' });

async function pick(file: File) {
  const input = screen.getByLabelText('Front of ID');
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
}

const slot = () => screen.getByTestId('upload-slot');
const URL_ = '/uploads/0123456789abcdef0123456789abcdef.jpg';

describe('upload slot', () => {
  it('writes the progress in Latin digits whatever the language', async () => {
    await act(() => i18next.changeLanguage('fa'));
    try {
      const { send, calls } = manualSend();
      render(<Harness compress={async () => compressed} send={send} />);
      await pick(photo());
      act(() => calls[0]!.options.onProgress!(0.42));
      // Persian's own digits would read ۴۲٪, unlike every other number in the app (lib/format.ts).
      expect(
        slot()
          .querySelector('[class*="percent"]')
          ?.textContent?.replace(/[\u200e\u200f]/g, ''),
      ).toBe('42%');
    } finally {
      await act(() => i18next.changeLanguage('en'));
    }
  });

  it('offers the camera or the gallery through one labelled image input', () => {
    render(<Harness />);
    const input = screen.getByLabelText('Front of ID');
    expect(input.getAttribute('type')).toBe('file');
    expect(input.getAttribute('accept')).toBe('image/*');
    expect(input.hasAttribute('multiple')).toBe(false);
    expect(screen.getByText(en.upload.choose)).toBeTruthy();
    expect(slot().dataset.status).toBe('empty');
  });

  it('compresses, shows the preview and the progress, then done; the URL goes to the parent', async () => {
    const { send, calls } = manualSend();
    const compress = vi.fn(async () => compressed);
    const onChange = vi.fn();
    render(<Harness compress={compress} send={send} onChange={onChange} />);
    await pick(photo());
    expect(compress).toHaveBeenCalledTimes(1);
    expect(calls[0]!.image).toBe(compressed);
    expect(slot().dataset.status).toBe('uploading');
    expect(screen.getByRole('status').textContent).toBe(en.upload.uploading);
    // The compressed image replaced the chosen one as the preview, which was released.
    expect(slot().querySelector('img')!.getAttribute('src')).toBe('blob:preview-2');
    expect(revoked).toEqual(['blob:preview-1']);

    act(() => calls[0]!.options.onProgress!(0.42));
    expect(screen.getByRole('progressbar', { name: en.upload.progress }).getAttribute('aria-valuenow')).toBe('42');
    expect(slot().textContent).toContain('42%');

    await calls[0]!.settle({ ok: true, url: URL_ });
    expect(slot().dataset.status).toBe('done');
    expect(screen.getByRole('status').textContent).toBe(en.upload.done);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText(en.upload.replace)).toBeTruthy();
    expect(onChange.mock.calls).toEqual([[null], [URL_]]);
  });

  it("marks the slot failed with the server's message, and retry sends the same compressed image again", async () => {
    const { send, calls } = manualSend();
    const compress = vi.fn(async () => compressed);
    render(<Harness compress={compress} send={send} />);
    await pick(photo());
    await calls[0]!.settle({ ok: false, reason: 'refused', message: 'Only JPEG, PNG or WebP images can be uploaded' });
    expect(slot().dataset.status).toBe('failed');
    expect(screen.getByRole('alert').textContent).toBe('Only JPEG, PNG or WebP images can be uploaded');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: en.common.retry }));
    });
    expect(slot().dataset.status).toBe('uploading');
    expect(compress).toHaveBeenCalledTimes(1);
    expect(calls[1]!.image).toBe(compressed);
    await calls[1]!.settle({ ok: true, url: URL_ });
    expect(slot().dataset.status).toBe('done');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    [{ ok: false, reason: 'network' } as const, en.common.networkError],
    [{ ok: false, reason: 'timeout' } as const, en.common.timeout],
    [{ ok: false, reason: 'tooLarge' } as const, en.upload.tooLarge],
    [{ ok: false, reason: 'badAnswer' } as const, en.common.requestFailed],
  ])('says why an upload failed: %o', async (outcome, message) => {
    const { send, calls } = manualSend();
    render(<Harness compress={async () => compressed} send={send} />);
    await pick(photo());
    await calls[0]!.settle(outcome);
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(screen.getByRole('button', { name: en.common.retry })).toBeTruthy();
  });

  it('offers no retry when the browser cannot read the image: another one must be chosen', async () => {
    const { send, calls } = manualSend();
    render(<Harness compress={() => Promise.reject(new Error('Failed to load the image.'))} send={send} />);
    await pick(photo('notes.txt'));
    expect(slot().dataset.status).toBe('failed');
    expect(screen.getByRole('alert').textContent).toBe(en.upload.unreadable);
    expect(screen.queryByRole('button', { name: en.common.retry })).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('replaces the image at any time: the earlier upload is aborted and its answer ignored', async () => {
    const { send, calls } = manualSend();
    const onChange = vi.fn();
    render(<Harness compress={async (file) => file} send={send} onChange={onChange} />);
    const first = photo('first.jpg');
    const second = photo('second.jpg');
    await pick(first);
    await pick(second);
    expect(calls[0]!.options.signal!.aborted).toBe(true);
    expect(calls[1]!.image).toBe(second);
    await calls[0]!.settle({ ok: true, url: '/uploads/old.jpg' });
    expect(slot().dataset.status).toBe('uploading');
    await calls[1]!.settle({ ok: true, url: URL_ });
    expect(onChange).toHaveBeenLastCalledWith(URL_);
    expect(onChange).not.toHaveBeenCalledWith('/uploads/old.jpg');
  });

  it('aborts an upload under way and releases its previews when the screen closes', async () => {
    const { send, calls } = manualSend();
    const view = render(<Harness compress={async () => compressed} send={send} />);
    await pick(photo());
    view.unmount();
    expect(calls[0]!.options.signal!.aborted).toBe(true);
    expect(new Set(revoked)).toEqual(new Set(created));
  });
});
