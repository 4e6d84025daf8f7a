import type { Db } from '../database.ts';

/** A home banner (docs/product-rules.md#home). */
export interface Banner {
  id: number;
  img: string;
}

/** An about-us entry (docs/product-rules.md#about-us). */
export interface ContentEntry {
  id: number;
  title: string;
  img: string;
  content: string;
}

/** A partner logo link (docs/product-rules.md#deposits). */
export interface Partner {
  id: number;
  url: string;
  img: string;
  title: string;
}

/** Public site content shown without login: banners, about-us entries, partners. All ordered by `sort`, then id. */
export class ContentRepository {
  constructor(private readonly db: Db) {}

  banners(): Banner[] {
    return this.db.prepare('SELECT id, img FROM banners ORDER BY sort, id').all() as Banner[];
  }

  contentEntries(): ContentEntry[] {
    return this.db
      .prepare('SELECT id, title, img, content FROM content_entries ORDER BY sort, id')
      .all() as ContentEntry[];
  }

  partners(): Partner[] {
    return this.db.prepare('SELECT id, url, img, title FROM partners ORDER BY sort, id').all() as Partner[];
  }

  addBanner(img: string, sort: number): void {
    this.db.prepare('INSERT INTO banners (img, sort) VALUES (?, ?)').run(img, sort);
  }

  addContentEntry(entry: Omit<ContentEntry, 'id'>, sort: number): void {
    this.db
      .prepare('INSERT INTO content_entries (title, img, content, sort) VALUES (?, ?, ?, ?)')
      .run(entry.title, entry.img, entry.content, sort);
  }

  addPartner(partner: Omit<Partner, 'id'>, sort: number): void {
    this.db
      .prepare('INSERT INTO partners (title, url, img, sort) VALUES (?, ?, ?, ?)')
      .run(partner.title, partner.url, partner.img, sort);
  }
}
