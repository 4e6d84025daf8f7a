import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatsFor } from '../../../lib/format.ts';
import { toasts } from '../../../lib/toast.ts';
import type { StakingProject } from '../api/get-staking-projects.ts';
import { StakingProjectCard } from '../components/StakingProjectCard.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';

const staking = vi.hoisted(() => ({ submitStaking: vi.fn() }));
vi.mock('../api/submit-staking.ts', () => staking);
vi.mock('wouter/use-browser-location', () => ({ navigate: vi.fn() }));

const project: StakingProject = {
  id: 4,
  title: 'USDT flexible staking',
  img: '',
  coin: { title: 'USDT' },
  type: 1,
  redeem_fee_rate: '1.5',
  balance: '1000',
  staking_info: [
    { id: 11, days: 30, interest_rate: '8', min_price: '100' },
    { id: 12, days: 90, interest_rate: '10', min_price: '500' },
  ],
};

function Card({ passwordRequired = true }: { passwordRequired?: boolean }) {
  const submit = useSubmit();
  return <StakingProjectCard project={project} passwordRequired={passwordRequired} submit={submit} />;
}

const messages = () => toasts.items.map((toast) => toast.message);
const amount = () => screen.getByLabelText('Amount (USDT)') as HTMLInputElement;

/** Opens the confirm step with Stake now, and confirms it. */
async function stakeAndConfirm() {
  fireEvent.click(screen.getByRole('button', { name: 'Stake now' }));
  const sheet = screen.getByTestId('staking-confirm');
  await act(async () => fireEvent.click(within(sheet).getByTestId('staking-confirm-confirm')));
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

beforeEach(() => {
  staking.submitStaking.mockReset();
  staking.submitStaking.mockResolvedValue({ ok: true, data: {}, msg: 'Staked successfully' });
  toasts.items = [];
});

describe('a staking project card (docs/product-rules.md#staking)', () => {
  it("shows the chosen period's rate and minimum, and its estimate as the amount changes", () => {
    render(<Card />);
    expect(screen.getByText('8%')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '90 days' }));
    expect(screen.getByText('10%')).toBeTruthy();
    expect(screen.getByText('500')).toBeTruthy();
    fireEvent.change(amount(), { target: { value: '730' } });
    // 730 × 10 % × 90 / 365 = 18.
    expect(screen.getByText('18')).toBeTruthy();
  });

  it('keeps a fraction as typed and says whole numbers only, refuses below the minimum, and asks for the password', async () => {
    render(<Card />);
    fireEvent.change(amount(), { target: { value: '9.5' } });
    expect(amount().value).toBe('9.5');
    expect(screen.getByRole('alert').textContent).toBe('Whole numbers only: remove the decimal part');
    fireEvent.change(amount(), { target: { value: '95' } });
    fireEvent.click(screen.getByRole('button', { name: 'Stake now' }));
    expect(messages()).toContain('The minimum staking amount is 100');
    fireEvent.change(amount(), { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Stake now' }));
    // The missing password is named beneath its field, as on every screen that asks for it.
    expect(screen.getByRole('alert').textContent).toBe('Please enter your transaction password');
    expect(screen.getByLabelText('Transaction password').getAttribute('aria-invalid')).toBe('true');
    expect(messages()).not.toContain('Please enter your transaction password');
    expect(staking.submitStaking).not.toHaveBeenCalled();
  });

  it("refuses to stake 150.5 or 150,5 with the field's message, and sends nothing", () => {
    render(<Card />);
    fireEvent.change(screen.getByLabelText('Transaction password'), { target: { value: 'pay12345' } });
    for (const typed of ['150.5', '150,5', ' 150 .5 ']) {
      fireEvent.change(amount(), { target: { value: typed } });
      expect(amount().value).toBe('150.5');
      expect(screen.getByRole('alert').textContent).toBe('Whole numbers only: remove the decimal part');
      fireEvent.click(screen.getByRole('button', { name: 'Stake now' }));
      expect(messages().at(-1)).toBe('Whole numbers only: remove the decimal part');
    }
    expect(screen.queryByTestId('staking-confirm')).toBeNull();
    expect(staking.submitStaking).not.toHaveBeenCalled();
  });

  it('reads pasted spaces and thousands separators, and flags an amount above the balance as it is typed', () => {
    render(<Card />);
    fireEvent.change(screen.getByLabelText('Transaction password'), { target: { value: 'pay12345' } });
    fireEvent.change(amount(), { target: { value: '\u00a0800 ' } });
    expect(amount().value).toBe('800');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(amount(), { target: { value: '1,000,000' } });
    expect(amount().value).toBe('1000000');
    expect(screen.getByRole('alert').textContent).toBe('More than you have available (1000 USDT)');
    fireEvent.click(screen.getByRole('button', { name: 'Stake now' }));
    expect(messages().at(-1)).toBe('Insufficient available balance');
    expect(staking.submitStaking).not.toHaveBeenCalled();
  });

  it('states what is locked, what it earns until when, and the early-redemption fee before staking; only its confirm sends', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 0, 1, 12, 0, 0));
    render(<Card />);
    fireEvent.click(screen.getByRole('button', { name: '90 days' }));
    fireEvent.change(amount(), { target: { value: '730' } });
    fireEvent.change(screen.getByLabelText('Transaction password'), { target: { value: 'pay12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Stake now' }));
    expect(staking.submitStaking).not.toHaveBeenCalled();
    const sheet = screen.getByTestId('staking-confirm');
    expect(within(sheet).getByTestId('staking-confirm-amount').textContent).toBe('730 USDT');
    expect(within(sheet).getByText('10%')).toBeTruthy();
    // 730 × 10 % × 90 / 365 = 18; the end is 90 days from now; 1.5 % of 730 is 10.95.
    expect(within(sheet).getByTestId('staking-confirm-estimate').textContent).toBe('18 USDT');
    expect(within(sheet).getByTestId('staking-confirm-ends').textContent).toBe(
      formatsFor('en').dateTime(Date.UTC(2026, 3, 1, 12, 0, 0)),
    );
    expect(within(sheet).getByTestId('staking-confirm-redeem-fee').textContent).toBe('1.5%');
    expect(within(sheet).getByTestId('staking-confirm-redeem-back').textContent).toBe('719.05 USDT');
    await act(async () => fireEvent.click(within(sheet).getByTestId('staking-confirm-confirm')));
    expect(staking.submitStaking).toHaveBeenCalledWith({
      projectId: 4,
      periodId: 12,
      amount: '730',
      payPassword: 'pay12345',
    });
  });

  it('says a project of type 0 cannot be redeemed before its end', () => {
    render(
      <StakingProjectCard
        project={{ ...project, type: 0 }}
        passwordRequired={false}
        submit={{ busy: null, run: vi.fn() }}
      />,
    );
    fireEvent.change(amount(), { target: { value: '200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Stake now' }));
    expect(within(screen.getByTestId('staking-confirm')).getByTestId('staking-confirm-redeem-fee').textContent).toBe(
      'Locked until the end',
    );
  });

  it('has no password field while the switch is off, and All fills the whole balance', async () => {
    render(<Card passwordRequired={false} />);
    expect(screen.queryByLabelText('Transaction password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(amount().value).toBe('1000');
    await stakeAndConfirm();
    expect(staking.submitStaking).toHaveBeenCalledWith({
      projectId: 4,
      periodId: 11,
      amount: '1000',
      payPassword: null,
    });
  });
});

describe('a staking project card offline', () => {
  it('keeps Stake now off and says why', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<Card />);
    expect((screen.getByRole('button', { name: 'Stake now' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('send-offline')).toBeTruthy();
  });
});

describe('the earn submit helper', () => {
  it('runs one action at a time: a second tap while the first is in flight sends nothing, and each hands back what was answered', async () => {
    let finish!: (value: { ok: true; data: number; msg: string }) => void;
    const call = vi.fn(() => new Promise<{ ok: true; data: number; msg: string }>((resolve) => (finish = resolve)));
    const done = vi.fn();
    const { result } = renderHook(() => useSubmit());
    let first!: Promise<unknown>;
    act(() => {
      first = result.current.run('a', call, done);
    });
    expect(result.current.busy).toBe('a');
    let second: unknown;
    await act(async () => {
      second = await result.current.run('a', call, done);
    });
    expect(second).toBeNull();
    expect(call).toHaveBeenCalledTimes(1);
    await act(async () => {
      finish({ ok: true, data: 7, msg: '' });
      await first;
    });
    await expect(first).resolves.toEqual({ ok: true, data: 7, msg: '' });
    expect(done).toHaveBeenCalledWith(7);
    expect(result.current.busy).toBeNull();
  });
});
