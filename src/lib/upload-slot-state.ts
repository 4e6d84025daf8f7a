/**
 * The states of one upload slot (docs/product-rules.md#uploads: uploading, done, failed), before any image
 * is chosen: empty. Every event names the attempt it belongs to; an event of an earlier attempt (an
 * upload replaced or retried while it was still running) changes nothing.
 */

export type UploadSlotState =
  | { status: 'empty' }
  /** progress: share sent, 0 to 1; null while the image is still being prepared (compressed). */
  | { status: 'uploading'; attempt: number; preview: string; progress: number | null }
  | { status: 'done'; attempt: number; preview: string; url: string }
  /** canRetry: false when sending again cannot help (the browser could not read the image). */
  | { status: 'failed'; attempt: number; preview: string; message: string; canRetry: boolean };

export type UploadSlotEvent =
  /** An image was chosen, or a failed one is sent again; `attempt` is above every earlier one. */
  | { type: 'start'; attempt: number; preview: string }
  /** The compressed image is ready: it becomes the preview and sending begins. */
  | { type: 'prepared'; attempt: number; preview: string }
  | { type: 'progress'; attempt: number; fraction: number }
  | { type: 'succeeded'; attempt: number; url: string }
  | { type: 'failed'; attempt: number; message: string; canRetry: boolean };

export const EMPTY_SLOT: UploadSlotState = { status: 'empty' };

export function uploadSlotReducer(state: UploadSlotState, event: UploadSlotEvent): UploadSlotState {
  if (event.type === 'start') {
    if (state.status !== 'empty' && event.attempt <= state.attempt) return state;
    return { status: 'uploading', attempt: event.attempt, preview: event.preview, progress: null };
  }
  if (state.status !== 'uploading' || event.attempt !== state.attempt) return state;
  switch (event.type) {
    case 'prepared':
      return { ...state, preview: event.preview, progress: 0 };
    case 'progress':
      // Sending has begun (progress is not null) and the bar never moves back.
      return { ...state, progress: Math.max(state.progress ?? 0, Math.min(1, Math.max(0, event.fraction))) };
    case 'succeeded':
      return { status: 'done', attempt: state.attempt, preview: state.preview, url: event.url };
    case 'failed':
      return {
        status: 'failed',
        attempt: state.attempt,
        preview: state.preview,
        message: event.message,
        canRetry: event.canRetry,
      };
  }
}
