import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecondStepFieldProps } from '../components/ui/SecondStepField.tsx';
import { api, type ApiResult } from './api-client.ts';
import { isOneTimeCode, oneTimeCodeDigits } from './one-time-code.ts';
import { useSiteSettings } from './site-settings.ts';
import type { Submit } from './use-submit.ts';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { browserStep, passkeyCeremony } from './passkey-ceremony.ts';

/** The operations a second step approves (docs/account-protection.md "Approvals bound to one operation"). */
export type ApprovalOperation =
  | 'withdraw'
  | 'internal_transfer'
  | 'withdraw_address'
  | 'bank_card'
  | 'login_password'
  | 'pay_password'
  | 'allowlist_off'
  | 'factor_remove';

/** The fields of the call, as it will send them (passwords never among them); null and undefined are left out. */
export type ApprovalFields = Record<string, string | number | null | undefined>;

/** What a protected call adds to its fields: the approval and one proof. */
export interface SecondStepProof {
  approval_id?: number;
  otp_code?: string;
  passkey_response?: string;
}

interface ApprovalStart {
  approval_id: number;
  challenge: string;
  /** With passkeys: the browser's options, signing this approval's challenge. */
  passkey_options?: PublicKeyCredentialRequestOptionsJSON;
  expires_at: number;
  methods: ('totp' | 'passkey')[];
}

/** The second factors on, as getUserInfo answers them. */
interface Factors {
  totp: number;
  passkeys: number;
}

const present = (fields: ApprovalFields): Record<string, string | number> =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && value !== undefined)) as Record<
    string,
    string | number
  >;

/** The operations that are refused to an account without a factor while two_factor_required is 1. */
const MONEY: readonly ApprovalOperation[] = ['withdraw', 'internal_transfer'];

export interface ApprovalOptions<T> {
  /** The screen's one useSubmit: the call goes through its `run`. */
  submit: Submit;
  /** The posting key of the call. */
  key: string;
  operation: ApprovalOperation;
  /** Exactly the fields the sheet shows and the call sends; null while the sheet is closed. */
  fields: ApprovalFields | null;
  /** Sends the call with the proof added to its fields. */
  call(proof: SecondStepProof): Promise<ApiResult<T>>;
  onDone(data: T): void;
  /** The call was refused and no second step is shown: the screen mends it in its form. */
  onRefused?(): void;
}

export interface Approval {
  /** Whether the account has a second factor: its calls go through the second step. */
  asks: boolean;
  /** The props of SecondStepField, or null when no second step is asked. */
  field: SecondStepFieldProps | null;
  /** Whether confirming may start: the factors are known and, with a second step, the approval is ready. */
  ready: boolean;
  /** Sends the call (with the typed code when a second step is shown). */
  confirm(): Promise<void>;
}

/**
 * The second step of one operation: once the account's factors are known and `fields` is set (the
 * confirm sheet opened), asks the server for an approval of exactly those fields; confirming sends
 * the call with the approval and the code (or the passkey's answer). A refused call keeps the sheet
 * open with the refusal beneath the code, and a new approval is asked, since a used or expired one
 * cannot be sent again. Without a factor the call goes as it always did.
 */
export function useApproval<T>(options: ApprovalOptions<T>): Approval {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  const [factors, setFactors] = useState<Factors | null>(null);
  const [started, setStarted] = useState<ApprovalStart | null>(null);
  const [state, setState] = useState<SecondStepFieldProps['state']>('starting');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [showInvalid, setShowInvalid] = useState(false);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    let live = true;
    void api
      .post<{ factors?: Factors }>('/User/getUserInfo', undefined, { quiet: true })
      .then((result) => {
        // Unknown factors send the call as before: the server still asks the second step if it needs one.
        if (live) setFactors(result.ok && result.data.factors ? result.data.factors : { totp: 0, passkeys: 0 });
      })
      .catch(() => live && setFactors({ totp: 0, passkeys: 0 }));
    return () => {
      live = false;
    };
  }, []);

  const hasFactor = factors !== null && (factors.totp === 1 || factors.passkeys > 0);
  const fieldsKey = options.fields ? JSON.stringify(present(options.fields)) : null;
  const start = useCallback(async () => {
    const { operation, fields } = latest.current;
    if (!fields) return;
    setState('starting');
    setStarted(null);
    try {
      const result = await api.post<ApprovalStart>(
        '/Security/approvalStart',
        { operation, ...present(fields) },
        { quiet: true },
      );
      if (result.ok) {
        setStarted(result.data);
        setState('ready');
      } else {
        setError(result.msg || null);
        setState('failed');
      }
    } catch {
      setError(null);
      setState('failed');
    }
  }, []);

  useEffect(() => {
    setCode('');
    setError(null);
    setShowInvalid(false);
    if (fieldsKey !== null && hasFactor) void start();
  }, [fieldsKey, hasFactor, start]);

  const factorNeeded =
    factors !== null && !hasFactor && MONEY.includes(options.operation) && settings?.two_factor_required === 1;

  const send = async (proof: SecondStepProof) => {
    const { submit, key, call, onDone, onRefused } = latest.current;
    const result = await submit.run(key, () => call(proof), onDone);
    if (!result || result.ok) return;
    if (!hasFactor) {
      onRefused?.();
      return;
    }
    setCode('');
    await start();
    setError(result.msg || null);
  };

  const confirm = async () => {
    if (!hasFactor) return send({});
    if (!started) return;
    if (!isOneTimeCode(code)) {
      setShowInvalid(true);
      return;
    }
    return send({ approval_id: started.approval_id, otp_code: oneTimeCodeDigits(code) });
  };

  const withPasskey = async () => {
    if (!started?.passkey_options) return;
    const options = started.passkey_options;
    setPasskeyBusy(true);
    setError(null);
    try {
      // The server's options sign this approval's own challenge with one of the account's passkeys.
      const result = await passkeyCeremony(async ({ startAuthentication }) => {
        const response = await browserStep(startAuthentication({ optionsJSON: options }));
        await send({ approval_id: started.approval_id, passkey_response: JSON.stringify(response) });
        return { ok: true as const, msg: '', data: null };
      });
      // The browser refused or the user closed its prompt (the ceremony said why in a toast).
      if (!result.ok) setError(t('security.approval.passkeyCancelled'));
    } finally {
      setPasskeyBusy(false);
    }
  };

  const field: SecondStepFieldProps | null = factorNeeded
    ? { methods: [], state: 'ready', code: '', onCodeChange: () => {}, factorNeeded: true }
    : hasFactor
      ? {
          methods: started?.methods ?? (factors?.totp === 1 ? ['totp'] : ['passkey']),
          state,
          code,
          onCodeChange: (value) => {
            setCode(value);
            setError(null);
            setShowInvalid(false);
          },
          error,
          showInvalid,
          onPasskey: () => void withPasskey(),
          passkeyBusy,
          onRetry: () => void start(),
        }
      : null;

  return {
    asks: hasFactor,
    field,
    ready: factors !== null && !factorNeeded && (!hasFactor || state === 'ready'),
    confirm,
  };
}
