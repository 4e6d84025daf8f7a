/**
 * Copies text to the clipboard: the Clipboard API where the page may use it (a secure context),
 * else a selected off-screen text area and the copy command (a plain-HTTP deployment). Resolves
 * whether it worked, so the caller can say "copied" or not.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, page not focused): try the fallback.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  // Set through the CSSOM (not a style attribute, which the Content-Security-Policy refuses).
  area.style.position = 'fixed';
  area.style.top = '-1000px';
  area.style.opacity = '0';
  document.body.append(area);
  try {
    area.select();
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
