import type { FastifyRequest } from 'fastify';
import type { SessionRepository } from '../../db/repositories/session-repository.ts';
import { newToken, sha256 } from '../tokens.ts';
import { describeUserAgent } from './devices.ts';

/** Where a sign-in comes from: the address the server saw (not what the client claims) and its User-Agent. */
export interface ClientOrigin {
  ip: string;
  userAgent: string;
}

/** How much of a User-Agent header is kept. */
const USER_AGENT_MAX = 400;

/** The origin of a request, for startSession and recordSignIn. */
export function clientOrigin(request: FastifyRequest): ClientOrigin {
  const header = request.headers['user-agent'];
  return { ip: request.ip, userAgent: (Array.isArray(header) ? header[0] : (header ?? '')).slice(0, USER_AGENT_MAX) };
}

export interface SessionDeps {
  sessions: SessionRepository;
  config: { tokenTtlHours: number };
  now: () => number;
}

/**
 * Starts a session for a user who proved who they are (login, register, a second step): stores the
 * token's hash with where it was started and its device, and returns the token to hand to the client.
 * Its lifetime is the configured TOKEN_TTL_HOURS from now (no sliding renewal).
 */
export function startSession(deps: SessionDeps, start: { userId: number } & ClientOrigin): string {
  const token = newToken();
  const at = deps.now();
  deps.sessions.purgeDeadForUser(start.userId, at);
  deps.sessions.create(start.userId, sha256(token), at, at + deps.config.tokenTtlHours * 3_600_000, {
    ip: start.ip.slice(0, 64),
    userAgent: start.userAgent.slice(0, USER_AGENT_MAX),
    device: describeUserAgent(start.userAgent).device,
  });
  return token;
}
