import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, configVars } from '../config-vars.ts';
import { DEFAULT_MAX_SOCKETS_PER_IP, loadConfig } from '../config.ts';

const dir = mkdtempSync(join(tmpdir(), 'config-test-'));
const session = join(dir, 'session.jsonl');
writeFileSync(session, '\n');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The message loadConfig throws for `env`, or '' when it accepts it. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
    return '';
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
}

describe('loadConfig', () => {
  it('needs no variable: every default is usable', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      dataDir: resolve('data'),
      staticDir: resolve('dist'),
      tokenTtlHours: 168,
      testRoutes: false,
      seedDemo: true,
      logLevel: 'info',
      ipLookupUrl: '/api/index/ip',
      authRateLimit: 20,
      trustProxy: false,
    });
    expect(config.feed).toEqual({
      source: 'simulate',
      seed: 42,
      startMs: undefined,
      replayFile: '',
      replaySpeed: 1,
      replayLoop: true,
      pingMs: 5000,
      maxMissedPings: 2,
      maxSocketsPerIp: DEFAULT_MAX_SOCKETS_PER_IP,
    });
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ PORT: '', LOG_LEVEL: '', FEED_PING_MS: '', TRUST_PROXY: '', HOST: '', DATA_DIR: '' });
    expect([config.port, config.logLevel, config.feed.pingMs, config.trustProxy, config.host, config.dataDir]).toEqual([
      8080,
      'info',
      5000,
      false,
      '127.0.0.1',
      resolve('data'),
    ]);
  });

  it.each([
    ['PORT', '70000', 'PORT must be a whole number from 0 to 65535, got "70000"'],
    ['PORT', '-1', 'PORT must be a whole number from 0 to 65535, got "-1"'],
    ['PORT', '80.5', 'PORT must be a whole number from 0 to 65535, got "80.5"'],
    ['PORT', 'http', 'PORT must be a whole number from 0 to 65535, got "http"'],
    ['PORT', '0x1F90', 'PORT must be a whole number from 0 to 65535, got "0x1F90"'],
    ['TOKEN_TTL_HOURS', '0', 'TOKEN_TTL_HOURS must be a whole number from 1 to 8784, got "0"'],
    ['TOKEN_TTL_HOURS', '1.5', 'TOKEN_TTL_HOURS must be a whole number from 1 to 8784, got "1.5"'],
    ['TEST_ROUTES', 'yes', 'TEST_ROUTES must be 1, 0, true or false, got "yes"'],
    ['SEED_DEMO', '2', 'SEED_DEMO must be 1, 0, true or false, got "2"'],
    ['LOG_LEVEL', 'verbose', 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"'],
    [
      'IP_LOOKUP_URL',
      'api.ipify.org',
      'IP_LOOKUP_URL must be a path starting with / or an http(s):// URL, got "api.ipify.org"',
    ],
    [
      'IP_LOOKUP_URL',
      '//evil.example/ip',
      'IP_LOOKUP_URL must be a path starting with / or an http(s):// URL, got "//evil.example/ip"',
    ],
    [
      'IP_LOOKUP_URL',
      'javascript:alert(1)',
      'IP_LOOKUP_URL must be a path starting with / or an http(s):// URL, got "javascript:alert(1)"',
    ],
    ['AUTH_RATE_LIMIT', '-5', 'AUTH_RATE_LIMIT must be a whole number from 0 to 1000000, got "-5"'],
    ['FEED_SOURCE', 'live', 'FEED_SOURCE must be one of simulate, replay, got "live"'],
    ['FEED_SEED', '-1', 'FEED_SEED must be a whole number from 0 to 4294967295, got "-1"'],
    ['FEED_SEED', '4294967296', 'FEED_SEED must be a whole number from 0 to 4294967295, got "4294967296"'],
    ['FEED_REPLAY_SPEED', '0', 'FEED_REPLAY_SPEED must be a number above 0 and at most 10000, got "0"'],
    ['FEED_REPLAY_SPEED', '-2', 'FEED_REPLAY_SPEED must be a number above 0 and at most 10000, got "-2"'],
    ['FEED_REPLAY_SPEED', 'fast', 'FEED_REPLAY_SPEED must be a number above 0 and at most 10000, got "fast"'],
    ['FEED_REPLAY_SPEED', 'Infinity', 'FEED_REPLAY_SPEED must be a number above 0 and at most 10000, got "Infinity"'],
    ['FEED_REPLAY_LOOP', 'maybe', 'FEED_REPLAY_LOOP must be 1, 0, true or false, got "maybe"'],
    ['FEED_PING_MS', '0', 'FEED_PING_MS must be a whole number from 100 to 600000, got "0"'],
    ['FEED_PING_MS', '99', 'FEED_PING_MS must be a whole number from 100 to 600000, got "99"'],
    ['FEED_PING_MS', '1e3', 'FEED_PING_MS must be a whole number from 100 to 600000, got "1e3"'],
    ['FEED_MAX_MISSED_PINGS', '0', 'FEED_MAX_MISSED_PINGS must be a whole number from 1 to 100, got "0"'],
    ['FEED_MAX_SOCKETS_PER_IP', '-1', 'FEED_MAX_SOCKETS_PER_IP must be a whole number from 0 to 1000000, got "-1"'],
    ['FEED_MAX_SOCKETS_PER_IP', '2.5', 'FEED_MAX_SOCKETS_PER_IP must be a whole number from 0 to 1000000, got "2.5"'],
    ['FEED_START_MS', '-1', 'FEED_START_MS must be a time in epoch milliseconds (a whole number), got "-1"'],
  ])('refuses %s=%s, naming the variable', (name, value, message) => {
    expect(refusal({ [name]: value })).toBe(message);
  });

  it.each([
    ['PORT', '0', (c: ReturnType<typeof loadConfig>) => c.port, 0],
    ['PORT', '65535', (c: ReturnType<typeof loadConfig>) => c.port, 65535],
    ['TEST_ROUTES', 'TRUE', (c: ReturnType<typeof loadConfig>) => c.testRoutes, true],
    ['SEED_DEMO', '0', (c: ReturnType<typeof loadConfig>) => c.seedDemo, false],
    ['LOG_LEVEL', 'silent', (c: ReturnType<typeof loadConfig>) => c.logLevel, 'silent'],
    [
      'IP_LOOKUP_URL',
      'https://api.ipify.org?format=json',
      (c: ReturnType<typeof loadConfig>) => c.ipLookupUrl,
      'https://api.ipify.org?format=json',
    ],
    ['AUTH_RATE_LIMIT', '0', (c: ReturnType<typeof loadConfig>) => c.authRateLimit, 0],
    ['FEED_SEED', '4294967295', (c: ReturnType<typeof loadConfig>) => c.feed.seed, 4294967295],
    ['FEED_REPLAY_SPEED', '0.25', (c: ReturnType<typeof loadConfig>) => c.feed.replaySpeed, 0.25],
    ['FEED_PING_MS', '100', (c: ReturnType<typeof loadConfig>) => c.feed.pingMs, 100],
    ['FEED_MAX_SOCKETS_PER_IP', '0', (c: ReturnType<typeof loadConfig>) => c.feed.maxSocketsPerIp, 0],
  ])('accepts %s=%s at the edge of its rule', (name, value, pick, expected) => {
    expect(pick(loadConfig({ [name]: value }))).toBe(expected);
  });

  it('needs an existing replay file only when the feed replays', () => {
    expect(refusal({ FEED_SOURCE: 'replay' })).toBe('FEED_REPLAY_FILE is required when FEED_SOURCE=replay');
    const missing = join(dir, 'nope.jsonl');
    expect(refusal({ FEED_SOURCE: 'replay', FEED_REPLAY_FILE: missing })).toBe(
      `FEED_REPLAY_FILE must be a recorded session file, got "${missing}", which does not exist`,
    );
    expect(refusal({ FEED_SOURCE: 'replay', FEED_REPLAY_FILE: dir })).toBe(
      `FEED_REPLAY_FILE must be a recorded session file, got "${dir}", which does not exist`,
    );
    expect(loadConfig({ FEED_SOURCE: 'replay', FEED_REPLAY_FILE: session }).feed.replayFile).toBe(session);
    expect(refusal({ FEED_REPLAY_FILE: missing })).toBe('');
  });

  it('serves no client for an empty STATIC_DIR and refuses a named one that does not exist', () => {
    expect(loadConfig({ STATIC_DIR: '' }).staticDir).toBe('');
    expect(loadConfig({ STATIC_DIR: dir }).staticDir).toBe(dir);
    const missing = join(dir, 'no-build');
    expect(refusal({ STATIC_DIR: missing })).toBe(
      `STATIC_DIR must be a folder holding the built client (or empty to serve none), got "${missing}", which does not exist`,
    );
  });
});

describe('TRUST_PROXY', () => {
  const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('is off unless set, and for 0 or false', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('False')).toBe(false);
  });

  it('takes a number of proxy hops', () => {
    expect(trust('1')).toBe(1);
    expect(trust('3')).toBe(3);
    expect(refusal({ TRUST_PROXY: '33' })).toBe('TRUST_PROXY must be a number of proxies from 1 to 32, got "33"');
  });

  it('takes addresses, CIDR ranges and the named ranges, IPv4 and IPv6', () => {
    expect(trust('10.0.0.1, 10.1.0.0/16,loopback')).toEqual(['10.0.0.1', '10.1.0.0/16', 'loopback']);
    expect(trust('::1,2001:db8::/32,uniquelocal')).toEqual(['::1', '2001:db8::/32', 'uniquelocal']);
  });

  it('refuses true (it would believe any client) and anything that is not an address', () => {
    expect(refusal({ TRUST_PROXY: 'true' })).toBe(
      'TRUST_PROXY must be the number of proxies in front of the server (e.g. 1) or their addresses, not true (that would trust any client), got "true"',
    );
    for (const [value, bad] of [
      ['proxy.internal', 'proxy.internal'],
      ['10.0.0.1,10.0.0.0/33', '10.0.0.0/33'],
      ['1.2.3', '1.2.3'],
      ['::1/129', '::1/129'],
      ['10.0.0.1,', ''],
      ['-1', '-1'],
    ] as const) {
      expect(refusal({ TRUST_PROXY: value }), value).toBe(
        `TRUST_PROXY must be a number of proxies or a comma-separated list of addresses, CIDR ranges or loopback/linklocal/uniquelocal (bad item: "${bad}"), got "${value}"`,
      );
    }
  });
});

describe('configVars, the helpers other settings use', () => {
  const vars = (env: Record<string, string>) => configVars(env);

  it('describes each kind of range in its message', () => {
    expect(() => vars({ N: '0' }).int('N', 1, { min: 1 })).toThrow('N must be a whole number of at least 1, got "0"');
    expect(() => vars({ N: '11' }).int('N', 1, { max: 10 })).toThrow(
      'N must be a whole number of at most 10, got "11"',
    );
    expect(() => vars({ N: 'x' }).int('N', 1)).toThrow('N must be a whole number, got "x"');
    expect(() => vars({ N: '0' }).number('N', 1, { above: 0 })).toThrow('N must be a number above 0, got "0"');
    expect(() => vars({ N: '5' }).number('N', 1, { above: 0, max: 4 })).toThrow(
      'N must be a number above 0 and at most 4, got "5"',
    );
  });

  it('keeps the fallback for unset and empty, and refuses blank text as a number', () => {
    expect(vars({}).int('N', 7, { min: 1 })).toBe(7);
    expect(vars({ N: '' }).number('N', 0.5)).toBe(0.5);
    expect(() => vars({ N: ' ' }).int('N', 7)).toThrow('N must be a whole number, got " "');
    expect(vars({ N: ' 12 ' }).int('N', 7)).toBe(12);
  });

  it('reads one of a list exactly as spelled there', () => {
    expect(vars({ K: 'b' }).oneOf('K', ['a', 'b'], 'a')).toBe('b');
    expect(() => vars({ K: 'B' }).oneOf('K', ['a', 'b'], 'a')).toThrow('K must be one of a, b, got "B"');
  });
});
