import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { reject } from '../rejection.ts';
import type { SiteConfig } from '../site-config.ts';
import { hasSecondFactor, userFactors } from './factors.ts';
import { refuseUnlessAccepted, type TotpFactors } from './totp.ts';

/**
 * Approvals: a second step bound to one exact operation (docs/account-protection.md "Approvals bound
 * to one operation"). The app asks for one with the fields the confirm sheet shows; the code or
 * passkey then approves those fields and nothing else, once, within five minutes.
 */

/** The operations a second step approves. */
export const APPROVAL_OPERATIONS = [
  'withdraw',
  'internal_transfer',
  'withdraw_address',
  'bank_card',
  'login_password',
  'pay_password',
  'allowlist_off',
  'factor_remove',
] as const;
export type ApprovalOperation = (typeof APPROVAL_OPERATIONS)[number];

/** The operations that move money: with `two_factor_required` on they are refused to a user without a factor. */
const MONEY_OPERATIONS: ReadonlySet<ApprovalOperation> = new Set(['withdraw', 'internal_transfer']);

/** How long an approval may be used after it was asked for. */
export const APPROVAL_TTL_MS = 5 * 60_000;

/**
 * The exact values an operation will carry, already read the way the operation reads them (an amount
 * as the coin's integer units, so `1.50` and `1.5` are one value; an address as typed). A field that
 * is absent (undefined) is left out. Passwords are never fields: they are not kept, not even hashed.
 */
export type ApprovalFields = Readonly<Record<string, string | number | bigint | undefined>>;

/** The second step the user sent: one of an authenticator code, a recovery code, a passkey assertion (JSON). */
export interface SecondStepProof {
  otpCode?: string;
  recoveryCode?: string;
  passkeyResponse?: string;
}

/**
 * Checks a passkey assertion of `userId` against `expectedChallenge`. The protected calls give it
 * per request (routes/api/security/second-step.ts: verifyPasskeyAssertion with the request's
 * relying party); without one, passkeys are refused as not available.
 */
export type VerifyPasskey = (userId: number, responseJson: string, expectedChallenge: string) => Promise<boolean>;

/** The VerifyPasskey of a server without passkeys: every assertion is refused as not available. */
export const passkeysUnavailable: VerifyPasskey = () => reject('approval.passkeysUnavailable');

export interface ApprovalDeps {
  db: Db;
  now: () => number;
  totp: TotpFactors;
  verifyPasskey: VerifyPasskey;
  site: () => SiteConfig;
}

/** What approvalStart answers. */
export interface ApprovalStart {
  approval_id: number;
  /** base64url of sha256(nonce ‖ digest): the challenge a passkey assertion signs. */
  challenge: string;
  /** Milliseconds since the epoch on the server's clock. */
  expires_at: number;
  methods: ('totp' | 'passkey')[];
}

/**
 * What a checked approval leaves to do: `markUsed` inside the transaction that carries out the
 * operation. It refuses (and so rolls that transaction back) when another request used the approval
 * first; when the operation is refused, the transaction's rollback leaves the approval unused.
 */
export interface ApprovalPass {
  markUsed(): void;
}

/** The pass of an operation that needs no second step: nothing to mark. */
export const NO_APPROVAL_NEEDED: ApprovalPass = { markUsed: () => {} };

/** sha256 (hex) of the operation and its fields, in one order whatever order they came in. */
export function approvalDigest(operation: ApprovalOperation, fields: ApprovalFields): string {
  const entries = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => [key, String(value)])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0));
  return createHash('sha256')
    .update(JSON.stringify([operation, entries]))
    .digest('hex');
}

/** The second-step methods the user has: an authenticator that is on, passkeys. */
function methodsOf(db: Db, userId: number): ApprovalStart['methods'] {
  const factors = userFactors(db, userId);
  return [...(factors.totp ? (['totp'] as const) : []), ...(factors.passkeys > 0 ? (['passkey'] as const) : [])];
}

/**
 * Asks for an approval of `operation` with exactly `fields`. Refused to a user without a second factor
 * (there is nothing to approve with). Approvals expired for a day are cleared on the way.
 */
export function startApproval(
  deps: Pick<ApprovalDeps, 'db' | 'now'>,
  request: { userId: number; operation: ApprovalOperation; fields: ApprovalFields },
): ApprovalStart {
  const { db, now } = deps;
  const methods = methodsOf(db, request.userId);
  if (methods.length === 0) reject('approval.factorNeeded');
  const digest = approvalDigest(request.operation, request.fields);
  const challenge = createHash('sha256').update(randomBytes(32)).update(digest).digest('base64url');
  const at = now();
  const expiresAt = at + APPROVAL_TTL_MS;
  const id = db.transaction(() => {
    db.prepare('DELETE FROM approvals WHERE user_id = ? AND expires_at < ?').run(request.userId, at - 86_400_000);
    return db
      .prepare(
        `INSERT INTO approvals (user_id, operation, digest, challenge, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(request.userId, request.operation, digest, challenge, at, expiresAt).lastInsertRowid;
  })();
  return { approval_id: Number(id), challenge, expires_at: expiresAt, methods };
}

interface ApprovalRow {
  id: number;
  user_id: number;
  operation: string;
  digest: string;
  challenge: string;
  expires_at: number;
  used_at: number | null;
}

/**
 * Checks an approval and its proof for `operation` with exactly `fields`; answers the pass whose
 * `markUsed` the operation calls in its own transaction. Refused, in this order: an approval that is
 * not the user's (another user's reads as unknown, so ids reveal nothing), used, expired, of another
 * operation, of other fields; then no proof, or a proof that fails. The proof is checked only after
 * the approval matches, so a code is never spent on the wrong operation. A wrong authenticator or
 * recovery code counts toward the factor's lock (totp.ts).
 */
export async function consumeApproval(
  deps: ApprovalDeps,
  request: {
    userId: number;
    operation: ApprovalOperation;
    fields: ApprovalFields;
    approvalId: number;
    proof: SecondStepProof;
  },
): Promise<ApprovalPass> {
  const { db, now, totp } = deps;
  const row = db
    .prepare('SELECT id, user_id, operation, digest, challenge, expires_at, used_at FROM approvals WHERE id = ?')
    .get(request.approvalId) as ApprovalRow | undefined;
  if (!row || row.user_id !== request.userId) reject('approval.unknown');
  if (row.used_at !== null) reject('approval.used');
  if (row.expires_at <= now()) reject('approval.expired');
  if (row.operation !== request.operation) reject('approval.otherOperation');
  if (row.digest !== approvalDigest(request.operation, request.fields)) reject('approval.otherFields');

  const { otpCode, recoveryCode, passkeyResponse } = request.proof;
  if (otpCode) refuseUnlessAccepted(totp.verify(request.userId, otpCode));
  else if (recoveryCode) refuseUnlessAccepted(totp.verifyRecovery(request.userId, recoveryCode));
  else if (passkeyResponse) {
    if (!(await deps.verifyPasskey(request.userId, passkeyResponse, row.challenge))) reject('approval.passkeyRefused');
  } else reject('approval.proofRequired');

  return {
    markUsed() {
      const at = now();
      const marked = db
        .prepare('UPDATE approvals SET used_at = ? WHERE id = ? AND used_at IS NULL AND expires_at > ?')
        .run(at, row.id, at).changes;
      if (marked !== 1) reject(row.expires_at <= at ? 'approval.expired' : 'approval.used');
    },
  };
}

/**
 * The second step of an operation, as every protected call asks it (docs/account-protection.md "When
 * the second step is asked"): a user with a factor must send an approval of exactly this operation and
 * fields with its proof; a user without one goes on as before, except that with `two_factor_required`
 * on, money does not leave an account that has no second factor.
 */
export async function requireSecondStep(
  deps: ApprovalDeps,
  request: {
    userId: number;
    operation: ApprovalOperation;
    fields: ApprovalFields;
    approvalId: number | undefined;
    proof: SecondStepProof;
  },
): Promise<ApprovalPass> {
  if (!hasSecondFactor(userFactors(deps.db, request.userId))) {
    if (deps.site().two_factor_required === 1 && MONEY_OPERATIONS.has(request.operation))
      reject('approval.factorNeeded');
    return NO_APPROVAL_NEEDED;
  }
  if (request.approvalId === undefined) reject('approval.required');
  return consumeApproval(deps, { ...request, approvalId: request.approvalId });
}
