import { describe, expect, it } from 'vitest';
import { loadTheme, saveTheme } from '../client-storage.ts';
import { adoptServerTheme, initSession, session, setTheme } from '../session.ts';
import { applyTheme, resolveTheme } from '../theme.ts';

describe('resolveTheme (saved value, else theme_switch: 1 night)', () => {
  it('uses the saved preference over the server flag', () => {
    expect(resolveTheme('day', 1)).toBe('day');
    expect(resolveTheme('night', 0)).toBe('night');
  });

  it('follows theme_switch when nothing is saved', () => {
    expect(resolveTheme(null, 1)).toBe('night');
    expect(resolveTheme(null, 0)).toBe('day');
    expect(resolveTheme(null, 2)).toBe('day');
    expect(resolveTheme(null, undefined)).toBe('day');
  });

  it('applies the theme as data-theme on the root', () => {
    const root = document.createElement('html');
    applyTheme('night', root);
    expect(root.dataset.theme).toBe('night');
  });
});

describe('theme in the session', () => {
  it('adopts the server theme once and saves it when nothing was saved', () => {
    initSession('en');
    adoptServerTheme(1);
    expect(session.theme).toBe('night');
    expect(loadTheme()).toBe('night');
    expect(document.documentElement.dataset.theme).toBe('night');
    adoptServerTheme(0);
    expect(session.theme).toBe('night');
  });

  it('keeps a saved choice when the server says otherwise', () => {
    saveTheme('day');
    initSession('en');
    adoptServerTheme(1);
    expect(session.theme).toBe('day');
    expect(document.documentElement.dataset.theme).toBe('day');
  });

  it('the night-mode switch saves its choice', () => {
    initSession('en');
    setTheme('night');
    expect(loadTheme()).toBe('night');
    setTheme('day');
    expect(loadTheme()).toBe('day');
    expect(document.documentElement.dataset.theme).toBe('day');
  });
});
