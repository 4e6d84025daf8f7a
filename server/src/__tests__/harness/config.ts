import { loadConfig, type ServerConfig } from '../../config.ts';

/**
 * A test server's config: the run's environment, then its own data dir, no static files, no log and
 * the test routes on; `env` overrides any of them.
 */
export function testConfig(dataDir: string, env: Record<string, string> = {}): ServerConfig {
  return loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    STATIC_DIR: '',
    LOG_LEVEL: 'silent',
    TEST_ROUTES: '1',
    ...env,
  });
}
