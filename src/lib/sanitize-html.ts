import DOMPurify from 'dompurify';

/**
 * Cleans server-supplied HTML (notices, content entries) before it is rendered: scripts, event
 * handlers, javascript: URLs, iframes, forms and styles that can overlay the page are removed.
 * Links keep working but open in a new tab without access to this window.
 */
export function sanitizeHtml(dirty: string): string {
  return DOMPurify.sanitize(withoutInlineHandlers(dirty), {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}

/**
 * An `on…` attribute inside a tag: its name after whitespace or `/` (`<svg/onload=…>`), with a
 * quoted, unquoted or no value. Quoted values before it are skipped whole, so `alt="x on=y"` is
 * left alone.
 */
const INLINE_HANDLER =
  /(<[a-z][^\s/>]*(?:[^>"']|"[^"]*"|'[^']*')*?)[\s/]+on[a-z-]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]*))?(?=[\s/>])/gi;

/**
 * Drops inline event handler attributes before the HTML is parsed. DOMPurify removes them too, but
 * only after parsing, and Chromium (156 and later) reports a Content-Security-Policy violation
 * (script-src-attr) for every handler it merely parses, even in a detached document where nothing
 * runs: each notice carrying one would file a false report and hide real ones.
 */
export function withoutInlineHandlers(html: string): string {
  let previous: string;
  let current = html;
  do {
    previous = current;
    current = current.replace(INLINE_HANDLER, '$1');
  } while (current !== previous);
  return current;
}

let hooked = false;
/** Makes every sanitized link open safely in a new tab; installed once. */
function installLinkHook(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}
installLinkHook();
