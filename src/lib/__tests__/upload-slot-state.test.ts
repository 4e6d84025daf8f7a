import { describe, expect, it } from 'vitest';
import { EMPTY_SLOT, uploadSlotReducer, type UploadSlotEvent, type UploadSlotState } from '../upload-slot-state.ts';

const run = (events: UploadSlotEvent[], from: UploadSlotState = EMPTY_SLOT): UploadSlotState =>
  events.reduce(uploadSlotReducer, from);

describe('upload slot states', () => {
  it('goes empty → uploading (preparing, then sending) → done', () => {
    const started = run([{ type: 'start', attempt: 1, preview: 'blob:original' }]);
    expect(started).toEqual({ status: 'uploading', attempt: 1, preview: 'blob:original', progress: null });
    const sending = run(
      [
        { type: 'prepared', attempt: 1, preview: 'blob:small' },
        { type: 'progress', attempt: 1, fraction: 0.4 },
      ],
      started,
    );
    expect(sending).toEqual({ status: 'uploading', attempt: 1, preview: 'blob:small', progress: 0.4 });
    expect(run([{ type: 'succeeded', attempt: 1, url: '/uploads/a.jpg' }], sending)).toEqual({
      status: 'done',
      attempt: 1,
      preview: 'blob:small',
      url: '/uploads/a.jpg',
    });
  });

  it('goes uploading → failed, and a retry starts a new attempt with the same preview', () => {
    const failed = run([
      { type: 'start', attempt: 1, preview: 'blob:a' },
      { type: 'prepared', attempt: 1, preview: 'blob:a' },
      { type: 'failed', attempt: 1, message: 'Network error', canRetry: true },
    ]);
    expect(failed).toEqual({
      status: 'failed',
      attempt: 1,
      preview: 'blob:a',
      message: 'Network error',
      canRetry: true,
    });
    expect(run([{ type: 'start', attempt: 2, preview: 'blob:a' }], failed)).toEqual({
      status: 'uploading',
      attempt: 2,
      preview: 'blob:a',
      progress: null,
    });
  });

  it('ignores every event of an earlier attempt (an upload replaced while it ran)', () => {
    const second = run([
      { type: 'start', attempt: 1, preview: 'blob:first' },
      { type: 'prepared', attempt: 1, preview: 'blob:first' },
      { type: 'start', attempt: 2, preview: 'blob:second' },
    ]);
    for (const stale of [
      { type: 'progress', attempt: 1, fraction: 0.9 },
      { type: 'succeeded', attempt: 1, url: '/uploads/old.jpg' },
      { type: 'failed', attempt: 1, message: 'x', canRetry: true },
      { type: 'prepared', attempt: 1, preview: 'blob:first-small' },
      { type: 'start', attempt: 1, preview: 'blob:first' },
    ] satisfies UploadSlotEvent[]) {
      expect(uploadSlotReducer(second, stale), stale.type).toBe(second);
    }
  });

  it('keeps the bar within 0..1 and never moving back', () => {
    const sending = run([
      { type: 'start', attempt: 1, preview: 'p' },
      { type: 'prepared', attempt: 1, preview: 'p' },
    ]);
    const at = (fractions: number[]) => {
      const state = run(
        fractions.map((fraction) => ({ type: 'progress', attempt: 1, fraction })),
        sending,
      );
      return state.status === 'uploading' ? state.progress : undefined;
    };
    expect(at([0.5, 0.3])).toBe(0.5);
    expect(at([1.7])).toBe(1);
    expect(at([-1])).toBe(0);
  });

  it('takes a result only while uploading: nothing moves an empty, done or failed slot but a new start', () => {
    const done = run([
      { type: 'start', attempt: 1, preview: 'p' },
      { type: 'succeeded', attempt: 1, url: '/uploads/a.jpg' },
    ]);
    for (const state of [EMPTY_SLOT, done]) {
      expect(uploadSlotReducer(state, { type: 'failed', attempt: 1, message: 'x', canRetry: true })).toBe(state);
      expect(uploadSlotReducer(state, { type: 'progress', attempt: 1, fraction: 0.5 })).toBe(state);
    }
    expect(uploadSlotReducer(done, { type: 'start', attempt: 2, preview: 'q' }).status).toBe('uploading');
  });
});
