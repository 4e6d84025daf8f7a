import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { UAParser } from 'ua-parser-js';
import type { WebAuthnConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { PasskeyRepository, type ChallengePurpose, type PasskeyRow } from '../../db/repositories/passkey-repository.ts';
import type { SecurityEvents } from './events.ts';

/**
 * Passkeys (WebAuthn) of docs/account-protection.md#passkeys: adding one, signing in with one and no
 * password, and checking one as the second step of an operation. Every ceremony starts with a
 * challenge the server hands out; it can be answered once, within CHALLENGE_TTL_MS on the server's
 * clock, and only for what it was handed out for.
 */

/** How long a challenge can be answered. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** The longest passkey name, in characters. */
export const PASSKEY_NAME_MAX = 40;

/** What checking a passkey works with: the database and the server's clock (an ApiContext has both). */
export interface PasskeyDeps {
  db: Db;
  now: () => number;
}

/** What adding or removing a passkey works with: also the security events it records (an ApiContext has them). */
export interface PasskeyChangeDeps extends PasskeyDeps {
  securityEvents: SecurityEvents;
}

/** Who the passkeys belong to, as the browser and the authenticator check it. */
export interface RelyingParty {
  /** A host name: a passkey works on this host and its subdomains only. */
  rpId: string;
  /** The origin the app runs on (`https://app.example.com`), which the browser signs into every answer. */
  origin: string;
  /** The name the authenticator shows beside the passkey. */
  rpName: string;
}

/** What of a request the relying party is derived from when the settings leave it empty. */
export interface RequestPlace {
  protocol: string;
  /** The Host header, port included. */
  host: string;
  headers: { origin?: string | string[] | undefined };
}

/**
 * The relying party of a request: WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN when set; otherwise the host
 * the request was sent to and its origin. The browser's Origin header is taken only when it names
 * that same host, so a request cannot choose an origin of another site.
 */
export function relyingParty(config: WebAuthnConfig, request: RequestPlace): RelyingParty {
  const own = new URL(`${request.protocol}://${request.host}`);
  const sent = Array.isArray(request.headers.origin) ? request.headers.origin[0] : request.headers.origin;
  let origin = own.origin;
  if (sent) {
    try {
      const url = new URL(sent);
      if (url.host === own.host) origin = url.origin;
    } catch {
      // An unreadable Origin header: the request's own origin stands.
    }
  }
  return {
    rpId: config.rpId || own.hostname,
    origin: config.origin || origin,
    rpName: config.rpName,
  };
}

/** The WebAuthn user handle of an account: its id as text. It names no person (a handle must not). */
const userHandle = (userId: number) => Uint8Array.from(Buffer.from(String(userId), 'utf8'));

const transportsOf = (row: PasskeyRow): string[] => JSON.parse(row.transports) as string[];

function storeChallenge(deps: PasskeyDeps, challenge: string, purpose: ChallengePurpose, userId: number | null): void {
  const at = deps.now();
  new PasskeyRepository(deps.db).addChallenge(challenge, purpose, userId, at, at + CHALLENGE_TTL_MS);
}

/**
 * The options of adding a passkey to `user`'s account: a passkey the device keeps (discoverable, so
 * it can sign in without a user name), unlocked by the user (fingerprint, face, screen lock), and
 * never a second one on a device that holds one of this account already.
 */
export async function passkeyRegistrationOptions(
  deps: PasskeyDeps,
  user: { id: number; username: string },
  rp: RelyingParty,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = new PasskeyRepository(deps.db).list(user.id);
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpId,
    userName: user.username,
    userID: userHandle(user.id),
    userDisplayName: user.username,
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  storeChallenge(deps, options.challenge, 'register', user.id);
  return options;
}

/** The options of a ceremony that checks a passkey: a sign-in (no user yet: any passkey of this site) or an approval. */
export async function passkeyAssertionOptions(
  deps: PasskeyDeps,
  request: {
    userId: number | null;
    purpose: 'sign_in' | 'approval';
    rpId: string;
    /**
     * The challenge to sign (base64url), when it must stand for something: a login ticket's, or an
     * approval's (derived from the exact operation it approves). Random when absent.
     */
    challenge?: string;
  },
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const keys = request.userId === null ? [] : new PasskeyRepository(deps.db).list(request.userId);
  const options = await generateAuthenticationOptions({
    rpID: request.rpId,
    ...(request.challenge ? { challenge: Buffer.from(request.challenge, 'base64url') } : {}),
    allowCredentials: keys.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
  });
  storeChallenge(deps, options.challenge, request.purpose, request.userId);
  return options;
}

/** The challenge a browser's answer (registration or assertion, as JSON text) was made for; null when unreadable. */
export function responseChallenge(responseJson: string): string | null {
  try {
    const response = JSON.parse(responseJson) as { response?: { clientDataJSON?: unknown } };
    const clientData = response.response?.clientDataJSON;
    if (typeof clientData !== 'string') return null;
    const challenge = (JSON.parse(Buffer.from(clientData, 'base64url').toString('utf8')) as { challenge?: unknown })
      .challenge;
    return typeof challenge === 'string' ? challenge : null;
  } catch {
    return null;
  }
}

function parseJson<T>(text: string): T | null {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as T) : null;
  } catch {
    return null;
  }
}

/** A name for a passkey the user did not name: the browser and system it was added on ("Chrome on Android"). */
export function deviceName(userAgent: string | undefined): string | null {
  const { browser, os } = new UAParser(userAgent ?? '').getResult();
  const name = [browser.name, os.name].filter(Boolean).join(' · ');
  return name ? name.slice(0, PASSKEY_NAME_MAX) : null;
}

export type RegisterPasskeyResult = { ok: true; passkey: PasskeyRow } | { ok: false; reason: 'invalid' | 'duplicate' };

/**
 * Adds the passkey a browser created for `userId` in answer to a challenge of
 * passkeyRegistrationOptions, and records `factor_added` in the same transaction. The challenge is
 * used up whatever the outcome.
 */
export async function registerPasskey(
  deps: PasskeyChangeDeps,
  request: { userId: number; responseJson: string; name: string; rp: RelyingParty },
): Promise<RegisterPasskeyResult> {
  const passkeys = new PasskeyRepository(deps.db);
  const challenge = responseChallenge(request.responseJson);
  const taken = challenge === null ? null : passkeys.takeChallenge(challenge, deps.now());
  if (!taken || taken.purpose !== 'register' || taken.user_id !== request.userId)
    return { ok: false, reason: 'invalid' };
  const response = parseJson<RegistrationResponseJSON>(request.responseJson);
  if (!response) return { ok: false, reason: 'invalid' };
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: taken.challenge,
      expectedOrigin: request.rp.origin,
      expectedRPID: request.rp.rpId,
      requireUserVerification: true,
    });
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (!verified.verified) return { ok: false, reason: 'invalid' };
  const { credential } = verified.registrationInfo;
  if (passkeys.byCredentialId(credential.id)) return { ok: false, reason: 'duplicate' };
  const added = deps.db.transaction(() => {
    const id = passkeys.add({
      userId: request.userId,
      credentialId: credential.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: request.name,
      createdAt: deps.now(),
    });
    deps.securityEvents.record({ userId: request.userId, kind: 'factor_added', detail: { factor: request.name } });
    return passkeys.ownedBy(request.userId, id)!;
  })();
  return { ok: true, passkey: added };
}

/**
 * What an approval of removing a passkey is bound to: operation `factor_remove` with target
 * `passkey:<id>`, the id passkeyList answers, so it removes that passkey and no other factor.
 */
export const passkeyRemovalFields = (passkeyId: number) => ({ target: `passkey:${passkeyId}` });

/**
 * Removes the user's passkey and records `factor_removed`, in one transaction. The caller has
 * checked the passkey is the user's and the second step of the removal.
 */
export function removePasskey(deps: PasskeyChangeDeps, passkey: PasskeyRow): void {
  deps.db.transaction(() => {
    new PasskeyRepository(deps.db).remove(passkey.id);
    deps.securityEvents.record({ userId: passkey.user_id, kind: 'factor_removed', detail: { factor: passkey.name } });
  })();
}

export type PasskeyAssertionResult =
  { ok: true; userId: number; credentialId: string } | { ok: false; reason: 'unknown' | 'invalid' };

/**
 * Checks a browser's passkey answer (AuthenticationResponseJSON as JSON text) to `expectedChallenge`,
 * which passkeyAssertionOptions handed out: used up here whatever the outcome, refused once used or
 * expired, and refused for a challenge of another user or (with `purpose`) of another purpose. With
 * `userId`, the passkey must be that user's ('unknown' otherwise); null: any registered passkey
 * (a sign-in), whose owner is answered. On success the passkey's counter and last use are updated.
 */
export async function verifyPasskeyAssertion(
  deps: PasskeyDeps,
  request: {
    userId: number | null;
    responseJson: string;
    expectedChallenge: string;
    rpId: string;
    origin: string;
    purpose?: 'sign_in' | 'approval';
  },
): Promise<PasskeyAssertionResult> {
  const passkeys = new PasskeyRepository(deps.db);
  const taken = passkeys.takeChallenge(request.expectedChallenge, deps.now());
  if (!taken || taken.purpose === 'register') return { ok: false, reason: 'invalid' };
  if (request.purpose && taken.purpose !== request.purpose) return { ok: false, reason: 'invalid' };
  if (taken.user_id !== null && taken.user_id !== request.userId) return { ok: false, reason: 'invalid' };
  const response = parseJson<AuthenticationResponseJSON>(request.responseJson);
  if (!response || typeof response.id !== 'string') return { ok: false, reason: 'invalid' };
  const passkey = passkeys.byCredentialId(response.id);
  if (!passkey || (request.userId !== null && passkey.user_id !== request.userId))
    return { ok: false, reason: 'unknown' };
  // A discoverable passkey names its account too: it must be the account the passkey was added to.
  const handle = response.response?.userHandle;
  if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== String(passkey.user_id))
    return { ok: false, reason: 'invalid' };
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: taken.challenge,
      expectedOrigin: request.origin,
      expectedRPID: request.rpId,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(passkey.public_key),
        counter: passkey.counter,
        transports: transportsOf(passkey),
      },
      requireUserVerification: true,
    });
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (!verified.verified) return { ok: false, reason: 'invalid' };
  passkeys.markUsed(passkey.id, verified.authenticationInfo.newCounter, deps.now());
  return { ok: true, userId: passkey.user_id, credentialId: passkey.credential_id };
}
