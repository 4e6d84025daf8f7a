import { api, type ApiResult } from '../../../lib/api-client.ts';
import { oneTimeCodeDigits } from '../../../lib/one-time-code.ts';

/** POST /api/Security/totp*: authenticator codes (docs/account-protection.md "Authenticator codes"). */
export interface TotpStatus {
  state: 'off' | 'pending' | 'on';
  recovery_codes_left: number;
}

export interface TotpSetup {
  /** Base32, for typing into an app by hand. */
  secret: string;
  /** The otpauth:// URI the QR code carries. */
  uri: string;
}

/** The second proof of turning off: a code from the app, or one of the recovery codes. */
export type TotpProof = { code: string } | { recovery: string };

export const getTotpStatus = (): Promise<ApiResult<TotpStatus>> => api.post<TotpStatus>('/Security/totpStatus');

export const setupTotp = (): Promise<ApiResult<TotpSetup>> =>
  api.post<TotpSetup>('/Security/totpSetup', {}, { lock: 'totp' });

export const enableTotp = (code: string): Promise<ApiResult<{ recovery_codes: string[] }>> =>
  api.post<{ recovery_codes: string[] }>(
    '/Security/totpEnable',
    { otp_code: oneTimeCodeDigits(code) },
    { successToast: true, lock: 'totp' },
  );

export const disableTotp = (password: string, proof: TotpProof): Promise<ApiResult<null>> =>
  api.post<null>(
    '/Security/totpDisable',
    {
      password,
      ...('code' in proof ? { otp_code: oneTimeCodeDigits(proof.code) } : { recovery_code: proof.recovery.trim() }),
    },
    { successToast: true, lock: 'totp' },
  );
