import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as MemberPanelModule from '../../features/account/components/MemberPanel.tsx';
import { session } from '../../lib/session.ts';
import { HomePage } from '../pages/HomePage.tsx';

vi.mock('../../lib/engine-client.ts', async () => {
  const { NEVER } = await import('rxjs');
  return { engineStream: () => NEVER };
});
vi.mock('../../features/home/api/get-banners.ts', () => ({
  arrivedBanners: () => [],
  takeBanners: () => new Promise(() => undefined),
}));
// The page is idle from its first render: what waits for idle is mounted at once.
vi.mock('../../lib/use-when-idle.ts', () => ({ useWhenIdle: () => true, whenIdle: () => () => undefined }));

// The real member panel, counted: each call is one render of it.
const panel = vi.hoisted(() => ({ renders: vi.fn() }));
vi.mock('../../features/account/components/MemberPanel.tsx', async (importOriginal) => {
  const real = await importOriginal<typeof MemberPanelModule>();
  panel.renders.mockImplementation(real.MemberPanel);
  return { ...real, MemberPanel: panel.renders };
});

describe('home page', () => {
  afterEach(() => {
    session.token = null;
  });

  it('mounts the member panel once idle for a signed-in user, and not at all for a signed-out one', async () => {
    session.token = 'tok';
    const signedIn = render(<HomePage />);
    await vi.waitFor(() => expect(panel.renders).toHaveBeenCalled(), { timeout: 10_000 });
    signedIn.unmount();

    // Its code is loaded now, so a mounted panel would render in the very first pass.
    panel.renders.mockClear();
    session.token = null;
    render(<HomePage />);
    await act(async () => undefined);
    expect(panel.renders).not.toHaveBeenCalled();
  });
});
