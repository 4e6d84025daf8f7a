import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { api, type ApiResult } from '../../../lib/api-client.ts';
import { browserStep, passkeyCeremony } from '../../../lib/passkey-ceremony.ts';
import type { LoginOutput } from './login-user.ts';

/**
 * Signs in with a passkey and no password (docs/account-protection.md#passkeys): the server's options
 * name no account, the browser offers the passkeys it holds for this site, and the server answers a
 * session exactly as POST /api/Login/login does.
 */
export function signInWithPasskey(ip: string): Promise<ApiResult<LoginOutput>> {
  return passkeyCeremony(async ({ startAuthentication }) => {
    const options = await api.post<{ options: PublicKeyCredentialRequestOptionsJSON }>(
      '/Security/passkeySignInOptions',
      undefined,
      { lock: 'passkeySignInOptions' },
    );
    if (!options.ok) return options;
    const response = await browserStep(startAuthentication({ optionsJSON: options.data.options }));
    return api.post<LoginOutput>(
      '/Security/passkeySignIn',
      { passkey_response: JSON.stringify(response), ip },
      { successToast: true, lock: 'login' },
    );
  });
}

/**
 * The passkey method of a login's second step: the server's options sign the ticket's own challenge
 * with one of the account's passkeys, and /Login/secondStep spends the ticket.
 */
export function finishSecondStepWithPasskey(ticket: string): Promise<ApiResult<LoginOutput>> {
  return passkeyCeremony(async ({ startAuthentication }) => {
    const options = await api.post<{ options: PublicKeyCredentialRequestOptionsJSON }>(
      '/Login/secondStepPasskeyOptions',
      { ticket },
      { lock: 'secondStepPasskeyOptions' },
    );
    if (!options.ok) return options;
    const response = await browserStep(startAuthentication({ optionsJSON: options.data.options }));
    return api.post<LoginOutput>(
      '/Login/secondStep',
      { ticket, passkey_response: JSON.stringify(response) },
      { successToast: true, lock: 'login' },
    );
  });
}
