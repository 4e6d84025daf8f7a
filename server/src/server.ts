import { loadConfig, type ServerConfig } from './config.ts';
import { ConfigError } from './config-vars.ts';
import { buildApp } from './app.ts';
import { DEMO_ACCOUNT } from './db/seed.ts';

let config: ServerConfig;
try {
  config = loadConfig();
} catch (error) {
  // A setting out of range is the operator's to fix: say which, without a stack trace.
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Configuration error: ${error.message}`);
  process.exit(1);
}
const fastify = await buildApp({ config });
const address = await fastify.listen({ host: config.host, port: config.port });
const url = address.replace('[::1]', 'localhost').replace('127.0.0.1', 'localhost');
console.log(`\n  App:          ${url}/`);
console.log(`  Market feed:  ${url.replace('http', 'ws')}/ws  (${config.feed.source})`);
if (config.seedDemo) console.log(`  Demo account: ${DEMO_ACCOUNT.username} / ${DEMO_ACCOUNT.password}`);
console.log(`  Mail outbox:  npm run admin -- mail:list   (email verification codes; no real mail is sent)`);
console.log(`  Data dir:     ${config.dataDir}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void fastify.close().then(() => process.exit(0));
  });
}
