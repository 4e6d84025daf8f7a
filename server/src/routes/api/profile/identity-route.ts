import Type from 'typebox';
import { REAL_NAME_MAX_LENGTH, REAL_NAME_PATTERN } from '../../../../../common/profile-rules.ts';
import { RZ_CERTIFIED, RZ_REVIEW } from '../../../db/repositories/identity-repository.ts';
import { submitIdentity } from '../../../domain/identity.ts';
import { reject } from '../../../domain/rejection.ts';
import { text } from '../../../http/contract/fields.ts';
import { ok } from '../../../http/envelope.ts';
import { ownUploadUrl } from '../../../uploads/upload-refs.ts';
import { declareRoutes, type ApiPlugin } from '../context.ts';

/** An upload reference as the upload call answered it: the relative `url` or the absolute `fullurl`. */
const uploadRef = (required: 'identity.frontRequired' | 'identity.backRequired') =>
  text(
    { required, invalid: required },
    {
      max: 300,
      example: '/uploads/0123456789abcdef0123456789abcdef.jpg',
      description: 'The url (or fullurl) the upload call answered',
    },
  );

/** POST /api/User/usersetReal (docs/product-rules.md#identity-verification): identity verification, decided in the review queue. */
export const identityRoute: ApiPlugin = async (fastify) => {
  const ctx = fastify.apiContext;
  const route = declareRoutes(fastify, ctx);

  route({
    method: 'POST',
    url: '/User/usersetReal',
    summary: 'Submits the real name and both sides of the ID for identity verification',
    description:
      'Accepted only while certification_switch is 1 and the caller awaits certification (rzstatus 0 or 3). Both images must be ' +
      "two different uploads of the caller's own. The request waits in the review queue with rzstatus 1; approval sets 2, " +
      'rejection 3 with the reason (getUserInfo rz_reason), after which the caller may submit again.',
    auth: 'required',
    once: 'common.duplicate',
    fields: {
      real_name: text(
        { required: 'identity.nameRequired', invalid: 'identity.nameInvalid' },
        { max: REAL_NAME_MAX_LENGTH, pattern: REAL_NAME_PATTERN, example: 'Li Wei' },
      ),
      front_card: uploadRef('identity.frontRequired'),
      back_card: uploadRef('identity.backRequired'),
    },
    answer: Type.Object({ rzstatus: Type.Integer({ description: '1: under review' }) }),
    handler: ({ fields, user, t }) => {
      if (ctx.siteConfig.get().certification_switch !== 1) reject('identity.closed');
      if (user.rzstatus === RZ_REVIEW) reject('identity.underReview');
      if (user.rzstatus === RZ_CERTIFIED) reject('identity.certified');
      const front = ownUploadUrl(ctx.uploads, user.id, fields.front_card) ?? reject('upload.notYours');
      const back = ownUploadUrl(ctx.uploads, user.id, fields.back_card) ?? reject('upload.notYours');
      if (front === back) reject('identity.sameImage');
      submitIdentity(
        ctx.db,
        ctx.reviews,
        user.id,
        { realName: fields.real_name, frontCard: front, backCard: back },
        ctx.now(),
      );
      return ok({ rzstatus: RZ_REVIEW }, t('identity.submitted'));
    },
  });
};
