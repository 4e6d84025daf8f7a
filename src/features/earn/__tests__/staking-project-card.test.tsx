import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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
  redeem_fee_rate: '0',
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

beforeEach(() => {
  staking.submitStaking.mockReset();
  staking.submitStaking.mockResolvedValue({ ok: true, data: {}, msg: 'Staked successfully' });
  toasts.items = [];
});

describe('a staking project card (spec §2, §5)', () => {
  it('shows the chosen period\'s rate and minimum, and its estimate as the amount changes', () => {
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
    expect(messages()).toContain('Please enter your transaction password');
    expect(staking.submitStaking).not.toHaveBeenCalled();
  });

  it('sends the project, the chosen period as s_id, the amount and the password', async () => {
    render(<Card />);
    fireEvent.click(screen.getByRole('button', { name: '90 days' }));
    fireEvent.change(amount(), { target: { value: '600' } });
    fireEvent.change(screen.getByLabelText('Transaction password'), { target: { value: 'pay12345' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stake now' })));
    expect(staking.submitStaking).toHaveBeenCalledWith({ projectId: 4, periodId: 12, amount: '600', payPassword: 'pay12345' });
  });

  it('has no password field while the switch is off, and All fills the whole balance', async () => {
    render(<Card passwordRequired={false} />);
    expect(screen.queryByLabelText('Transaction password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(amount().value).toBe('1000');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stake now' })));
    expect(staking.submitStaking).toHaveBeenCalledWith({ projectId: 4, periodId: 11, amount: '1000', payPassword: null });
  });
});

describe('the earn submit helper', () => {
  it('runs one action at a time: a second tap while the first is in flight sends nothing', async () => {
    let finish!: (value: { ok: true; data: number; msg: string }) => void;
    const call = vi.fn(() => new Promise<{ ok: true; data: number; msg: string }>((resolve) => (finish = resolve)));
    const done = vi.fn();
    const { result } = renderHook(() => useSubmit());
    let first!: Promise<void>;
    act(() => {
      first = result.current.run('a', call, done);
    });
    expect(result.current.busy).toBe('a');
    await act(async () => result.current.run('a', call, done));
    expect(call).toHaveBeenCalledTimes(1);
    await act(async () => {
      finish({ ok: true, data: 7, msg: '' });
      await first;
    });
    expect(done).toHaveBeenCalledWith(7);
    expect(result.current.busy).toBeNull();
  });
});
