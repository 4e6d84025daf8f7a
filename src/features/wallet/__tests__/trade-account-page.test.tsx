import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../lib/testing/api-stub.ts';
import { TradeAccountPage } from '../components/TradeAccountPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the trade-account screen', () => {
  it.each(['/trade-account', '/trade-account?id=&type=1', '/trade-account?id=abc&name=USDT'])(
    'opened without its coin (%s) goes to the assets screen, asking nothing',
    (url) => {
      window.history.replaceState(null, '', url);
      const calls = stubApi({});
      render(<TradeAccountPage />);
      expect(window.location.pathname).toBe('/assets');
      expect(calls).toEqual([]);
    },
  );
});
