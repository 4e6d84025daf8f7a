import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NEVER } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { site } from '../../../lib/site-settings.ts';
import { ok, refused, siteSettings, stubApi, type ApiCall } from '../../../lib/testing/api-stub.ts';
import type { ExchangeCoin, ExchangeQuote } from '../api/exchange.ts';
import { FlashExchangePage } from '../components/FlashExchangePage.tsx';

const engine = vi.hoisted(() => ({ engineStream: vi.fn() }));
vi.mock('../../../lib/engine-client.ts', () => engine);

const coin = (id: number, title: string, balance: string): ExchangeCoin => ({
  id,
  title,
  logo: '',
  decimals: 8,
  balance,
});
/** Before: 0.5 BTC and 2 ETH held, so a fresh form starts on BTC → USDT. */
const before = [coin(1, 'USDT', '100'), coin(2, 'BTC', '0.5'), coin(3, 'ETH', '2')];
/** After all the BTC went: a fresh form would now start on ETH → USDT. */
const after = [coin(1, 'USDT', '32600'), coin(2, 'BTC', '0'), coin(3, 'ETH', '2')];

const quote = (id: string): ExchangeQuote => ({
  quote_id: id,
  from_coin: 'BTC',
  to_coin: 'USDT',
  paid: '0.5',
  rate: '65312.12000000',
  fee_percent: '0.2',
  fee: '65.31212346',
  received: '32590.74960493',
  valid_until: 0,
  valid_ms: 10_000,
});

let calls: ApiCall[];
const serve = (
  exchange: unknown = ok(
    { paid: '0.50000000', received: '32590.74960493' },
    'Exchanged 0.5 BTC for 32590.74960493 USDT',
  ),
) => {
  calls = stubApi({
    '/Balance/getCanExchangeCoin': (n: number) => ok({ fee_percent: '0.2', list: n === 1 ? before : after }),
    '/Balance/exchangeQuote': (n: number) => ok(quote(`q${n}`)),
    '/Balance/exchangeCoin': exchange,
  });
};

beforeEach(() => {
  // The quote's countdown and the wall clock it reads are moved by hand; everything else runs.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  engine.engineStream.mockReset();
  engine.engineStream.mockReturnValue(NEVER);
  site.settings = siteSettings();
  serve();
});

afterEach(() => {
  // jsdom runs animation frames on the (faked) setInterval: let the frames the sheet asked for run
  // before the real timers are back, or jsdom waits for that interval for ever.
  act(() => vi.advanceTimersByTime(100));
  vi.useRealTimers();
  vi.unstubAllGlobals();
  site.settings = null;
});

const amount = () => screen.getByLabelText('Amount') as HTMLInputElement;
const ready = () => waitFor(() => expect(screen.getByTestId('exchange-from').textContent).toContain('BTC'));
const fill = (text: string) => {
  fireEvent.change(amount(), { target: { value: text } });
  fireEvent.change(screen.getByLabelText('Transaction password'), { target: { value: 'trade123' } });
};
const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Exchange' })));
const sheet = () => screen.findByRole('dialog', { name: 'Confirm the exchange' });
const quoteCalls = () => calls.filter((call) => call.path === '/Balance/exchangeQuote');

describe('the flash exchange screen', () => {
  it('asks for a quote and shows it with its countdown; confirming sends the quote with the password', async () => {
    render(<FlashExchangePage />);
    await ready();
    fill('0.5');
    await submit();
    expect(Object.fromEntries(quoteCalls()[0]!.fields)).toEqual({
      type: '1',
      from_coin_id: '2',
      to_coin_id: '1',
      amount: '0.5',
    });
    const shown = await sheet();
    const row = (id: string) => within(shown).getByTestId(id).textContent;
    expect([row('quote-paid'), row('quote-rate'), row('quote-fee'), row('quote-received')]).toEqual([
      '0.50000000 BTC',
      '1 BTC = 65312.12 USDT',
      '65.31212346 USDT',
      '32590.74960493 USDT',
    ]);
    expect(row('quote-countdown')).toBe('This price holds for 10 s');
    act(() => vi.advanceTimersByTime(3000));
    expect(row('quote-countdown')).toBe('This price holds for 7 s');
    expect(calls.some((call) => call.path === '/Balance/exchangeCoin')).toBe(false);
    await act(async () => fireEvent.click(within(shown).getByRole('button', { name: 'Confirm exchange' })));
    const sent = calls.find((call) => call.path === '/Balance/exchangeCoin')!;
    expect(Object.fromEntries(sent.fields)).toEqual({
      type: '1',
      from_coin_id: '2',
      to_coin_id: '1',
      amount: '0.5',
      paypassword: 'trade123',
      quote_id: 'q1',
    });
  });

  it('a lapsed quote cannot be confirmed and offers a fresh one', async () => {
    render(<FlashExchangePage />);
    await ready();
    fill('0.5');
    await submit();
    const shown = await sheet();
    const confirm = () => within(shown).getByRole('button', { name: 'Confirm exchange' }) as HTMLButtonElement;
    act(() => vi.advanceTimersByTime(9000));
    expect(confirm().disabled).toBe(false);
    act(() => vi.advanceTimersByTime(1000));
    expect(confirm().disabled).toBe(true);
    expect(within(shown).getByTestId('quote-expired').textContent).toContain('This price has expired.');
    await act(async () => fireEvent.click(within(shown).getByRole('button', { name: 'Get a new price' })));
    await waitFor(() => expect(confirm().disabled).toBe(false));
    expect(quoteCalls()).toHaveLength(2);
    expect(within(shown).getByTestId('quote-countdown').textContent).toBe('This price holds for 10 s');
    await act(async () => fireEvent.click(confirm()));
    expect(calls.find((call) => call.path === '/Balance/exchangeCoin')!.fields.get('quote_id')).toBe('q2');
  });

  it('keeps the coins the user exchanged, though a fresh form would now start on others', async () => {
    render(<FlashExchangePage />);
    await ready();
    fill('0.5');
    await submit();
    await act(async () => fireEvent.click(within(await sheet()).getByRole('button', { name: 'Confirm exchange' })));
    await waitFor(() => expect(screen.getByTestId('exchange-available').textContent).toBe('0.00000000 BTC'));
    expect(screen.getByTestId('exchange-from').textContent).toContain('BTC');
    expect(screen.getByTestId('exchange-to').textContent).toContain('USDT');
    expect(amount().value).toBe('');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the sheet when the server refuses the exchange', async () => {
    serve(refused('The quote has expired, please get a new one'));
    render(<FlashExchangePage />);
    await ready();
    fill('0.5');
    await submit();
    await act(async () => fireEvent.click(within(await sheet()).getByRole('button', { name: 'Confirm exchange' })));
    expect(screen.getByRole('dialog', { name: 'Confirm the exchange' })).toBeTruthy();
    expect(amount().value).toBe('0.5');
  });

  describe('the amount as typed or pasted', () => {
    it.each([
      ['0.25', '0.25'],
      ['0,25', '0.25'],
      [' 0 .25 ', '0.25'],
    ])('%j is kept as %s and quoted', async (typed, kept) => {
      render(<FlashExchangePage />);
      await ready();
      fill(typed);
      expect(amount().value).toBe(kept);
      await submit();
      expect(quoteCalls()[0]!.fields.get('amount')).toBe(kept);
    });

    it.each([
      ['1,000.5', '1000.5', 'More than you have available (0.5 BTC)'],
      ['1,2,3', '1,2,3', 'Enter digits with at most one decimal point, e.g. 1234.5'],
    ])('%j is kept as %s, named, and never quoted', async (typed, kept, message) => {
      render(<FlashExchangePage />);
      await ready();
      fill(typed);
      expect(amount().value).toBe(kept);
      expect(screen.getByText(message)).toBeTruthy();
      await submit();
      expect(quoteCalls()).toHaveLength(0);
    });
  });
});
