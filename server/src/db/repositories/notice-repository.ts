import type { Notice } from '../../../../common/protocol.ts';
import type { Db } from '../database.ts';

export interface NewNotice {
  title: string;
  content: string;
  imgs?: string;
  /** null: a broadcast every user sees; otherwise the one user it is for. */
  userId: number | null;
  createdAt: number;
}

interface NoticeRow {
  id: number;
  title: string;
  content: string;
  imgs: string;
  created_at: number;
  is_read: number;
}

/** `addtime` of docs/product-rules.md#notices: "YYYY-MM-DD HH:mm:ss" in UTC. */
export function formatAddtime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

const toNotice = (row: NoticeRow): Notice => ({
  id: row.id,
  title: row.title,
  addtime: formatAddtime(row.created_at),
  status: row.is_read ? 2 : 1,
  imgs: row.imgs,
  content: row.content,
});

// The notices a user can see (their own and broadcasts), with their read state for that user.
const VISIBLE = `FROM notices n
  LEFT JOIN notice_reads r ON r.notice_id = n.id AND r.user_id = @userId
  WHERE (n.user_id IS NULL OR n.user_id = @userId)`;

/** System notices: broadcast or per user, with per-user read status (1 unread, 2 read). */
export class NoticeRepository {
  constructor(private readonly db: Db) {}

  add(notice: NewNotice): number {
    const result = this.db
      .prepare('INSERT INTO notices (user_id, title, content, imgs, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(notice.userId, notice.title, notice.content, notice.imgs ?? '', notice.createdAt);
    return Number(result.lastInsertRowid);
  }

  /** One page of the notices a user sees, newest first, and how many there are in all. */
  page(userId: number, page: number, limit: number): { list: Notice[]; total: number } {
    const rows = this.db
      .prepare(
        `SELECT n.id, n.title, n.content, n.imgs, n.created_at, r.notice_id IS NOT NULL AS is_read ${VISIBLE}
         ORDER BY n.created_at DESC, n.id DESC LIMIT @limit OFFSET @offset`,
      )
      .all({ userId, limit, offset: (page - 1) * limit }) as NoticeRow[];
    const total = this.db.prepare(`SELECT COUNT(*) ${VISIBLE}`).pluck().get({ userId }) as number;
    return { list: rows.map(toNotice), total };
  }

  /** One notice if this user may see it. */
  find(userId: number, id: number): Notice | null {
    const row = this.db
      .prepare(
        `SELECT n.id, n.title, n.content, n.imgs, n.created_at, r.notice_id IS NOT NULL AS is_read ${VISIBLE} AND n.id = @id`,
      )
      .get({ userId, id }) as NoticeRow | undefined;
    return row ? toNotice(row) : null;
  }

  markRead(userId: number, id: number, now: number): void {
    this.db
      .prepare('INSERT OR IGNORE INTO notice_reads (notice_id, user_id, read_at) VALUES (?, ?, ?)')
      .run(id, userId, now);
  }

  /** True when the user has at least one notice without a read mark. */
  hasUnread(userId: number): boolean {
    return this.db.prepare(`SELECT EXISTS (SELECT 1 ${VISIBLE} AND r.notice_id IS NULL)`).pluck().get({ userId }) === 1;
  }
}
