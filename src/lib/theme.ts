import type { Theme } from './client-storage.ts';

export type { Theme };

/**
 * Initial theme (docs/product-rules.md#languages-and-themes): the saved preference, else the server's theme_switch (1 = night, anything
 * else = day). Before the settings have arrived `themeSwitch` is undefined and the day theme is used.
 */
export function resolveTheme(saved: Theme | null, themeSwitch: number | undefined): Theme {
  if (saved) return saved;
  return themeSwitch === 1 ? 'night' : 'day';
}

/** Sets `data-theme` on <html>; the colour tokens hang off `:root[data-theme=...]` (docs/product-rules.md#look-and-feel). */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme;
  const meta = document.querySelector('meta[name="theme-color"]');
  meta?.setAttribute('content', theme === 'night' ? '#0b1426' : '#ffffff');
}
