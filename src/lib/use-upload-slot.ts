import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatsFor } from './format.ts';
import { compressImage, sendUpload, type UploadOutcome } from './upload.ts';
import { EMPTY_SLOT, uploadSlotReducer, type UploadSlotState } from './upload-slot-state.ts';

/** The texts an upload slot shows, in the current language. */
export interface UploadSlotTexts {
  choose: string;
  replace: string;
  uploading: string;
  progress: string;
  done: string;
  failed: string;
  retry: string;
  /** A share sent, 0 to 1, as a percentage in the current language. */
  percent(fraction: number): string;
}

export interface UseUploadSlotOptions {
  /** The uploaded image's URL once it is done; null again when a replacement starts. */
  onChange?(url: string | null): void;
  /** Compression and sending; the app's own unless a test injects others. */
  compress?: (file: Blob) => Promise<Blob>;
  send?: typeof sendUpload;
}

export interface UploadSlotHandle {
  state: UploadSlotState;
  /** The uploaded image's URL (the relative `/uploads/…` the server answered), null until done. */
  url: string | null;
  /** Everything <UploadSlot> takes besides its label. */
  slotProps: { state: UploadSlotState; texts: UploadSlotTexts; onPick(file: File): void; onRetry(): void };
}

function failureMessage(outcome: Exclude<UploadOutcome, { ok: true }>, t: TFunction): string {
  switch (outcome.reason) {
    case 'refused':
    case 'unauthorized':
      return outcome.message || t('upload.failed');
    case 'network':
    case 'aborted':
      return t('common.networkError');
    case 'timeout':
      return t('common.timeout');
    case 'tooLarge':
      return t('upload.tooLarge');
    case 'badAnswer':
      return t('common.requestFailed');
  }
}

/** Makes an object URL for `blob` and releases every earlier preview in `previews`, which then holds only the new one. */
function showOnly(previews: string[], blob: Blob): string {
  const url = URL.createObjectURL(blob);
  for (const old of previews.splice(0, previews.length, url)) URL.revokeObjectURL(old);
  return url;
}

/**
 * One upload slot's logic: choose an image → compress → send with progress → done (the URL goes to
 * `onChange`) or failed (retry sends the same compressed image again; choosing another image
 * replaces it at any time, dropping an upload still under way). Previews are object URLs of the
 * chosen and then the compressed image, released when replaced and on unmount.
 */
export function useUploadSlot({
  onChange,
  compress = compressImage,
  send = sendUpload,
}: UseUploadSlotOptions = {}): UploadSlotHandle {
  const { t, i18n } = useTranslation();
  const [state, dispatch] = useReducer(uploadSlotReducer, EMPTY_SLOT);
  const attempt = useRef(0);
  const image = useRef<{ file: Blob; prepared: Blob | null; preview: string } | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  const previews = useRef<string[]>([]);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const run = useCallback(
    async (id: number) => {
      const current = image.current!;
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      onChangeRef.current?.(null);
      dispatch({ type: 'start', attempt: id, preview: current.preview });
      if (!current.prepared) {
        try {
          current.prepared = await compress(current.file);
        } catch {
          if (id === attempt.current)
            dispatch({ type: 'failed', attempt: id, message: t('upload.unreadable'), canRetry: false });
          return;
        }
        if (id !== attempt.current) return;
        current.preview = showOnly(previews.current, current.prepared);
      }
      dispatch({ type: 'prepared', attempt: id, preview: current.preview });
      const outcome = await send(current.prepared, {
        signal: controller.signal,
        onProgress: (fraction) => dispatch({ type: 'progress', attempt: id, fraction }),
      });
      if (id !== attempt.current) return;
      if (outcome.ok) {
        dispatch({ type: 'succeeded', attempt: id, url: outcome.url });
        onChangeRef.current?.(outcome.url);
      } else {
        dispatch({ type: 'failed', attempt: id, message: failureMessage(outcome, t), canRetry: true });
      }
    },
    [compress, send, t],
  );

  const onPick = useCallback(
    (file: File) => {
      const preview = showOnly(previews.current, file);
      image.current = { file, prepared: null, preview };
      void run(++attempt.current);
    },
    [run],
  );

  const onRetry = useCallback(() => {
    if (image.current) void run(++attempt.current);
  }, [run]);

  useEffect(
    () => () => {
      attempt.current += 1;
      inFlight.current?.abort();
      for (const url of previews.current.splice(0)) URL.revokeObjectURL(url);
    },
    [],
  );

  const texts = useMemo(
    () => ({
      choose: t('upload.choose'),
      replace: t('upload.replace'),
      uploading: t('upload.uploading'),
      progress: t('upload.progress'),
      done: t('upload.done'),
      failed: t('upload.failed'),
      retry: t('common.retry'),
      percent: (fraction: number) => formatsFor(i18n.language).percent(String(fraction * 100), 0, false),
    }),
    [t, i18n.language],
  );
  return {
    state,
    url: state.status === 'done' ? state.url : null,
    slotProps: { state, texts, onPick, onRetry },
  };
}
