import { createHash } from 'node:crypto';

/**
 * The build-time variables whose endpoints the client connects to, the meta tag in which the build
 * records each in index.html (vite.config.ts), and the URL schemes each accepts.
 */
const RECORDED_ENDPOINTS = [
  { variable: 'VITE_MARKET_WS_URL', meta: 'market-ws-url', schemes: ['ws:', 'wss:'] },
  { variable: 'VITE_MARKET_REST_URL', meta: 'market-rest-url', schemes: ['http:', 'https:'] },
] as const;

/** A `<meta name content>` the build writes into the app shell. */
export interface MetaTag {
  name: string;
  content: string;
}

/**
 * For the build: one meta tag per market endpoint set in `env` (the Vite config's env, the same
 * values `import.meta.env` compiles into the client), so the server's Content-Security-Policy
 * allows exactly the hosts this build talks to. Throws, naming the variable, for a value that is
 * not an absolute URL of its kind.
 */
export function endpointMetaTags(env: Record<string, string | undefined>): MetaTag[] {
  const tags: MetaTag[] = [];
  for (const { variable, meta, schemes } of RECORDED_ENDPOINTS) {
    const value = env[variable];
    if (!value) continue;
    if (!schemes.some((scheme) => parsedUrl(value)?.protocol === scheme)) {
      throw new Error(
        `${variable} must be an absolute ${schemes.map((s) => `${s}//`).join(' or ')} URL, got "${value}"`,
      );
    }
    tags.push({ name: meta, content: value });
  }
  return tags;
}

/** What the server's policy needs to know about the app shell it serves. */
export interface ShellFacts {
  /** CSP sources (`'sha256-…'`) of the shell's inline scripts, hashed as the browser hashes them. */
  scriptHashes: string[];
  /** The same for inline `<style>` elements. */
  styleHashes: string[];
  /** Origins (`wss://host:port`) of the endpoints the build recorded. */
  endpointOrigins: string[];
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script\s*>/gi;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;
const META = /<meta\b[^>]*>/gi;

/** Reads the hashes and recorded endpoints out of a built index.html. */
export function readShellFacts(html: string): ShellFacts {
  const hashes = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => cspHash(match[1] as string));
  const recorded = new Map<string, string>();
  for (const [tag] of html.matchAll(META)) {
    const name = attribute(tag, 'name');
    const content = attribute(tag, 'content');
    if (name !== undefined && content !== undefined) recorded.set(name, content);
  }
  const endpointOrigins: string[] = [];
  for (const { meta, schemes } of RECORDED_ENDPOINTS) {
    const url = parsedUrl(recorded.get(meta) ?? '');
    if (url && schemes.some((scheme) => url.protocol === scheme)) endpointOrigins.push(`${url.protocol}//${url.host}`);
  }
  return { scriptHashes: hashes(INLINE_SCRIPT), styleHashes: hashes(INLINE_STYLE), endpointOrigins };
}

/**
 * A CSP hash source for an inline element's text. The HTML parser turns CR LF and lone CR into LF
 * before the browser hashes the text, so a shell saved with Windows line ends hashes the same.
 */
export function cspHash(text: string): string {
  const normalized = text.replace(/\r\n?/g, '\n');
  return `'sha256-${createHash('sha256').update(normalized, 'utf8').digest('base64')}'`;
}

function parsedUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', '#39': "'" };

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  if (!match) return undefined;
  const raw = match[1] ?? match[2] ?? match[3] ?? '';
  return raw.replace(/&(amp|quot|apos|lt|gt|#39);/g, (_, entity: string) => ENTITIES[entity] as string);
}
