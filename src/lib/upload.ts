/**
 * Image uploads (docs/product-rules.md#uploads): compress in the browser, then send with upload progress.
 *
 * - compressImage: re-encodes a photo as JPEG with its longest side at most 1600 px (a 12 MP phone
 *   photo ends at a few hundred KB), turned upright by its EXIF orientation, with every other EXIF
 *   field (the phone's GPS position among them) left out.
 * - sendUpload: POST /api/api/common/upload as multipart field `file`, through XMLHttpRequest
 *   because fetch reports no upload progress; the same `Token` and `Lang` headers as api-client.ts
 *   and the same 401 handling (clear the session, show msg, go to /login).
 * - readUploadAnswer: the image URL from the answer, in any reading of docs/product-rules.md#uploads (`data.data.url`,
 *   `data.url`, `data.fullurl`).
 */

import Compressor from 'compressorjs';
import { API_BASE, handleUnauthorized } from './api-client.ts';
import { session } from './session.ts';

export const UPLOAD_PATH = '/api/common/upload';
/** Longest side, in pixels, of the image sent. */
export const UPLOAD_MAX_SIDE = 1600;
export const UPLOAD_QUALITY = 0.8;
/** Longer than the 15 s of other calls: a photo on a slow mobile link takes a while. */
export const UPLOAD_TIMEOUT_MS = 60_000;
/** The name the file is sent under; the server stores it under a random name anyway, and the user's own file name stays private. */
const SENT_FILE_NAME = 'photo.jpg';

/** The image the browser will send: JPEG, at most UPLOAD_MAX_SIDE a side, upright, without EXIF. Rejects when the browser cannot read the file as an image. */
export function compressImage(file: Blob): Promise<Blob> {
  return new Promise((resolve, reject) => {
    new Compressor(file, {
      maxWidth: UPLOAD_MAX_SIDE,
      maxHeight: UPLOAD_MAX_SIDE,
      quality: UPLOAD_QUALITY,
      mimeType: 'image/jpeg',
      // The browser itself draws a JPEG upright by its EXIF orientation (image-orientation: from-image,
      // every current engine); compressorjs's own rotation would read the whole file into memory
      // twice over, which its authors warn can crash a phone on a large photo.
      checkOrientation: false,
      retainExif: false,
      // Always the re-encoded image, even when it is larger than a small original: the original keeps its EXIF.
      strict: false,
      success: resolve,
      error: reject,
    });
  });
}

/** How an upload ended. `refused`: the server answered a failure code with `message`. */
export type UploadOutcome =
  | { ok: true; url: string }
  | { ok: false; reason: 'refused' | 'unauthorized'; message: string }
  | { ok: false; reason: 'network' | 'timeout' | 'tooLarge' | 'badAnswer' | 'aborted' };

const stringAt = (value: unknown, ...path: string[]): string | null => {
  let node = value;
  for (const key of path) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  return typeof node === 'string' && node !== '' ? node : null;
};

/** Reads an upload answer: HTTP status and body text. */
export function readUploadAnswer(status: number, body: string): UploadOutcome {
  let envelope: unknown;
  try {
    envelope = JSON.parse(body);
  } catch {
    envelope = null;
  }
  const code = envelope && typeof envelope === 'object' ? Number((envelope as { code?: unknown }).code) : NaN;
  if (!Number.isFinite(code)) return { ok: false, reason: status === 413 ? 'tooLarge' : 'badAnswer' };
  const message = stringAt(envelope, 'msg') ?? '';
  if (code === 401) return { ok: false, reason: 'unauthorized', message };
  if (code !== 1) return { ok: false, reason: 'refused', message };
  const url =
    stringAt(envelope, 'data', 'data', 'url') ??
    stringAt(envelope, 'data', 'url') ??
    stringAt(envelope, 'data', 'fullurl') ??
    stringAt(envelope, 'data', 'data', 'fullurl');
  return url ? { ok: true, url } : { ok: false, reason: 'badAnswer' };
}

/** What sendUpload needs from the app; injected so it runs unchanged in unit tests. */
export interface UploadDeps {
  createRequest(): XMLHttpRequest;
  getToken(): string | null;
  getLang(): string;
  /** A 401 answer: clear the session, show `msg`, go to /login. */
  onUnauthorized(msg: string): void;
  /** An upload that got no answer, or no usable one. */
  log(message: string): void;
  timeoutMs: number;
}

export const appUploadDeps: UploadDeps = {
  createRequest: () => new XMLHttpRequest(),
  getToken: () => session.token,
  getLang: () => session.lang,
  onUnauthorized: handleUnauthorized,
  log: (message) => console.error(message),
  timeoutMs: UPLOAD_TIMEOUT_MS,
};

export interface SendOptions {
  /** Called with the share of the body sent, 0 to 1. */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
}

/** Sends one image; never rejects: every ending is an UploadOutcome. */
export function sendUpload(
  image: Blob,
  { onProgress, signal }: SendOptions = {},
  deps: UploadDeps = appUploadDeps,
): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const request = deps.createRequest();
    const finish = (outcome: UploadOutcome) => {
      if (!outcome.ok && outcome.reason === 'unauthorized') deps.onUnauthorized(outcome.message);
      else if (!outcome.ok && outcome.reason !== 'refused' && outcome.reason !== 'aborted')
        deps.log(`upload failed: ${outcome.reason}`);
      resolve(outcome);
    };
    if (signal?.aborted) return finish({ ok: false, reason: 'aborted' });
    request.open('POST', `${API_BASE}${UPLOAD_PATH}`);
    request.timeout = deps.timeoutMs;
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Lang', deps.getLang());
    const token = deps.getToken();
    if (token) request.setRequestHeader('Token', token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    request.onload = () => finish(readUploadAnswer(request.status, request.responseText));
    request.onerror = () => finish({ ok: false, reason: 'network' });
    request.ontimeout = () => finish({ ok: false, reason: 'timeout' });
    request.onabort = () => finish({ ok: false, reason: 'aborted' });
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', image, SENT_FILE_NAME);
    request.send(form);
  });
}
