import { beforeEach, describe, expect, it } from 'vitest';
import { loadRedUp } from '../client-storage.ts';
import { initUpColour, setRedUp, upColour } from '../up-colour.ts';

describe('up colour setting', () => {
  beforeEach(() => {
    window.localStorage.clear();
    delete document.documentElement.dataset.up;
  });

  it('defaults to the spec colours (green up)', () => {
    initUpColour();
    expect(upColour.redUp).toBe(false);
    expect(document.documentElement.dataset.up).toBeUndefined();
  });

  it('swaps to red-up, remembers it, and restores it on the next start', () => {
    setRedUp(true);
    expect(document.documentElement.dataset.up).toBe('red');
    expect(loadRedUp()).toBe(true);
    delete document.documentElement.dataset.up;
    upColour.redUp = false;
    initUpColour();
    expect(upColour.redUp).toBe(true);
    expect(document.documentElement.dataset.up).toBe('red');
    setRedUp(false);
    expect(document.documentElement.dataset.up).toBeUndefined();
    expect(loadRedUp()).toBe(false);
  });
});
