import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { SiteConfig } from '../../../../domain/site-config.ts';
import type { Envelope } from '../../../../http/envelope.ts';
import { fileForm, fixture } from '../../../../uploads/__tests__/upload-support.ts';
import type { LoginData, TestApp } from '../../__tests__/support.ts';

let edits = 0;

/** Writes switches into the running app's site-config.json; the next call reads them (its mtime moves on, a second per edit). */
export function setSwitches(t: TestApp, switches: Partial<Record<keyof SiteConfig, number>>): void {
  const file = join(t.dataDir, 'site-config.json');
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), ...switches }));
  edits += 1;
  const later = new Date(Date.now() + 5000 + edits * 1000);
  utimesSync(file, later, later);
}

let phones = 0;
/** Registers a fresh account by phone (no code needed) and returns its Token header. */
export async function newUser(t: TestApp): Promise<{ Token: string }> {
  phones += 1;
  const phone = `1380000${String(phones).padStart(4, '0')}${Math.floor(Math.random() * 1000)}`;
  const answer = await t.post<LoginData>('Login/register', { type: 1, phone, password: 'secret12', repassword: 'secret12', ip: '' });
  expect(answer.code, answer.msg).toBe(1);
  return { Token: answer.data.userinfo.token };
}

/** Uploads a real JPEG as the Token's user and returns the relative URL the upload call answered. */
export async function uploadPhoto(t: TestApp, auth: { Token: string }): Promise<{ url: string; fullurl: string }> {
  const form = fileForm(fixture('photo.jpg'));
  const response = await t.app.inject({ method: 'POST', url: '/api/api/common/upload', payload: form.payload, headers: { ...form.headers, ...auth } });
  const answer = response.json<Envelope<{ url: string; fullurl: string }>>();
  expect(answer.code, answer.msg).toBe(1);
  return answer.data;
}

/** The row count of a table: a refused call must leave it as it was. */
export const rows = (t: TestApp, table: string): number => t.db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;
