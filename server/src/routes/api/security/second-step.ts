import type { UserRow } from '../../../db/repositories/user-repository.ts';
import {
  requireSecondStep,
  type ApprovalFields,
  type ApprovalOperation,
  type ApprovalPass,
  type VerifyPasskey,
} from '../../../domain/security/approvals.ts';
import { relyingParty, verifyPasskeyAssertion, type RequestPlace } from '../../../domain/security/passkeys.ts';
import { id, messages, optional, text } from '../../../http/contract/fields.ts';
import type { ApiContext } from '../context.ts';

/**
 * The fields a protected call takes for its second step (docs/account-protection.md "When the second
 * step is asked"): the approval asked with /Security/approvalStart and one proof. Ignored for a user
 * without a second factor.
 */
export const secondStepFields = {
  approval_id: optional(id(messages('approval.unknown'))),
  otp_code: optional(
    text(messages('approval.proofRequired'), {
      max: 16,
      example: '123456',
      description: 'The 6-digit code of the authenticator app (spaces ignored)',
    }),
  ),
  recovery_code: optional(
    text(messages('approval.proofRequired'), {
      max: 32,
      example: 'ABCDE-FGHJK',
      description: 'One of the recovery codes given when the authenticator was turned on; each works once',
    }),
  ),
  passkey_response: optional(
    text(messages('approval.passkeyRefused'), {
      max: 16_000,
      example: '{"id":"…","response":{…}}',
      description: "The passkey's assertion (AuthenticationResponseJSON) over the approval's challenge",
    }),
  ),
};

/** The second-step fields as a call received them. */
export interface SentSecondStep {
  approval_id?: number;
  otp_code?: string;
  recovery_code?: string;
  passkey_response?: string;
}

/** What the description of a protected call says about its second step. */
export const SECOND_STEP_NOTE =
  ' With a second factor on, approval_id (from Security/approvalStart with the same fields) and one of otp_code, ' +
  'recovery_code, passkey_response are required.';

/** What the description of a call that moves money adds. */
export const FACTOR_REQUIRED_NOTE = ' While two_factor_required is 1, an account without a second factor is refused.';

/**
 * The passkey check of an approval: the assertion must sign the approval's own challenge (stored for
 * this user when approvalStart answered its options) with one of the user's passkeys, for this
 * server's relying party (from WEBAUTHN_* or, unset, the request's host).
 */
function approvalPasskeyCheck(ctx: ApiContext, request: RequestPlace): VerifyPasskey {
  const { rpId, origin } = relyingParty(ctx.config.webauthn, request);
  return async (userId, responseJson, expectedChallenge) =>
    (await verifyPasskeyAssertion(ctx, { userId, responseJson, expectedChallenge, rpId, origin, purpose: 'approval' }))
      .ok;
}

/**
 * The second step of `operation` with exactly `fields` (approvals.ts requireSecondStep); call the
 * answer's `markUsed` in the transaction that carries the operation out.
 */
export function secondStep(
  ctx: ApiContext,
  user: UserRow,
  operation: ApprovalOperation,
  fields: ApprovalFields,
  sent: SentSecondStep,
  request: RequestPlace,
): Promise<ApprovalPass> {
  return requireSecondStep(
    { ...ctx.approvals, verifyPasskey: approvalPasskeyCheck(ctx, request) },
    {
      userId: user.id,
      operation,
      fields,
      approvalId: sent.approval_id,
      proof: { otpCode: sent.otp_code, recoveryCode: sent.recovery_code, passkeyResponse: sent.passkey_response },
    },
  );
}
