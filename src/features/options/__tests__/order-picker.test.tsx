import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderPicker, type OrderPickerProps } from '../components/OrderPicker.tsx';
import { closePicker, openPicker, optionsStore, setSelection } from '../stores/options-store.ts';
import ar from '../../../../locales/ar.json';
import fa from '../../../../locales/fa.json';
import tr from '../../../../locales/tr.json';
import { formatsFor } from '../../../lib/format.ts';
import { quantityChoices } from '../api/option-rules.ts';
import type * as OptionRules from '../api/option-rules.ts';
import { session } from '../../../lib/session.ts';

// The real rules, counted: quantityChoices runs once in every full render of the picker's form.
vi.mock('../api/option-rules.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof OptionRules>();
  return { ...actual, quantityChoices: vi.fn(actual.quantityChoices) };
});

beforeEach(openPicker);
afterEach(() => {
  closePicker();
  setSelection({ quantity: '', duration: null });
});

/** Switches the app's language as the language sheet does: the session (formats) and i18next (strings). */
async function switchLanguage(lang: string, strings?: object): Promise<void> {
  if (strings) i18next.addResourceBundle(lang, 'translation', strings);
  await act(async () => {
    session.lang = lang;
    await i18next.changeLanguage(lang);
  });
}

const props = (overrides: Partial<OrderPickerProps> = {}): OrderPickerProps => ({
  durations: [
    { time: 30, ykbl: '80', min: '10' },
    { time: 60, ykbl: '85', min: '20' },
  ],
  multipliers: ['1', '3', '5', '10'],
  priceType: 2,
  balance: '150.5',
  coin: 'USDT',
  onDone: vi.fn(),
  onClose: vi.fn(),
  ...overrides,
});

describe('options quantity and duration picker', () => {
  it('renders its form for an opening, and not at all for the Confirm that closes it', async () => {
    const onDone = vi.fn((selection: { quantity: string; duration: number | null }) => {
      setSelection(selection);
      closePicker();
    });
    render(<OrderPicker {...props({ onDone })} />);
    fireEvent.click(screen.getByTestId('duration-60'));
    fireEvent.click(screen.getByRole('button', { name: '60.00' }));
    const formRenders = vi.mocked(quantityChoices).mock.calls.length;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm' })));
    expect(onDone).toHaveBeenCalledWith({ quantity: '60.00', duration: 60 });
    expect(optionsStore.pickerOpen).toBe(false);
    // Closing and the new selection render none of the form (fails before: it rendered again).
    expect(vi.mocked(quantityChoices).mock.calls.length).toBe(formRenders);
    // The next opening renders it, from the confirmed selection.
    await act(async () => openPicker());
    expect(vi.mocked(quantityChoices).mock.calls.length).toBeGreaterThan(formRenders);
    expect(screen.getByTestId('duration-60').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: '60.00' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('offers multiplier × the chosen duration minimum when hy_price_type is 2', () => {
    render(<OrderPicker {...props()} />);
    for (const value of ['10.00', '30.00', '50.00', '100.00'])
      expect(screen.getByRole('button', { name: value })).toBeTruthy();
    fireEvent.click(screen.getByTestId('duration-60'));
    for (const value of ['20.00', '60.00', '100.00', '200.00'])
      expect(screen.getByRole('button', { name: value })).toBeTruthy();
  });

  it('starts each opening from the current selection, dropping what the last one left unconfirmed', async () => {
    setSelection({ quantity: '30.00', duration: 60 });
    render(<OrderPicker {...props()} />);
    fireEvent.change(screen.getByLabelText('Quantity (USDT)'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('duration-30'));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert')).toBeTruthy();
    // The store notifies in a microtask: an async act lets the render land.
    await act(async () => closePicker());
    // Closed, it stays rendered for the next opening, but out of reach.
    expect(screen.getByTestId('option-picker').closest('[inert]')).not.toBeNull();
    await act(async () => openPicker());
    expect(screen.getByTestId('option-picker').closest('[inert]')).toBeNull();
    expect((screen.getByLabelText('Quantity (USDT)') as HTMLInputElement).value).toBe('30.00');
    expect(screen.getByTestId('duration-60').getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes when it leaves the page open, so the next visit starts without the sheet', () => {
    const { unmount } = render(<OrderPicker {...props()} />);
    expect(optionsStore.pickerOpen).toBe(true);
    unmount();
    expect(optionsStore.pickerOpen).toBe(false);
  });

  it('offers the plain multipliers otherwise', () => {
    render(<OrderPicker {...props({ priceType: 1 })} />);
    for (const value of ['1', '3', '5', '10']) expect(screen.getByRole('button', { name: value })).toBeTruthy();
  });

  it('fills the balance with All and hands back the choice', () => {
    const onDone = vi.fn();
    render(<OrderPicker {...props({ onDone })} />);
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect((screen.getByLabelText('Quantity (USDT)') as HTMLInputElement).value).toBe('150.50000000');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onDone).toHaveBeenCalledWith({ quantity: '150.50000000', duration: 30 });
  });

  it('with a fee, All fills the largest stake that stake + fee fits, in the decimals the server accepts', () => {
    const onDone = vi.fn();
    const { unmount } = render(<OrderPicker {...props({ balance: '1000', feeRate: '0.01', onDone })} />);
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect((screen.getByLabelText('Quantity (USDT)') as HTMLInputElement).value).toBe('990.09900991');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onDone).toHaveBeenCalledWith({ quantity: '990.09900991', duration: 30 });
    unmount();
    render(<OrderPicker {...props({ balance: '1000', feeRate: '0.01', decimals: 2 })} />);
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect((screen.getByLabelText('Quantity (USDT)') as HTMLInputElement).value).toBe('990.09');
  });

  it('with a fee, refuses a stake the balance covers but not together with its fee', () => {
    const onDone = vi.fn();
    render(<OrderPicker {...props({ balance: '100', feeRate: '0.01', onDone })} />);
    fireEvent.change(screen.getByLabelText('Quantity (USDT)'), { target: { value: '100' } });
    // Flagged as typed, with the largest stake the balance covers together with its fee.
    expect(screen.getByRole('alert').textContent).toBe('More than you have available (99.00990099 USDT)');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onDone).not.toHaveBeenCalled();
  });

  it('names the decimals the server accepts', () => {
    render(<OrderPicker {...props({ decimals: 2 })} />);
    fireEvent.change(screen.getByLabelText('Quantity (USDT)'), { target: { value: '10.001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert').textContent).toBe('Too many decimal places in the quantity (at most 2)');
  });

  it('refuses a stake under the minimum or over the balance with the message', () => {
    const onDone = vi.fn();
    render(<OrderPicker {...props({ onDone })} />);
    const field = screen.getByLabelText('Quantity (USDT)');
    fireEvent.change(field, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert').textContent).toBe('The minimum for this duration is 10');
    fireEvent.change(field, { target: { value: '200' } });
    expect(screen.getByRole('alert').textContent).toBe('More than you have available (150.50000000 USDT)');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onDone).not.toHaveBeenCalled();
  });

  it.each([
    ['20.5', '20.5'],
    ['20,5', '20.5'],
    [' 1 20 ', '120'],
    ['1,20.5', '1,20.5'],
  ])('keeps a stake typed or pasted as %j as %j, never another value', (typed, kept) => {
    const onDone = vi.fn();
    render(<OrderPicker {...props({ balance: '5000', onDone })} />);
    fireEvent.change(screen.getByLabelText('Quantity (USDT)'), { target: { value: typed } });
    expect((screen.getByLabelText('Quantity (USDT)') as HTMLInputElement).value).toBe(kept);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    if (kept.includes(',')) {
      expect(screen.getByRole('alert').textContent).toBe('Enter digits with at most one decimal point, e.g. 1234.5');
      expect(onDone).not.toHaveBeenCalled();
    } else {
      expect(onDone).toHaveBeenCalledWith({ quantity: kept, duration: 30 });
    }
  });

  it('pasted thousands separators are read as the stake they write, and flagged above the balance', () => {
    render(<OrderPicker {...props({ balance: '1000' })} />);
    fireEvent.change(screen.getByLabelText('Quantity (USDT)'), { target: { value: '1,234.5' } });
    expect((screen.getByLabelText('Quantity (USDT)') as HTMLInputElement).value).toBe('1234.5');
    expect(screen.getByRole('alert').textContent).toBe('More than you have available (1000.00000000 USDT)');
  });

  it('translates the duration labels once, not on each opening or tap, and again when the language changes', async () => {
    closePicker();
    render(<OrderPicker {...props()} />);
    const translate = vi.spyOn(i18next, 't');
    const durationLookups = () =>
      translate.mock.calls.filter(([key]) => key === 'options.picker.seconds' || key === 'options.picker.rate').length;
    try {
      await act(async () => openPicker());
      fireEvent.click(screen.getByTestId('duration-60'));
      fireEvent.click(screen.getByRole('button', { name: '20.00' }));
      expect(durationLookups()).toBe(0);
      expect(screen.getByTestId('duration-60').textContent).toBe('60 sProfit \u206685%\u2069');
      await switchLanguage('ar', ar);
      expect(screen.getByTestId('duration-60').textContent).toBe(
        `60 ثالربح \u2066${formatsFor('ar').rate('85')}\u2069`,
      );
    } finally {
      translate.mockRestore();
      await switchLanguage('en');
    }
  });

  it('shows the profit rate as 80% in every language, kept whole (left to right) inside right-to-left text', async () => {
    render(<OrderPicker {...props()} />);
    const rateOf = () => screen.getByTestId('duration-30').querySelector('span')?.textContent;
    try {
      for (const [lang, strings, label] of [
        ['ar', ar, 'الربح'],
        ['fa', fa, 'سود'],
        ['tr', tr, 'Kâr'],
      ] as const) {
        await switchLanguage(lang, strings);
        // Number and sign in one isolate: "الربح 80%" would otherwise show as "الربح %80".
        expect(rateOf()).toBe(`${label} \u2066${formatsFor(lang).rate('80')}\u2069`);
      }
      // Turkish writes %80 on its own; numbers read one way in every language (docs/numbers-and-dates.md).
      expect(formatsFor('tr').rate('80')).toBe('80%');
    } finally {
      await switchLanguage('en');
    }
  });

  it('reads the balance amount first, then its coin, as one left-to-right unit in Arabic', async () => {
    render(<OrderPicker {...props()} />);
    try {
      await switchLanguage('ar', ar);
      const line = screen.getByTestId('picker-balance');
      expect(line.textContent?.startsWith(ar.options.picker.balance)).toBe(true);
      // Left bare in a right-to-left line, the coin was drawn before its number ("USDT 150.50000000").
      const amount = line.querySelector('bdi[dir="ltr"]');
      expect(amount?.textContent).toBe('150.50000000 USDT');
    } finally {
      await switchLanguage('en');
    }
  });
});
