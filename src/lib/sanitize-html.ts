import DOMPurify from 'dompurify';

/**
 * Cleans server-supplied HTML (notices, content entries) before it is rendered: scripts, event
 * handlers, javascript: URLs, iframes, forms and styles that can overlay the page are removed.
 * Links keep working but open in a new tab without access to this window.
 */
export function sanitizeHtml(dirty: string): string {
  return DOMPurify.sanitize(dirty, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
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
