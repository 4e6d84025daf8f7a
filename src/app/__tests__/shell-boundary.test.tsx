import { act, fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShellBoundary } from '../ShellBoundary.tsx';

/** Throws while `broken.now` is set: a shell part with a defect that a retry or another page may not meet again. */
const broken = { now: true };
function Part() {
  if (broken.now) throw new Error('the banner could not read its notice');
  return <p>the shell</p>;
}

beforeEach(() => {
  broken.now = true;
  history.replaceState(null, '', '/');
  // React reports the caught error on the console; the test reads the screen instead.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const app = () =>
  render(
    <Router>
      <ShellBoundary>
        <Part />
      </ShellBoundary>
    </Router>,
  );

describe('the shell’s last-catch boundary', () => {
  it('shows what went wrong with a retry instead of a blank app, and Retry renders the shell again', () => {
    const { container } = app();
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong, please try again');
    expect(screen.getByRole('button', { name: 'Go to home' })).toBeTruthy();
    broken.now = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('the shell')).toBeTruthy();
    expect(container.querySelector('[data-testid="app-failed"]')).toBeNull();
  });

  it('tries again when the address changes (the back button, a link)', async () => {
    app();
    expect(screen.getByTestId('app-failed')).toBeTruthy();
    broken.now = false;
    await act(async () => navigate('/market'));
    expect(screen.getByText('the shell')).toBeTruthy();
  });

  it('stays on the message when the retry fails again', () => {
    app();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByTestId('app-failed')).toBeTruthy();
  });
});
