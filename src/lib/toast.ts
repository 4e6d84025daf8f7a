import { proxy } from 'valtio';

/** Toasts shown at the top centre for 2 s (docs/product-rules.md#look-and-feel). */
export const TOAST_DURATION_MS = 2000;

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export const toasts = proxy<{ items: Toast[] }>({ items: [] });

let nextId = 1;
const FLASH_KEY = 'flash_toast';

export function showToast(message: string, kind: ToastKind = 'info'): void {
  if (!message) return;
  const id = nextId++;
  // A repeated identical message replaces the visible one instead of stacking copies.
  toasts.items = [...toasts.items.filter((t) => t.message !== message), { id, kind, message }].slice(-3);
  setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
}

export function dismissToast(id: number): void {
  toasts.items = toasts.items.filter((t) => t.id !== id);
}

/** Keeps a toast for the next page load: used right before a deliberate reload (login, logout). */
export function showToastAfterReload(message: string, kind: ToastKind = 'info'): void {
  if (!message) return;
  try {
    window.sessionStorage.setItem(FLASH_KEY, JSON.stringify({ message, kind }));
  } catch {
    // Without session storage the message is simply not carried over.
  }
}

/** Shows the toast left by showToastAfterReload, once. */
export function showPendingFlashToast(): void {
  try {
    const raw = window.sessionStorage.getItem(FLASH_KEY);
    if (!raw) return;
    window.sessionStorage.removeItem(FLASH_KEY);
    const { message, kind } = JSON.parse(raw) as { message?: unknown; kind?: unknown };
    if (typeof message === 'string') {
      showToast(message, kind === 'success' || kind === 'error' ? kind : 'info');
    }
  } catch {
    // Corrupt flash entry: drop it.
  }
}
