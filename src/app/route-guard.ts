/**
 * The route guard of docs/product-rules.md#routes-and-access: a route that is not open needs a token (else /login), and a signed-in
 * visitor opening login or register goes home. Pure, so it is tested without a browser.
 */

export interface GuardedRoute {
  path: string;
  auth: boolean;
}

const GUEST_ONLY = new Set(['/login', '/register']);

/** Where to send the visitor instead, or null to show the route. */
export function guardRedirect(route: GuardedRoute, signedIn: boolean): string | null {
  if (route.auth && !signedIn) return '/login';
  if (signedIn && GUEST_ONLY.has(route.path)) return '/';
  return null;
}
