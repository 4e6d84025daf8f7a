/** The English strings of the first screen, picked from locales/en.json at build time (vite.config.ts). */
declare module 'virtual:first-screen-strings' {
  import type { ResourceKey } from 'i18next';
  const strings: ResourceKey;
  export default strings;
}
