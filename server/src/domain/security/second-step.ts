import { reject } from '../rejection.ts';
import type { LoginTicket } from './login-tickets.ts';
import { verifyPasskeyAssertion, type PasskeyDeps } from './passkeys.ts';
import { refuseUnlessAccepted, type TotpFactors } from './totp.ts';

/**
 * What a second step sends: an authenticator code, a recovery code, or a passkey's signed answer to
 * the ticket's challenge (AuthenticationResponseJSON as a JSON string).
 */
export type SecondStepProof = { totp: string } | { recovery: string } | { passkey: string };

/** Which methods a user can finish a sign-in with, in the order the app offers them. */
export type SecondStepMethod = 'totp' | 'recovery' | 'passkey';

export function secondStepMethods(factors: { totp: boolean; passkeys: number }): SecondStepMethod[] {
  return [
    ...(factors.totp ? (['totp', 'recovery'] as const) : []),
    ...(factors.passkeys > 0 ? (['passkey'] as const) : []),
  ];
}

/**
 * Judges a code of the ticket's user and throws the refusal when it is not accepted. Synchronous from
 * read to write: a wrong code counts toward the factor's lock (domain/security/totp.ts), a right one
 * is spent, before any other request runs.
 */
export function checkCodeStep(
  totp: TotpFactors,
  ticket: LoginTicket,
  proof: { totp: string } | { recovery: string },
): void {
  refuseUnlessAccepted(
    'totp' in proof ? totp.verify(ticket.userId, proof.totp) : totp.verifyRecovery(ticket.userId, proof.recovery),
  );
}

/**
 * The passkey method of the sign-in second step: `responseJson` (the browser's
 * AuthenticationResponseJSON) must sign the ticket's own challenge, with a passkey of the ticket's
 * user (verifyPasskeyAssertion: the challenge was stored when the app asked for the options, and
 * works once). Throws the refusal when it does not verify.
 */
export async function checkPasskeyStep(
  deps: PasskeyDeps,
  ticket: LoginTicket,
  responseJson: string,
  party: { rpId: string; origin: string },
): Promise<void> {
  const result = await verifyPasskeyAssertion(deps, {
    userId: ticket.userId,
    responseJson,
    expectedChallenge: ticket.challenge,
    rpId: party.rpId,
    origin: party.origin,
    purpose: 'sign_in',
  });
  if (!result.ok) reject(result.reason === 'unknown' ? 'passkey.unknown' : 'passkey.invalid');
}
