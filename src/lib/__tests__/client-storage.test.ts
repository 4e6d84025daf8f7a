import { describe, expect, it } from 'vitest';
import {
  clearToken,
  hidePopupFor,
  isPopupHiddenOn,
  loadCredentials,
  loadIdSet,
  loadToken,
  localDateKey,
  saveCredentials,
  saveIdSet,
  saveToken,
} from '../client-storage.ts';

describe('token storage', () => {
  it('keeps the token in a cookie and in local storage', () => {
    saveToken('abc.def');
    expect(window.localStorage.getItem('token')).toBe('abc.def');
    expect(document.cookie).toContain('token=abc.def');
    expect(loadToken()).toBe('abc.def');
  });

  it('falls back to the cookie when local storage lost it', () => {
    saveToken('from-cookie');
    window.localStorage.removeItem('token');
    expect(loadToken()).toBe('from-cookie');
  });

  it('clears both copies', () => {
    saveToken('gone');
    clearToken();
    expect(loadToken()).toBeNull();
    expect(document.cookie).not.toContain('token=gone');
  });
});

describe('remembered credentials', () => {
  it('round-trips and can be forgotten', () => {
    saveCredentials({ username: 'amy@example.com', password: 'secret1' });
    expect(loadCredentials()).toEqual({ username: 'amy@example.com', password: 'secret1' });
    saveCredentials(null);
    expect(loadCredentials()).toBeNull();
  });

  it('treats a corrupt entry as nothing remembered', () => {
    window.localStorage.setItem('remembered_credentials', '{not json');
    expect(loadCredentials()).toBeNull();
    window.localStorage.setItem('remembered_credentials', '{"username":1}');
    expect(loadCredentials()).toBeNull();
  });
});

describe("don't show today", () => {
  it('hides the popup for the rest of the local day only', () => {
    const morning = new Date(2025, 4, 7, 8, 0);
    const evening = new Date(2025, 4, 7, 23, 59);
    const nextDay = new Date(2025, 4, 8, 0, 1);
    expect(isPopupHiddenOn(morning)).toBe(false);
    hidePopupFor(morning);
    expect(isPopupHiddenOn(evening)).toBe(true);
    expect(isPopupHiddenOn(nextDay)).toBe(false);
    expect(localDateKey(morning)).toBe('2025-05-07');
  });
});

describe('id sets', () => {
  it('persist integers and drop garbage', () => {
    saveIdSet('ids', new Set([3, 5]));
    expect([...loadIdSet('ids')]).toEqual([3, 5]);
    window.localStorage.setItem('ids', '[1,"x",2.5,4]');
    expect([...loadIdSet('ids')]).toEqual([1, 4]);
    window.localStorage.setItem('ids', 'oops');
    expect(loadIdSet('ids').size).toBe(0);
  });
});
