import type { UploadRepository } from '../db/repositories/upload-repository.ts';

/** The path prefix uploads are served under. */
export const UPLOADS_PATH = '/uploads/';

/** A stored name as the store makes them: 32 hex digits and the format's extension. */
export const STORED_NAME = /^[0-9a-f]{32}\.(?:jpg|png|webp)$/;

/**
 * The stored name an upload reference points at, or null when it is not an upload URL. A reference
 * is what the upload call answered, sent back by the client: the relative `url`
 * (`/uploads/<name>`) or the absolute `fullurl` (`https://host/uploads/<name>`, any host, since the
 * server cannot know which name it is reached by behind a proxy). Surrounding white space is
 * ignored; a query, a fragment or any other path is not an upload reference.
 */
export function uploadNameOf(reference: string): string | null {
  const match = /^(?:https?:\/\/[^/?#\s]+)?\/uploads\/([^/?#]+)$/i.exec(reference.trim());
  return match && STORED_NAME.test(match[1]!) ? match[1]! : null;
}

/** The relative URL of a stored upload, the form records keep. */
export const uploadUrl = (name: string): string => `${UPLOADS_PATH}${name}`;

/**
 * For the records that reference uploads (identity front and back, deposit proof, loan documents):
 * the canonical relative URL to store when `reference` is one of `userId`'s own uploads, otherwise
 * null (not an upload URL, no such upload, or someone else's). Store what this returns, never the
 * client's string.
 */
export function ownUploadUrl(uploads: UploadRepository, userId: number, reference: string): string | null {
  const name = uploadNameOf(reference);
  const upload = name ? uploads.findByName(name) : null;
  return upload && upload.user_id === userId ? uploadUrl(upload.name) : null;
}
