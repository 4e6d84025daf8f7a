// Prettier for the whole tree (`npm run lint` checks it, `npm run format` writes it).
// TypeScript and JavaScript are parsed by Oxc, Prettier's own plugin: the same output as its default
// parser on this tree, in half the time, which the lint stage of `npm test` spends on every run.
/** @type {import('prettier').Config} */
export default {
  plugins: ['@prettier/plugin-oxc'],
  printWidth: 120,
  singleQuote: true,
  trailingComma: 'all',
  arrowParens: 'always',
  semi: true,
};
