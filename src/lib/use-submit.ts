import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from './api-client.ts';
import { showToast } from './toast.ts';

/** A broken rule found before sending: the message key and its values; null when there is none. */
export type SubmitProblem = { key: string; vars?: Record<string, string> } | null;

export interface Submit {
  /** The key of the action in flight (a form, or `repay-7`), null when none: its button shows busy. */
  busy: string | null;
  /**
   * Runs one action of the screen: refuses with a toast when `problem` names a broken rule, does
   * nothing while another action is in flight (the posting flag), and calls `onDone` with the
   * answer's data when the server accepted it. The client has already toasted any failure.
   */
  run<T>(key: string, call: () => Promise<ApiResult<T>>, onDone?: (data: T) => void, problem?: SubmitProblem): Promise<void>;
}

/** The one submit helper of the screens that post an action: one action at a time, its button busy meanwhile. */
export function useSubmit(): Submit {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const inFlight = useRef(false);
  const run = useCallback(
    async <T,>(key: string, call: () => Promise<ApiResult<T>>, onDone?: (data: T) => void, problem?: SubmitProblem) => {
      if (problem) {
        showToast(t(problem.key, problem.vars), 'error');
        return;
      }
      if (inFlight.current) return;
      inFlight.current = true;
      setBusy(key);
      try {
        const result = await call();
        if (result.ok) onDone?.(result.data);
      } catch {
        // Announced by the api client.
      } finally {
        inFlight.current = false;
        setBusy(null);
      }
    },
    [t],
  );
  return { busy, run };
}
