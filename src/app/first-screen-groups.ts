/**
 * The groups of locales/en.json that the first download carries (vite.config.ts picks them into
 * `virtual:first-screen-strings` for i18n.ts): what home and the shell show before anything lazy
 * has loaded. A unit test checks every string the first screen's modules use is in one of them.
 */
export const FIRST_SCREEN_STRING_GROUPS = [
  '_meta',
  'common',
  'home',
  'notices',
  'offline',
  'route',
  'shell',
  'update',
  'watch',
] as const;
