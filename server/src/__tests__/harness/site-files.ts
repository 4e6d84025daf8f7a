import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { siteConfigFile, type SiteConfig } from '../../domain/site-config.ts';

/** Modification times handed out so far: each edit's is later than any before. */
let stamp = Math.floor(Date.now() / 1000) + 5;

/**
 * Writes `content` into a watched config file with a later modification time than any edit before,
 * so the server sees the change on its next read (it compares time and size, domain/watched-json-file.ts).
 */
export function rewriteJsonFile(file: string, content: object): void {
  writeFileSync(file, JSON.stringify(content));
  stamp += 10;
  utimesSync(file, stamp, stamp);
}

/** Changes site-config.json switches of the data dir, as an operator editing the file would. */
export function editSiteConfig(dataDir: string, patch: Partial<Record<keyof SiteConfig, unknown>>): void {
  const file = siteConfigFile(dataDir);
  rewriteJsonFile(file, { ...(JSON.parse(readFileSync(file, 'utf8')) as object), ...patch });
}
