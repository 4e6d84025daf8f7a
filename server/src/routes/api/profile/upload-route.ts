import type { FastifyRequest } from 'fastify';
import type { UploadRow } from '../../../db/repositories/upload-repository.ts';
import Type from 'typebox';
import { reject } from '../../../domain/rejection.ts';
import { ok } from '../../../http/envelope.ts';
import type { MessageKey } from '../../../i18n/index.ts';
import { uploadUrl } from '../../../uploads/upload-refs.ts';
import {
  MAX_IMAGE_SIDE,
  maxUploadBytes,
  UploadRefused,
  uploadsDir,
  UploadStore,
  type ReceivedImage,
  type UploadRefusalReason,
} from '../../../uploads/upload-store.ts';
import { declareRoutes, type ApiPlugin } from '../context.ts';

/** Uploads one user may make within any hour (README "Uploads"). */
export const UPLOADS_PER_HOUR = 60;

/** What can be wrong with the request itself, before or around the file. */
type RequestProblem = 'notMultipart' | 'noFile' | 'fieldName' | 'onlyOneFile' | 'failed';

class UploadRequestRefused extends Error {
  constructor(readonly problem: RequestProblem) {
    super(`upload request refused: ${problem}`);
  }
}

/** Every refusal and its message, in one place. */
const MESSAGES: Record<UploadRefusalReason | RequestProblem, MessageKey> = {
  notMultipart: 'upload.notMultipart',
  noFile: 'upload.noFile',
  fieldName: 'upload.fieldName',
  onlyOneFile: 'upload.onlyOneFile',
  failed: 'upload.failed',
  empty: 'upload.empty',
  tooLarge: 'upload.tooLarge',
  type: 'upload.type',
  markup: 'upload.markup',
  malformed: 'upload.malformed',
  dimensions: 'upload.dimensions',
  quota: 'upload.quota',
};

/** @fastify/multipart's errors when the form has more than the one part its limits allow (app.ts). */
const EXTRA_PART_CODES = new Set(['FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT', 'FST_PROTO_VIOLATION']);

/**
 * POST /api/api/common/upload (docs/product-rules.md#uploads; the spec's path really repeats `api`). Token
 * required. A multipart form with exactly one part: the file, in the field `file`. JPEG, PNG or
 * WebP, decided by the bytes; at most UPLOAD_MAX_MB; see uploads/upload-store.ts for every check.
 *
 * data = {url, fullurl, data: {url, fullurl}}: the URL in each reading of docs/product-rules.md#uploads (`data.data.url`,
 * `data.url`, `data.fullurl`). `url` is relative (`/uploads/<name>`), the value a record sends
 * back and stores; `fullurl` is the same with this request's origin. Any refusal answers code 0 with
 * its message in the caller's Lang and stores nothing.
 */
export const uploadRoute: ApiPlugin = async (fastify) => {
  const ctx = fastify.apiContext;
  const route = declareRoutes(fastify, ctx);
  const store = new UploadStore(ctx.uploads, {
    dir: uploadsDir(ctx.config.dataDir),
    maxBytes: maxUploadBytes(ctx.config.uploadMaxMb),
    maxPerHour: UPLOADS_PER_HOUR,
    now: ctx.now,
  });

  // A body that is not a form (raw image bytes, text …) reaches the handler unread, so it is
  // refused in the envelope like any other wrong request rather than with a bare HTTP 415.
  fastify.addContentTypeParser('*', (_request, _payload, done) => done(null));

  route({
    method: 'POST',
    url: '/api/common/upload',
    summary: 'Uploads one image (JPEG, PNG or WebP, decided by its bytes) for a record to reference',
    description:
      'A multipart form with exactly one part, the image in the field `file`, at most UPLOAD_MAX_MB. `url` is relative ' +
      "(/uploads/<name>, served to its owner only); `fullurl` adds this request's origin; both also under `data`.",
    auth: 'required',
    body: {
      contentType: 'multipart/form-data',
      schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
    },
    answer: Type.Object({
      url: Type.String(),
      fullurl: Type.String(),
      data: Type.Object({ url: Type.String(), fullurl: Type.String() }),
    }),
    handler: async ({ request, user, t }) => {
      try {
        const upload = await receiveOneImage(request, store, user.id);
        const url = uploadUrl(upload.name);
        const fullurl = `${request.protocol}://${request.host}${url}`;
        return ok({ url, fullurl, data: { url, fullurl } }, t('upload.ok'));
      } catch (error) {
        const reason =
          error instanceof UploadRefused ? error.reason : error instanceof UploadRequestRefused ? error.problem : null;
        if (reason === null) request.log.warn({ err: error }, 'upload failed');
        return reject(MESSAGES[reason ?? 'failed'], { mb: ctx.config.uploadMaxMb, pixels: MAX_IMAGE_SIDE });
      } finally {
        discardRestOfBody(request);
      }
    },
  });
};

/**
 * Reads the whole form: exactly one part, a file in the field `file`, which the store checks; only
 * when nothing else follows it is it committed as the caller's upload.
 */
async function receiveOneImage(request: FastifyRequest, store: UploadStore, userId: number): Promise<UploadRow> {
  if (!request.isMultipart()) throw new UploadRequestRefused('notMultipart');
  let received: ReceivedImage | null = null;
  try {
    for await (const part of request.parts()) {
      if (received || part.type !== 'file') throw new UploadRequestRefused('onlyOneFile');
      if (part.fieldname !== 'file') throw new UploadRequestRefused('fieldName');
      received = await store.receive(userId, part.file);
    }
  } catch (error) {
    if (received) await store.discard(received);
    const code = (error as { code?: unknown }).code;
    throw typeof code === 'string' && EXTRA_PART_CODES.has(code) ? new UploadRequestRefused('onlyOneFile') : error;
  }
  if (!received) throw new UploadRequestRefused('noFile');
  return store.commit(received);
}

/** After a refusal part of the body may still be unread: read it to nowhere so the answer reaches the client. */
function discardRestOfBody(request: FastifyRequest): void {
  if (request.raw.readableEnded) return;
  request.raw.unpipe();
  request.raw.resume();
}
