import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { site } from '../../../lib/site-settings.ts';
import { ok, siteSettings, stubApi } from '../../../lib/testing/api-stub.ts';
import { toasts } from '../../../lib/toast.ts';
import { LoanApplicationPage } from '../components/LoanApplicationPage.tsx';

vi.mock('wouter/use-browser-location', () => ({ navigate: vi.fn() }));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  site.settings = null;
  toasts.items = [];
  window.history.replaceState(null, '', '/');
});

const project = {
  id: 5,
  title: 'Quick cash loan',
  mechanism: 'Bank',
  coin: 'USDT',
  minprice: '100',
  maxprice: '5000',
  interest_rate: '0.1',
  cycle: 7,
};

describe('the loan application amount', () => {
  it("keeps 600.5 and 600,5 as typed and refuses them with the stepper's message; pasted spaces and separators are read", async () => {
    site.settings = siteSettings();
    const calls = stubApi({ '/Loan/getLoanProjects': ok({ list: [project] }) });
    window.history.replaceState(null, '', '/loans-application?id=5');
    render(<LoanApplicationPage />);
    const amount = (await screen.findByTestId('loan-amount')) as HTMLInputElement;
    for (const typed of ['600.5', '600,5']) {
      fireEvent.change(amount, { target: { value: typed } });
      expect(amount.value).toBe('600.5');
      expect(screen.getByRole('alert').textContent).toBe('Whole numbers only: remove the decimal part');
      fireEvent.click(screen.getByTestId('loan-apply'));
      expect(toasts.items.at(-1)?.message).toBe('Whole numbers only: remove the decimal part');
    }
    fireEvent.change(amount, { target: { value: ' 1\u202f200 ' } });
    expect(amount.value).toBe('1200');
    fireEvent.change(amount, { target: { value: '1,200,000' } });
    expect(amount.value).toBe('1200000');
    fireEvent.click(screen.getByTestId('loan-apply'));
    expect(toasts.items.at(-1)?.message).toBe('The loan amount must be between 100 and 5000');
    expect(calls.map((call) => call.path)).toEqual(['/Loan/getLoanProjects']);
  });

  it('keeps Apply off while offline and says why', async () => {
    site.settings = siteSettings();
    stubApi({ '/Loan/getLoanProjects': ok({ list: [project] }) });
    window.history.replaceState(null, '', '/loans-application?id=5');
    render(<LoanApplicationPage />);
    await screen.findByTestId('loan-amount');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    // The screen hears the event once its subscription is in place: wait for the state it shows.
    await waitFor(() => expect((screen.getByTestId('loan-apply') as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByTestId('send-offline')).toBeTruthy();
  });
});
