import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { inject } from 'vitest';
import { openDatabase, type Db } from '../../db/database.ts';
import { seedDemo } from '../../db/seed.ts';

/**
 * What a fresh test database holds before the test adds its own rows:
 * - 'schema': every migration applied, no rows (what a server with SEED_DEMO=0 starts from);
 * - 'demo': that plus the demo seed (the demo user, notices, content), as a fresh server seeds it.
 */
export type DatabaseKind = 'schema' | 'demo';

export const DATABASE_KINDS: readonly DatabaseKind[] = ['schema', 'demo'];

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder global-setup.ts wrote one database file per kind into, for this run. */
    serverTestTemplates: string;
  }
}

/** The file name the app's own database has in its data dir (db/database.ts). */
const DB_FILE = 'app.sqlite';

/**
 * The bytes of a database of this kind, built in memory: the migrations and the demo seed are the
 * slow part of starting a test app (the seed hashes the demo password with scrypt).
 */
export async function buildTemplate(kind: DatabaseKind): Promise<Buffer> {
  const db = openDatabase(':memory:');
  try {
    if (kind === 'demo') await seedDemo(db);
    return db.serialize();
  } finally {
    db.close();
  }
}

export const templateFile = (dir: string, kind: DatabaseKind): string => join(dir, `${kind}.sqlite`);

/** The templates' bytes in this test file: read from the run's folder, or built here when no folder was provided. */
const local = new Map<DatabaseKind, Promise<Buffer>>();

function providedFolder(): string | undefined {
  try {
    return inject('serverTestTemplates');
  } catch {
    return undefined;
  }
}

/**
 * Puts a copy of the run's template of `kind` into `dataDir` as its database: migrated (and seeded)
 * once for the whole run, copied for each test, so every test still has a database of its own.
 * openDatabase() on it then applies only migrations newer than the template (none).
 */
export async function copyTemplate(dataDir: string, kind: DatabaseKind): Promise<void> {
  const folder = providedFolder();
  if (folder && existsSync(templateFile(folder, kind))) {
    copyFileSync(templateFile(folder, kind), join(dataDir, DB_FILE));
    return;
  }
  writeFileSync(join(dataDir, DB_FILE), await templateBytes(kind));
}

/** The template's bytes, read once per test file. */
async function templateBytes(kind: DatabaseKind): Promise<Buffer> {
  if (!local.has(kind)) {
    const folder = providedFolder();
    const file = folder ? templateFile(folder, kind) : undefined;
    local.set(kind, file && existsSync(file) ? Promise.resolve(readFileSync(file)) : buildTemplate(kind));
  }
  return local.get(kind)!;
}

/**
 * A throw-away in-memory database of `kind` (a copy of the template's bytes, as openDatabase(':memory:')
 * would be after migrating, with foreign keys on), for tests of repositories and domain services.
 */
export async function memoryDatabase(kind: DatabaseKind = 'schema'): Promise<Db> {
  const db = new Database(await templateBytes(kind));
  db.pragma('foreign_keys = ON');
  return db;
}

/** A new temp data dir holding a copy of the template of `kind` (copyTemplate). */
export async function freshDataDir(kind: DatabaseKind, prefix = 'server-test-'): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  await copyTemplate(dataDir, kind);
  return dataDir;
}

/** A fresh data dir (freshDataDir) and the database in it, open as the app opens it. */
export async function freshDatabase(kind: DatabaseKind, prefix?: string): Promise<{ dataDir: string; db: Db }> {
  const dataDir = await freshDataDir(kind, prefix);
  return { dataDir, db: openDatabase(dataDir) };
}

/** Writes every template into `dir` (global-setup.ts, once per run). */
export async function writeTemplates(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  for (const kind of DATABASE_KINDS) writeFileSync(templateFile(dir, kind), await buildTemplate(kind));
}

export const removeDataDir = (dataDir: string): void => rmSync(dataDir, { recursive: true, force: true });
