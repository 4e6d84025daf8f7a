import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { api, type ApiResult } from '../../../lib/api-client.ts';
import { browserStep, passkeyCeremony } from '../../../lib/passkey-ceremony.ts';
import type { SecondStepProof } from '../../../lib/use-approval.ts';

/** A passkey of the signed-in user (POST /api/Security/passkeyList); times are the server's UTC record times. */
export interface Passkey {
  id: number;
  name: string;
  created_at: string;
  /** null: never used to sign in or approve. */
  last_used_at: string | null;
}

/** The longest name the server takes (docs/account-protection.md#passkeys). */
export const PASSKEY_NAME_MAX = 40;

/** The i18n key of what is wrong with a passkey name as typed, or null. Blank is fine when adding (the device names it). */
export function passkeyNameProblem(name: string, required: boolean): string | null {
  const trimmed = name.trim();
  if (!trimmed) return required ? 'security.passkeys.nameRequired' : null;
  return [...trimmed].length > PASSKEY_NAME_MAX ? 'security.passkeys.nameTooLong' : null;
}

export async function getPasskeys(): Promise<ApiResult<Passkey[]>> {
  const result = await api.post<{ list: Passkey[] }>('/Security/passkeyList', undefined, { quiet: true });
  return result.ok ? { ...result, data: result.data.list } : result;
}

/**
 * Adds a passkey: the server's options, the browser's ceremony (the device asks for the user's
 * fingerprint, face or screen lock), then the server checks and stores it under `name` (blank: named
 * after the device).
 */
export function addPasskey(name: string): Promise<ApiResult<{ passkey: Passkey }>> {
  return passkeyCeremony(async ({ startRegistration }) => {
    const options = await api.post<{ options: PublicKeyCredentialCreationOptionsJSON }>(
      '/Security/passkeyRegisterOptions',
      undefined,
      { lock: 'passkeyRegisterOptions' },
    );
    if (!options.ok) return options;
    const response = await browserStep(startRegistration({ optionsJSON: options.data.options }));
    return api.post<{ passkey: Passkey }>(
      '/Security/passkeyRegister',
      { passkey_response: JSON.stringify(response), name: name.trim() },
      { successToast: true, lock: 'passkeyRegister' },
    );
  });
}

export function renamePasskey(id: number, name: string): Promise<ApiResult<{ passkey: Passkey }>> {
  return api.post('/Security/passkeyRename', { id, name: name.trim() }, { successToast: true, lock: 'passkeyRename' });
}

/** What the approval of removing passkey `id` is bound to (operation `factor_remove`), as the server builds it. */
export const passkeyRemovalFields = (id: number) => ({ target: `passkey:${id}` });

/** POST /api/Security/passkeyRemove, with the second step of its removal when the account has a factor. */
export function removePasskey(id: number, proof: SecondStepProof = {}): Promise<ApiResult<null>> {
  return api.post('/Security/passkeyRemove', { id, ...proof }, { successToast: true, lock: 'passkeyRemove' });
}
