import type { FastifyPluginAsync } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { ServerConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { ContentRepository } from '../../db/repositories/content-repository.ts';
import { MailRepository } from '../../db/repositories/mail-repository.ts';
import { NoticeRepository } from '../../db/repositories/notice-repository.ts';
import { SessionRepository } from '../../db/repositories/session-repository.ts';
import { UploadRepository } from '../../db/repositories/upload-repository.ts';
import { UserRepository } from '../../db/repositories/user-repository.ts';
import type { SiteConfigStore } from '../../domain/site-config.ts';
import { createAuth, type Auth } from '../../http/auth.ts';

/** What every API route module works with: repositories, the live site config, auth, the clock. */
export interface ApiContext {
  config: ServerConfig;
  db: Db;
  users: UserRepository;
  sessions: SessionRepository;
  notices: NoticeRepository;
  content: ContentRepository;
  mail: MailRepository;
  /** Uploaded images and their owners; records check references with `ownUploadUrl` (uploads/upload-refs.ts). */
  uploads: UploadRepository;
  siteConfig: SiteConfigStore;
  auth: Auth;
  /** Route `config.rateLimit` for the abuse-prone calls (login, register, Ems/send); false when switched off. */
  authRateLimit: RateLimitOptions | false;
  now: () => number;
}

/** A route module of the API; registered by `apiRoutes` with the shared context. */
export type ApiPlugin = FastifyPluginAsync<{ ctx: ApiContext }>;

export function createApiContext(db: Db, config: ServerConfig, siteConfig: SiteConfigStore, now: () => number = Date.now): ApiContext {
  const users = new UserRepository(db);
  const sessions = new SessionRepository(db);
  return {
    config,
    db,
    users,
    sessions,
    notices: new NoticeRepository(db),
    content: new ContentRepository(db),
    mail: new MailRepository(db),
    uploads: new UploadRepository(db),
    siteConfig,
    auth: createAuth(users, sessions, config.tokenTtlHours, now),
    authRateLimit: config.authRateLimit > 0 ? { max: config.authRateLimit, timeWindow: 60_000 } : false,
    now,
  };
}
