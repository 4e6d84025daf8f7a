import { navigate } from 'wouter/use-browser-location';

/** Goes back in history when there is an entry to go back to, else to `fallback` (a deep link opened fresh). */
export function goBack(fallback = '/'): void {
  if (window.history.length > 1) window.history.back();
  else navigate(fallback, { replace: true });
}

/** A full page load of `path`: the spec reloads the page after login, logout and password change. */
export function reloadTo(path: string): void {
  window.location.replace(path);
}
