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
   * Resolves to the server's answer (accepted or refused), or null when nothing was answered: a
   * broken rule, another action in flight, or no connection.
   */
  run<T>(
    key: string,
    call: () => Promise<ApiResult<T>>,
    onDone?: (data: T) => void,
    problem?: SubmitProblem,
  ): Promise<ApiResult<T> | null>;
}

/**
 * The one submit helper of the screens that post an action: one action at a time, its button busy
 * meanwhile. Screens keep no busy flag of their own. Beneath it the api client's `lock` of each
 * posting call stays as the last guard against a double send the screen cannot see (the same call
 * from a second mounted form); a screen never reads that lock.
 */
export function useSubmit(): Submit {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const inFlight = useRef(false);
  const run = useCallback(
    async <T>(
      key: string,
      call: () => Promise<ApiResult<T>>,
      onDone?: (data: T) => void,
      problem?: SubmitProblem,
    ): Promise<ApiResult<T> | null> => {
      if (problem) {
        showToast(t(problem.key, problem.vars), 'error');
        return null;
      }
      if (inFlight.current) return null;
      inFlight.current = true;
      setBusy(key);
      try {
        const result = await call();
        if (result.ok) onDone?.(result.data);
        return result;
      } catch {
        // Announced by the api client.
        return null;
      } finally {
        inFlight.current = false;
        setBusy(null);
      }
    },
    [t],
  );
  return { busy, run };
}
