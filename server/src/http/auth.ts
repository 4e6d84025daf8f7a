import type { FastifyRequest } from 'fastify';
import type { SessionRepository } from '../db/repositories/session-repository.ts';
import type { UserRepository, UserRow } from '../db/repositories/user-repository.ts';
import { sha256, newToken } from '../domain/tokens.ts';
import { t } from '../i18n/index.ts';
import { CODE, fail } from './envelope.ts';
import { requestLang } from './lang.ts';

/** The signed-in user behind a request, and the session its token belongs to. */
export interface Authed {
  user: UserRow;
  sessionId: number;
}

/** Reads the `Token` header (docs/product-rules.md#calls-and-answers) and resolves it to a live session. */
export interface Auth {
  /** The caller, or an ApiError with code 401 when the token is missing, unknown, revoked or expired. */
  require(request: FastifyRequest): Authed;
  /** The caller when a valid token is sent, otherwise null (never fails). */
  optional(request: FastifyRequest): Authed | null;
  /** The caller a raw token belongs to, or null: for a token read elsewhere than the `Token` header. */
  forToken(token: string): Authed | null;
  /** Starts a session: returns the token to hand to the client (only its hash is stored). */
  issue(userId: number): string;
}

function tokenOf(request: FastifyRequest): string {
  const header = request.headers.token;
  const value = Array.isArray(header) ? header[0] : header;
  return (value ?? '').trim();
}

/** Token sessions with a fixed lifetime of `ttlHours` from login (no sliding renewal). */
export function createAuth(
  users: UserRepository,
  sessions: SessionRepository,
  ttlHours: number,
  now: () => number = Date.now,
): Auth {
  const resolve = (token: string): Authed | null => {
    if (!token) return null;
    const session = sessions.findActive(sha256(token), now());
    const user = session ? users.findById(session.user_id) : null;
    return session && user ? { user, sessionId: session.id } : null;
  };
  return {
    require(request) {
      const token = tokenOf(request);
      const lang = requestLang(request);
      if (!token) throw fail(t(lang, 'auth.required'), CODE.unauthorized);
      const authed = resolve(token);
      if (!authed) throw fail(t(lang, 'auth.expired'), CODE.unauthorized);
      return authed;
    },
    optional(request) {
      return resolve(tokenOf(request));
    },
    forToken: resolve,
    issue(userId) {
      const token = newToken();
      const at = now();
      sessions.purgeDeadForUser(userId, at);
      sessions.create(userId, sha256(token), at, at + ttlHours * 3_600_000);
      return token;
    },
  };
}
