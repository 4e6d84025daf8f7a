/**
 * The one server test harness. Every server test builds on it:
 * - config.ts: a test server's config (its own data dir, no static files, test routes on);
 * - fake-clock.ts: the server's timers and clock faked, moved by the test instead of waited for;
 * - database.ts: a fresh database per test, copied from a template migrated (and demo-seeded) once per run;
 * - app.ts: the whole app on such a database, its API calls, registering and logging in users;
 * - api.ts: calls of the /api scope through app.inject(), for the whole app or a part of it;
 * - money.ts: units of amounts, users and funds straight in the database, the ledger checks;
 * - site-files.ts: editing the site and wallet config files as an operator would;
 * - uploads.ts: uploading a photo as a user;
 * - webauthn-authenticator.ts: a software passkey that answers WebAuthn options with real signatures.
 */
export * from './api.ts';
export * from './app.ts';
export * from './config.ts';
export * from './database.ts';
export * from './fake-clock.ts';
export * from './money.ts';
export * from './site-files.ts';
export * from './uploads.ts';
export * from './webauthn-authenticator.ts';
