import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { writeTemplates } from './database.ts';

/**
 * Once per run of the server project: migrates (and seeds) one database of each kind, which every
 * test app then copies (database.ts freshDataDir) instead of migrating and seeding its own.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'server-test-templates-'));
  await writeTemplates(dir);
  project.provide('serverTestTemplates', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
