/**
 * Copy and paste for the screens that show codes, links and addresses. The asynchronous Clipboard
 * API exists only in a secure context (https or localhost); on a plain-http address the copy falls
 * back to a selected, off-screen textarea and `execCommand('copy')`, and paste is unavailable.
 */

/** Puts `text` on the clipboard; resolves false when the browser refused. */
export async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Denied (no user gesture, no permission): the selection fallback may still work.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  // Off-screen through the CSSOM (not a style attribute, which the page's policy refuses).
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** True when the page may read the clipboard (secure context with the Clipboard API). */
export function canPaste(): boolean {
  return typeof navigator.clipboard?.readText === 'function';
}

/** The clipboard's text, or null when the browser refused or it holds none. */
export async function pasteText(): Promise<string | null> {
  if (!canPaste()) return null;
  try {
    return await navigator.clipboard.readText();
  } catch {
    return null;
  }
}
