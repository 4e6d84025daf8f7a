import type { Db } from '../database.ts';

/** The image types an upload may have, decided from its bytes. */
export type UploadMimeType = 'image/jpeg' | 'image/png' | 'image/webp';

/** One stored upload. */
export interface UploadRow {
  id: number;
  user_id: number;
  /** The file's name in DATA_DIR/uploads, e.g. `3f…9a.jpg`; also the last part of its URL. */
  name: string;
  mime_type: UploadMimeType;
  size: number;
  width: number;
  height: number;
  created_at: number;
}

export type NewUpload = Omit<UploadRow, 'id'>;

/** Uploaded images and their owners. */
export class UploadRepository {
  constructor(private readonly db: Db) {}

  add(upload: NewUpload): UploadRow {
    const result = this.db
      .prepare(
        'INSERT INTO uploads (user_id, name, mime_type, size, width, height, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(upload.user_id, upload.name, upload.mime_type, upload.size, upload.width, upload.height, upload.created_at);
    return { id: Number(result.lastInsertRowid), ...upload };
  }

  findByName(name: string): UploadRow | null {
    return (this.db.prepare('SELECT * FROM uploads WHERE name = ?').get(name) as UploadRow | undefined) ?? null;
  }

  /** How many uploads this user made after `since` (epoch ms): the hourly cap. */
  countSince(userId: number, since: number): number {
    return this.db
      .prepare('SELECT COUNT(*) FROM uploads WHERE user_id = ? AND created_at > ?')
      .pluck()
      .get(userId, since) as number;
  }
}
