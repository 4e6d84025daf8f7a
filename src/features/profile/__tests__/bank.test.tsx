import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../locales/en.json';
import { displayCardNumber } from '../../../lib/bank-card-display.ts';
import { site } from '../../../lib/site-settings.ts';
import { toasts } from '../../../lib/toast.ts';
import { validateBankCard } from '../api/bank-cards.ts';
import { BankPage } from '../components/BankPage.tsx';
import { ok, siteSettings, stubApi } from '../../../lib/testing/api-stub.ts';

const card = { id: 4, bank_name: 'Northwind Bank', card_number: '6222021234567890', card_name: 'Li Wei' };

afterEach(() => {
  vi.unstubAllGlobals();
  site.settings = null;
  toasts.items = [];
});

describe('bank form rules (docs/product-rules.md#bank-cards): bank name, cardholder, card number', () => {
  it("marks each missing field with its message, and the number's length rule", () => {
    expect(validateBankCard({ id: null, bankName: ' ', cardName: '', cardNumber: '' })).toEqual({
      bankName: 'profile.bank.bankNameError',
      cardName: 'profile.bank.usrNameError',
      cardNumber: 'profile.bank.cardNumberError',
    });
    expect(validateBankCard({ id: null, bankName: 'B', cardName: 'N', cardNumber: '12345678901' }).cardNumber).toBe(
      'profile.bank.cardNumberInvalid',
    );
    expect(validateBankCard({ id: null, bankName: 'B', cardName: 'N', cardNumber: '6222 0212 3456 7890' })).toEqual({
      bankName: undefined,
      cardName: undefined,
      cardNumber: undefined,
    });
  });

  it('masks to the last 4 digits while bank_swan_type is 1, else groups by 4', () => {
    expect(displayCardNumber('6222021234567890', { bank_swan_type: 1 })).toBe('**** 7890');
    expect(displayCardNumber('6222021234567890', { bank_swan_type: 0 })).toBe('6222 0212 3456 7890');
    expect(displayCardNumber('**** 7890', { bank_swan_type: 0 })).toBe('**** 7890');
  });
});

describe('bank screen', () => {
  it('masks every card number while bank_swan_type is 1, even when the server sent it in full', async () => {
    site.settings = siteSettings({ bank_swan_type: 1 });
    stubApi({ '/User/getUserBankList': ok([card]) });
    render(<BankPage />);
    expect((await screen.findByTestId('card-number')).textContent).toBe('**** 7890');
    expect(document.body.textContent).not.toContain('6222021234567890');
  });

  it('shows the number grouped while bank_swan_type is 0', async () => {
    site.settings = siteSettings({ bank_swan_type: 0 });
    stubApi({ '/User/getUserBankList': ok([card]) });
    render(<BankPage />);
    expect((await screen.findByTestId('card-number')).textContent).toBe('6222 0212 3456 7890');
  });

  it.each([
    ['no card, can_edit_bank 0: add shows (docs/product-rules.md#bank-cards)', [], 0, true, false],
    ['a card, can_edit_bank 1: add and edit show', [card], 1, true, true],
    ['a card, can_edit_bank 0: neither shows', [card], 0, false, false],
  ])('%s', async (_case, cards, canEdit, addShown, editShown) => {
    site.settings = siteSettings({ can_edit_bank: canEdit });
    stubApi({ '/User/getUserBankList': ok(cards) });
    render(<BankPage />);
    await waitFor(() =>
      expect(screen.queryByTestId('bank-add') !== null || screen.queryByText(en.profile.bank.locked) !== null).toBe(
        true,
      ),
    );
    expect(screen.queryByTestId('bank-add') !== null).toBe(addShown);
    expect(screen.queryByRole('button', { name: 'Edit Northwind Bank' }) !== null).toBe(editShown);
  });

  it('adds a card: the form checks in spec order, sends, and shows the list again', async () => {
    site.settings = siteSettings();
    const saved = { ...card, card_number: '**** 7890' };
    const calls = stubApi({
      '/User/getUserBankList': (n: number) => ok(n === 1 ? [] : [saved]),
      '/User/setBank': ok(saved, 'Bank card added'),
    });
    render(<BankPage />);
    fireEvent.click(await screen.findByTestId('bank-add'));
    const form = screen.getByTestId('bank-form');
    fireEvent.click(within(form).getByRole('button', { name: en.profile.bank.save }));
    expect(
      within(form)
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual([en.profile.bank.bankNameError, en.profile.bank.usrNameError, en.profile.bank.cardNumberError]);
    fireEvent.change(within(form).getByLabelText(en.profile.bank.bankName), { target: { value: 'Northwind Bank' } });
    fireEvent.change(within(form).getByLabelText(en.profile.bank.cardName), { target: { value: 'Li Wei' } });
    fireEvent.change(within(form).getByLabelText(en.profile.bank.cardNumber), {
      target: { value: '6222 0212 3456 7890' },
    });
    fireEvent.click(within(form).getByRole('button', { name: en.profile.bank.save }));
    expect((await screen.findByTestId('card-number')).textContent).toBe('**** 7890');
    const sent = calls.find((c) => c.path === '/User/setBank')!.fields;
    expect(Object.fromEntries(sent)).toEqual({
      bank_name: 'Northwind Bank',
      card_name: 'Li Wei',
      card_number: '6222 0212 3456 7890',
    });
    expect(toasts.items.map((t) => t.message)).toEqual(['Bank card added']);
  });

  it('editing a masked card starts with the number empty, names its last 4 digits, and sends the id', async () => {
    site.settings = siteSettings();
    const masked = { ...card, card_number: '**** 7890' };
    const calls = stubApi({ '/User/getUserBankList': ok([masked]), '/User/setBank': ok(masked, 'Bank card updated') });
    render(<BankPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Northwind Bank' }));
    const form = screen.getByTestId('bank-form');
    expect((within(form).getByLabelText(en.profile.bank.bankName) as HTMLInputElement).value).toBe('Northwind Bank');
    expect((within(form).getByLabelText(en.profile.bank.cardNumber) as HTMLInputElement).value).toBe('');
    expect(form.textContent).toContain('it ends in 7890');
    fireEvent.change(within(form).getByLabelText(en.profile.bank.cardNumber), {
      target: { value: '6222021234561111' },
    });
    fireEvent.click(within(form).getByRole('button', { name: en.profile.bank.save }));
    await waitFor(() => expect(calls.some((c) => c.path === '/User/setBank')).toBe(true));
    expect(calls.find((c) => c.path === '/User/setBank')!.fields.get('id')).toBe('4');
  });
});
