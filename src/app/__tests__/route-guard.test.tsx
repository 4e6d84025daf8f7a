import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { session } from '../../lib/session.ts';
import { site, type SiteSettings } from '../../lib/site-settings.ts';
import { guardRedirect } from '../route-guard.ts';
import { AppRoutes, findRoute, pageTitle, preloadRoutePage, routePath, routes } from '../routes.tsx';

describe('guardRedirect', () => {
  it('sends a visitor without a token from a protected route to /login', () => {
    expect(guardRedirect({ path: '/security', auth: true }, false)).toBe('/login');
  });

  it('lets a visitor without a token see open routes', () => {
    for (const path of ['/', '/login', '/register', '/market'])
      expect(guardRedirect({ path, auth: false }, false)).toBeNull();
  });

  it('sends a signed-in visitor from login and register home', () => {
    expect(guardRedirect({ path: '/login', auth: false }, true)).toBe('/');
    expect(guardRedirect({ path: '/register', auth: false }, true)).toBe('/');
  });

  it('lets a signed-in visitor see protected and other open routes', () => {
    expect(guardRedirect({ path: '/notify', auth: true }, true)).toBeNull();
    expect(guardRedirect({ path: '/market', auth: false }, true)).toBeNull();
  });
});

describe('route table', () => {
  // '/alerts' is ours: price alerts work logged out, like the market screens.
  const open = ['/', '/register', '/login', '/market', '/alerts'];
  const protectedPaths = [
    '/real_authentication',
    '/bindMentionAddress',
    '/security',
    '/security/authenticator',
    '/security/allowlist',
    '/security/passkeys',
    '/security/sessions',
    '/security/sign-ins',
    '/security/anti-phishing',
    '/modifyPwd',
    '/resetLegalPwd',
    '/exchange',
    '/assets',
    '/trade-account',
    '/changemoney',
    '/recharge',
    '/withdrawal',
    '/exchangeb',
    '/options',
    '/invite',
    '/trade-lst',
    '/notify',
    '/loans',
    '/loans-application',
    '/lockming',
    '/lockming-application',
    '/transfer',
    '/transfer-list',
    '/staking',
    '/staking-list',
    '/introduction',
    '/bank',
  ];

  it('fetches a page chunk once, whether it is preloaded at start-up or asked for by React first', async () => {
    const page = findRoute('/notify')?.page;
    const first = page?.preload();
    expect(page?.preload()).toBe(first);
    await expect(first).resolves.toMatchObject({ default: expect.any(Function) });
    await expect(preloadRoutePage('/no-such-screen')).resolves.toBeUndefined();
  });

  it('holds every route of docs/product-rules.md#routes-and-access once, with its auth flag', () => {
    expect(routes.map((r) => r.path).sort()).toEqual([...open, ...protectedPaths].sort());
    for (const path of open) expect(findRoute(path)?.auth).toBe(false);
    for (const path of protectedPaths) expect(findRoute(path)?.auth).toBe(true);
  });

  it('resolves the route names of docs/product-rules.md#routes-and-access', () => {
    expect(routePath('login')).toBe('/login');
    expect(routePath('market')).toBe('/market');
    expect(routePath('exchange')).toBe('/exchange');
    expect(routePath('trade-lst')).toBe('/trade-lst');
    expect(routePath('notify')).toBe('/notify');
    expect(routePath('recharge')).toBe('/recharge');
    expect(routePath('withdrawal')).toBe('/withdrawal');
  });

  it('puts the site name before the route title', () => {
    expect(pageTitle('Acme', 'Log in')).toBe('Acme - Log in');
    expect(pageTitle(undefined, 'Log in')).toBe('Log in');
  });
});

describe('AppRoutes with the guard', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              code: 1,
              msg: '',
              data: {
                username: 'amy',
                id: 1,
                vip: 0,
                credit_score: 100,
                rzstatus: 0,
                have_pay: 0,
                has_unread: 0,
                invit: 'X',
              },
            }),
          ),
      ),
    );
    site.settings = { name: 'Acme' } as SiteSettings;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    session.token = null;
    site.settings = null;
  });

  function renderAt(path: string) {
    const memory = memoryLocation({ path, record: true });
    render(
      <Router hook={memory.hook}>
        <AppRoutes />
      </Router>,
    );
    return memory;
  }

  it('redirects to /login without a token and shows the login screen', async () => {
    session.token = null;
    const memory = renderAt('/security');
    await waitFor(() => expect(memory.history.at(-1)).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Acme - Log in'));
  });

  it('redirects a signed-in visitor from /login to home', async () => {
    session.token = 'token-1';
    const login = renderAt('/login');
    await waitFor(() => expect(login.history.at(-1)).toBe('/'));
  });

  it('redirects a signed-in visitor from /register to home', async () => {
    session.token = 'token-1';
    const register = renderAt('/register');
    await waitFor(() => expect(register.history.at(-1)).toBe('/'));
  });

  it('shows a protected screen with a token', async () => {
    session.token = 'token-1';
    const memory = renderAt('/security');
    expect(await screen.findByRole('heading', { name: 'Security center' })).toBeTruthy();
    expect(memory.history).toEqual(['/security']);
    await waitFor(() => expect(document.title).toBe('Acme - Security center'));
  });

  it('shows the not-found page for an unknown address', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });
});
