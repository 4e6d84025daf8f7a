import { useAlertBridge } from '../hooks/use-alert-bridge.ts';

/** The shell's side of price alerts as a component, so the shell can load it after the first paint (app.tsx). */
export function AlertBridge(): null {
  useAlertBridge();
  return null;
}
