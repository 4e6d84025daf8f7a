import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { ServerConfig } from '../config.ts';
import { readShellFacts, type ShellFacts } from './shell-facts.ts';

/** The policy of every JSON answer (the API, market REST, errors): it loads nothing and may not be framed. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

const NO_SHELL: ShellFacts = { scriptHashes: [], styleHashes: [], endpointOrigins: [] };
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/**
 * The app's Content-Security-Policy: nothing unless named. Scripts, styles and the market worker
 * from this origin, plus the shell's inline scripts by hash; images from this origin (uploads),
 * `data:` (the demo's SVG banners) and `blob:` (upload previews); connections to this origin (the
 * API, and the market socket unless the build named another), the market endpoints the build
 * recorded and an absolute IP_LOOKUP_URL. Fonts are the system's, so none are loaded.
 */
export function appPolicy(shell: ShellFacts, ipLookupUrl: string): string {
  const sources = (...list: string[]) => [...new Set(list)].join(' ');
  return [
    "default-src 'none'",
    `script-src ${sources("'self'", ...shell.scriptHashes)}`,
    `style-src ${sources("'self'", ...shell.styleHashes)}`,
    "img-src 'self' data: blob:",
    `connect-src ${sources("'self'", ...shell.endpointOrigins, ...absoluteOrigin(ipLookupUrl))}`,
    "worker-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function absoluteOrigin(url: string): string[] {
  return /^https?:\/\//i.test(url) ? [new URL(url).origin] : [];
}

/**
 * The app policy for the shell in `staticDir`, read again whenever index.html changes (a rebuild
 * while the server runs brings a new shell, whose hashes the policy must follow).
 */
function shellPolicySource(staticDir: string, ipLookupUrl: string): () => string {
  const index = staticDir ? join(staticDir, 'index.html') : '';
  let stamp: string | undefined;
  let policy = appPolicy(NO_SHELL, ipLookupUrl);
  return () => {
    if (!index) return policy;
    let current = 'absent';
    try {
      const stat = statSync(index);
      current = `${stat.mtimeMs}:${stat.size}`;
    } catch {
      // No shell (yet): the policy without hashes.
    }
    if (current !== stamp) {
      stamp = current;
      policy = appPolicy(current === 'absent' ? NO_SHELL : readShellFacts(readFileSync(index, 'utf8')), ipLookupUrl);
    }
    return policy;
  };
}

/**
 * Security headers on every answer: helmet's set (nosniff, X-Frame-Options DENY, Referrer-Policy
 * no-referrer, HSTS …) and a Content-Security-Policy chosen per answer: API_POLICY for JSON, the
 * app policy for everything else (the shell, and the scripts, whose policy the market worker runs
 * under). A route that sets its own Content-Security-Policy header keeps it (uploads).
 */
const plugin: FastifyPluginAsync<{ config: ServerConfig }> = async (fastify, { config }) => {
  const shellPolicy = shellPolicySource(config.staticDir, config.ipLookupUrl);
  await fastify.register(helmet, {
    contentSecurityPolicy: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Not includeSubDomains: the operator's other sites under the same domain are not ours to pin.
    strictTransportSecurity: { maxAge: 180 * 24 * 3600, includeSubDomains: false },
  });
  fastify.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) {
      const json = JSON_TYPE.test(String(reply.getHeader('content-type') ?? ''));
      reply.header('content-security-policy', json ? API_POLICY : shellPolicy());
    }
    return payload;
  });
};

export const securityHeaders = fastifyPlugin(plugin, { name: 'security-headers', fastify: '5.x' });
