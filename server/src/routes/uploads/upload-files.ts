import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { SessionRepository } from '../../db/repositories/session-repository.ts';
import { UploadRepository } from '../../db/repositories/upload-repository.ts';
import { UserRepository } from '../../db/repositories/user-repository.ts';
import { createAuth } from '../../http/auth.ts';
import { CODE } from '../../http/envelope.ts';
import { requestLang } from '../../http/lang.ts';
import { t } from '../../i18n/index.ts';
import { STORED_NAME } from '../../uploads/upload-refs.ts';
import { uploadsDir } from '../../uploads/upload-store.ts';

/**
 * Sent with every answer under /uploads, the image and the refusals alike. The type is the stored
 * one and never sniffed; the policy runs no script and sandboxes the document should the file be
 * opened on its own; identity documents are cached by no one (a shared phone keeps no copy after
 * logout), and no other site may embed them.
 */
const FILE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cache-control': 'private, no-store',
  'cross-origin-resource-policy': 'same-origin',
} as const;

/** The `token` cookie the client keeps beside local storage (src/lib/client-storage.ts), or ''. */
function tokenCookie(request: FastifyRequest): string {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key !== 'token') continue;
    try {
      return decodeURIComponent(value.join('=')).trim();
    } catch {
      return '';
    }
  }
  return '';
}

function tokenHeader(request: FastifyRequest): string {
  const header = request.headers.token;
  return ((Array.isArray(header) ? header[0] : header) ?? '').trim();
}

/**
 * GET /uploads/<name>: an uploaded image, to its owner only. The owner is the session of the
 * `Token` header or, for an `<img src>` that cannot send headers, of the `token` cookie (read here
 * only, for this read-only GET; the API itself never takes the cookie, so it cannot be forged
 * from another site). No session: 401. Not the owner, or no such upload: the same 404, so a
 * name's existence is not revealed.
 */
export const uploadFiles: FastifyPluginAsync = async (fastify) => {
  const { config, db } = fastify;
  const auth = createAuth(new UserRepository(db), new SessionRepository(db));
  const uploads = new UploadRepository(db);
  const dir = uploadsDir(config.dataDir);

  fastify.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    reply.headers(FILE_HEADERS);
    const lang = requestLang(request);
    const caller = auth.forToken(tokenHeader(request)) ?? auth.forToken(tokenCookie(request));
    if (!caller) return reply.code(401).send({ code: CODE.unauthorized, msg: t(lang, 'auth.required'), data: null });
    const { name } = request.params;
    const upload = STORED_NAME.test(name) ? uploads.findByName(name) : null;
    const path = upload && upload.user_id === caller.user.id ? join(dir, upload.name) : null;
    const file = path ? await stat(path).catch(() => null) : null;
    if (!upload || !path || !file)
      return reply.code(404).send({ code: CODE.fail, msg: t(lang, 'upload.notFound'), data: null });
    return reply.type(upload.mime_type).header('content-length', file.size).send(createReadStream(path));
  });
};
