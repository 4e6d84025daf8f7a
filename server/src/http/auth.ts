import type { FastifyRequest } from 'fastify';
import type { SessionRepository } from '../db/repositories/session-repository.ts';
import type { UserRepository, UserRow } from '../db/repositories/user-repository.ts';
import { sha256 } from '../domain/tokens.ts';
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
  /**
   * The caller, or an ApiError with code 401 when the token is missing, unknown, ended or expired
   * (an ended session says so). Moves the session's last activity, at most once a minute.
   */
  require(request: FastifyRequest): Authed;
  /** The caller when a valid token is sent, otherwise null (never fails). */
  optional(request: FastifyRequest): Authed | null;
  /** The caller a raw token belongs to, or null: for a token read elsewhere than the `Token` header. */
  forToken(token: string): Authed | null;
}

/** How stale a session's last activity may get before an authenticated call writes it again. */
export const LAST_ACTIVE_STEP_MS = 60_000;

function tokenOf(request: FastifyRequest): string {
  const header = request.headers.token;
  const value = Array.isArray(header) ? header[0] : header;
  return (value ?? '').trim();
}

/** Token sessions (started by domain/security/sessions.ts startSession). */
export function createAuth(users: UserRepository, sessions: SessionRepository, now: () => number = Date.now): Auth {
  const find = (token: string) => {
    if (!token) return null;
    const session = sessions.findActive(sha256(token), now());
    const user = session ? users.findById(session.user_id) : null;
    return session && user ? { session, user } : null;
  };
  const resolve = (token: string): Authed | null => {
    const found = find(token);
    return found ? { user: found.user, sessionId: found.session.id } : null;
  };
  return {
    require(request) {
      const token = tokenOf(request);
      const lang = requestLang(request);
      if (!token) throw fail(t(lang, 'auth.required'), CODE.unauthorized);
      const found = find(token);
      if (!found) {
        const ended = sessions.wasEnded(sha256(token), now());
        throw fail(t(lang, ended ? 'auth.ended' : 'auth.expired'), CODE.unauthorized);
      }
      const at = now();
      // One write a minute at most: the sessions list shows minutes, and reads stay reads.
      const last = found.session.last_active_at;
      if (last === null || at - last >= LAST_ACTIVE_STEP_MS) sessions.touch(found.session.id, at);
      return { user: found.user, sessionId: found.session.id };
    },
    optional(request) {
      return resolve(tokenOf(request));
    },
    forToken: resolve,
  };
}
