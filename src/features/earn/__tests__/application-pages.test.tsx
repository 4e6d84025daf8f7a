import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../locales/en.json';
import { site } from '../../../lib/site-settings.ts';
import { toasts } from '../../../lib/toast.ts';
import { refused, siteSettings, stubApi } from '../../../lib/testing/api-stub.ts';
import { LoanApplicationPage } from '../components/LoanApplicationPage.tsx';
import { MiningApplicationPage } from '../components/MiningApplicationPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  site.settings = null;
  toasts.items = [];
  window.history.replaceState(null, '', '/');
});

const pages: [string, ComponentType, string, string, string, 'loan_switch' | 'machine_switch'][] = [
  ['loan', LoanApplicationPage, '/loans-application', '/Loan/getLoanProjects', '/loans', 'loan_switch'],
  [
    'lock mining',
    MiningApplicationPage,
    '/lockming-application',
    '/Machine/getMiningMachineList',
    '/lockming',
    'machine_switch',
  ],
];

describe.each(pages)(
  'the %s application page with no product to show',
  (_name, Page, path, call, listPath, serviceSwitch) => {
    it('says so and links to the products, with no retry (the server refused the id; asking again cannot help)', async () => {
      window.history.replaceState(null, '', `${path}?id=77`);
      const calls = stubApi({ [call]: refused('This product does not exist') });
      render(<Page />);
      const gone = await screen.findByTestId('product-gone');
      expect(gone.textContent).toContain(en.earn.productGone);
      expect(screen.getByRole('link', { name: en.earn.allProducts }).getAttribute('href')).toBe(listPath);
      expect(screen.queryByRole('button', { name: en.common.retry })).toBeNull();
      // The page says it in place: no toast on top of it.
      expect(toasts.items).toEqual([]);
      expect(calls.map((c) => [c.path, c.fields.get('id')])).toEqual([[call, '77']]);
    });

    it('still offers a retry when the request itself failed (no answer from the server)', async () => {
      window.history.replaceState(null, '', `${path}?id=77`);
      stubApi({});
      render(<Page />);
      expect(await screen.findByRole('button', { name: en.common.retry })).toBeTruthy();
      expect(screen.queryByTestId('product-gone')).toBeNull();
    });

    it('says the service is closed when its site switch is off, as the product list does', async () => {
      site.settings = siteSettings({ [serviceSwitch]: 0 });
      window.history.replaceState(null, '', `${path}?id=1`);
      stubApi({ [call]: refused('This service is closed') });
      render(<Page />);
      expect((await screen.findByTestId('closed-notice')).querySelector('p')!.textContent).toBe(en.earn.closed);
      expect(screen.queryByTestId('product-gone')).toBeNull();
    });
  },
);
