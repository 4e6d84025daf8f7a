import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ServerConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { platformReviews } from '../../domain/review-kinds.ts';
import type { Reviews } from '../../domain/reviews.ts';
import { ContentRepository } from '../../db/repositories/content-repository.ts';
import { MailRepository } from '../../db/repositories/mail-repository.ts';
import { NoticeRepository } from '../../db/repositories/notice-repository.ts';
import { SessionRepository } from '../../db/repositories/session-repository.ts';
import { UploadRepository } from '../../db/repositories/upload-repository.ts';
import { UserRepository } from '../../db/repositories/user-repository.ts';
import { DUPLICATE_WINDOW_MS, DuplicateGuard } from '../../domain/duplicate-guard.ts';
import { PayPasswordCheck } from '../../domain/pay-password.ts';
import { passkeysUnavailable, type ApprovalDeps } from '../../domain/security/approvals.ts';
import { createSecurityEvents, type SecurityEvents } from '../../domain/security/events.ts';
import { LoginTickets } from '../../domain/security/login-tickets.ts';
import { TotpFactors } from '../../domain/security/totp.ts';
import type { SiteConfigStore } from '../../domain/site-config.ts';
import { createAuth, type Auth } from '../../http/auth.ts';
import { routeDeclarer, type DeclareRoute } from '../../http/contract/route.ts';

/** What every API route module works with: repositories, the live site config, auth, the clock. */
export interface ApiContext {
  config: ServerConfig;
  db: Db;
  users: UserRepository;
  sessions: SessionRepository;
  notices: NoticeRepository;
  content: ContentRepository;
  mail: MailRepository;
  /** The review queue: features submit their requests for a decision here. */
  reviews: Reviews;
  /** Uploaded images and their owners; records check references with `ownUploadUrl` (uploads/upload-refs.ts). */
  uploads: UploadRepository;
  siteConfig: SiteConfigStore;
  auth: Auth;
  /** Route `config.rateLimit` for the abuse-prone calls (login, register, Ems/send); false when switched off. */
  authRateLimit: false | { max: number; timeWindow: number };
  /** Refuses an identical submit of one user within DUPLICATE_WINDOW_MS (routes declared with `once`). */
  guard: DuplicateGuard;
  /** The transaction password of money-moving calls while traders_password_switch is 1. */
  payPassword: PayPasswordCheck;
  /** Security changes: the notice and mail they send and the withdrawal hold they start (domain/security/events.ts). */
  securityEvents: SecurityEvents;
  /** The authenticator-code factor of each user and its recovery codes (docs/account-protection.md). */
  totp: TotpFactors;
  /** Sign-ins waiting for their second step (docs/account-protection.md "Sign-in second step"). */
  loginTickets: LoginTickets;
  /** Approvals: the second step bound to one operation (domain/security/approvals.ts). */
  approvals: ApprovalDeps;
  now: () => number;
}

/** The `route(declaration)` function of a route module registered in `fastify`. */
export function declareRoutes(fastify: FastifyInstance, ctx: ApiContext): DeclareRoute {
  return routeDeclarer(fastify, { auth: ctx.auth, guard: ctx.guard, rateLimit: ctx.authRateLimit });
}

/** A route module of the API, registered by `apiRoutes`; it reads the shared context from `fastify.apiContext` (plugins/api-context.ts). */
export type ApiPlugin = FastifyPluginAsync;

/** A route module of the trading calls (market lists, Trade, Contrade): it also reads `fastify.trading` (plugins/trading.ts). */
export type TradingPlugin = FastifyPluginAsync;

export function createApiContext(
  db: Db,
  config: ServerConfig,
  siteConfig: SiteConfigStore,
  now: () => number = Date.now,
): ApiContext {
  const users = new UserRepository(db);
  const sessions = new SessionRepository(db);
  const notices = new NoticeRepository(db);
  const mail = new MailRepository(db);
  const totp = new TotpFactors(db, now);
  return {
    config,
    db,
    users,
    sessions,
    notices,
    content: new ContentRepository(db),
    mail,
    reviews: platformReviews(db, now),
    uploads: new UploadRepository(db),
    siteConfig,
    auth: createAuth(users, sessions, now),
    authRateLimit: config.authRateLimit > 0 ? { max: config.authRateLimit, timeWindow: 60_000 } : false,
    guard: new DuplicateGuard(DUPLICATE_WINDOW_MS, now),
    payPassword: new PayPasswordCheck(db, now),
    securityEvents: createSecurityEvents({ db, config, users, notices, mail, now }),
    totp,
    loginTickets: new LoginTickets(db, now),
    approvals: {
      db,
      now,
      totp,
      site: () => siteConfig.get(),
      // Calls check passkeys with the relying party of their own request (security/second-step.ts).
      verifyPasskey: passkeysUnavailable,
    },
    now,
  };
}
