import Type from 'typebox';
import { PasskeyCreationOptions, PasskeyRequestOptions } from './passkey-schemas.ts';
import { formatAddtime } from '../../../db/repositories/notice-repository.ts';
import { PasskeyRepository, type PasskeyRow } from '../../../db/repositories/passkey-repository.ts';
import { reject } from '../../../domain/rejection.ts';
import {
  deviceName,
  PASSKEY_NAME_MAX,
  passkeyAssertionOptions,
  passkeyRegistrationOptions,
  passkeyRemovalFields,
  registerPasskey,
  relyingParty,
  removePasskey,
  responseChallenge,
  verifyPasskeyAssertion,
} from '../../../domain/security/passkeys.ts';
import { id, messages, optional, text } from '../../../http/contract/fields.ts';
import { ok } from '../../../http/envelope.ts';
import { clientIp, signedInAnswer, UserInfoToken } from '../account/login-routes.ts';
import { declareRoutes, type ApiPlugin } from '../context.ts';
import { SECOND_STEP_NOTE, secondStep, secondStepFields } from './second-step.ts';

/** A passkey as the list shows it; times are UTC "YYYY-MM-DD HH:mm:ss" like every record time. */
const Passkey = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  created_at: Type.String(),
  last_used_at: Type.Union([Type.String(), Type.Null()], { description: 'null: never used to sign in or approve' }),
});

const passkeyView = (row: PasskeyRow) => ({
  id: row.id,
  name: row.name,
  created_at: formatAddtime(row.created_at),
  last_used_at: row.last_used_at === null ? null : formatAddtime(row.last_used_at),
});

/** The browser's answer to a ceremony (RegistrationResponseJSON or AuthenticationResponseJSON) as JSON text. */
const passkeyResponse = text(messages('passkey.responseRequired'), {
  max: 16_000,
  description: 'the JSON the browser answered (@simplewebauthn/browser startRegistration or startAuthentication)',
  example: '{"id":"…","rawId":"…","type":"public-key","response":{…}}',
});

const passkeyName = text(
  { required: 'passkey.nameRequired', invalid: 'passkey.nameInvalid', vars: { max: PASSKEY_NAME_MAX } },
  {
    max: PASSKEY_NAME_MAX,
    example: 'My phone',
  },
);

/**
 * The passkey calls (docs/account-protection.md#passkeys): adding, listing, renaming and removing
 * passkeys of the signed-in user, and signing in with a passkey and no password.
 */
export const passkeyRoutes: ApiPlugin = async (fastify) => {
  const ctx = fastify.apiContext;
  const route = declareRoutes(fastify, ctx);
  const passkeys = new PasskeyRepository(ctx.db);

  route({
    method: 'POST',
    url: '/Security/passkeyRegisterOptions',
    summary: 'Starts adding a passkey: the options for the browser (navigator.credentials.create)',
    description:
      'A discoverable passkey with user verification; the passkeys already added are excluded. Answer them with passkeyRegister within 5 minutes.',
    auth: 'required',
    answer: Type.Object({ options: PasskeyCreationOptions }),
    handler: async ({ user, request }) => {
      const options = await passkeyRegistrationOptions(ctx, user, relyingParty(ctx.config.webauthn, request));
      return ok({ options });
    },
  });

  route({
    method: 'POST',
    url: '/Security/passkeyRegister',
    summary: 'Adds the passkey the browser created in answer to passkeyRegisterOptions',
    description: 'Without a name the passkey is named after the browser and system it was added on.',
    auth: 'required',
    fields: { passkey_response: passkeyResponse, name: optional(passkeyName) },
    answer: Type.Object({ passkey: Passkey }),
    handler: async ({ fields, user, request, t }) => {
      const name = fields.name || deviceName(request.headers['user-agent']) || t('passkey.defaultName');
      const result = await registerPasskey(ctx, {
        userId: user.id,
        responseJson: fields.passkey_response,
        name,
        rp: relyingParty(ctx.config.webauthn, request),
      });
      if (!result.ok) reject(result.reason === 'duplicate' ? 'passkey.duplicate' : 'passkey.invalid');
      return ok({ passkey: passkeyView(result.passkey) }, t('passkey.added'));
    },
  });

  route({
    method: 'POST',
    url: '/Security/passkeyList',
    summary: "The signed-in user's passkeys, oldest first",
    auth: 'required',
    answer: Type.Object({ list: Type.Array(Passkey) }),
    handler: ({ user }) => ok({ list: passkeys.list(user.id).map(passkeyView) }),
  });

  route({
    method: 'POST',
    url: '/Security/passkeyRename',
    summary: 'Renames one of your passkeys',
    auth: 'required',
    fields: { id: id(messages('passkey.notFound')), name: passkeyName },
    answer: Type.Object({ passkey: Passkey }),
    handler: ({ fields, user, t }) => {
      const row = passkeys.ownedBy(user.id, fields.id) ?? reject('passkey.notFound');
      passkeys.rename(row.id, fields.name);
      return ok({ passkey: passkeyView({ ...row, name: fields.name }) }, t('passkey.renamed'));
    },
  });

  route({
    method: 'POST',
    url: '/Security/passkeyRemove',
    summary: 'Removes one of your passkeys: it no longer signs in or approves anything',
    description:
      SECOND_STEP_NOTE.trim() +
      ' Its approval is of factor_remove with target passkey:<id> (this id). The passkey being removed may approve its own removal.',
    auth: 'required',
    fields: { id: id(messages('passkey.notFound')), ...secondStepFields },
    answer: Type.Null(),
    handler: async ({ fields, user, request, t }) => {
      const row = passkeys.ownedBy(user.id, fields.id) ?? reject('passkey.notFound');
      // The assertion is checked before anything is removed, so the last passkey can approve its own removal.
      const approval = await secondStep(ctx, user, 'factor_remove', passkeyRemovalFields(row.id), fields, request);
      ctx.db.transaction(() => {
        approval.markUsed();
        removePasskey(ctx, row);
      })();
      return ok(null, t('passkey.removed'));
    },
  });

  route({
    method: 'POST',
    url: '/Security/passkeySignInOptions',
    summary: 'Starts a passwordless sign-in: the options for the browser (navigator.credentials.get)',
    description: 'No account is named: the browser offers every passkey of this site. Answer within 5 minutes.',
    auth: 'none',
    rateLimit: true,
    answer: Type.Object({ options: PasskeyRequestOptions }),
    handler: async ({ request }) => {
      const { rpId } = relyingParty(ctx.config.webauthn, request);
      return ok({ options: await passkeyAssertionOptions(ctx, { userId: null, purpose: 'sign_in', rpId }) });
    },
  });

  route({
    method: 'POST',
    url: '/Security/passkeySignIn',
    summary:
      'Signs in with the passkey the browser answered to passkeySignInOptions: a session, as Login/login answers',
    description: 'The challenge can be answered once; a used or expired one is refused.',
    auth: 'none',
    rateLimit: true,
    fields: { passkey_response: passkeyResponse, ip: clientIp },
    answer: UserInfoToken,
    handler: async ({ fields, request, t }) => {
      const { rpId, origin } = relyingParty(ctx.config.webauthn, request);
      const result = await verifyPasskeyAssertion(ctx, {
        userId: null,
        responseJson: fields.passkey_response,
        expectedChallenge: responseChallenge(fields.passkey_response) ?? '',
        rpId,
        origin,
        purpose: 'sign_in',
      });
      if (!result.ok) reject(result.reason === 'unknown' ? 'passkey.unknown' : 'passkey.invalid');
      const user = ctx.users.findById(result.userId) ?? reject('passkey.unknown');
      return signedInAnswer(ctx, user, { ip: fields.ip, request, t });
    },
  });
};
