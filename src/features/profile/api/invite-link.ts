/**
 * The link a friend opens to register with the user's code (docs/product-rules.md#invite): the site's `invit_url`
 * with the `invite` parameter set to the code. A relative `invit_url` (the default `/register`) is
 * taken from this page's origin, an empty one means this app's /register; a hash route
 * (`https://site/#/register`) gets the parameter inside its hash, where that router reads it.
 */
export function inviteLink(invitUrl: string | undefined, code: string, origin: string): string {
  const url = new URL(invitUrl?.trim() || '/register', origin);
  if (url.hash.startsWith('#/')) {
    const [path, query = ''] = url.hash.slice(1).split('?');
    const params = new URLSearchParams(query);
    params.set('invite', code);
    url.hash = `${path}?${params.toString()}`;
  } else {
    url.searchParams.set('invite', code);
  }
  return url.toString();
}
