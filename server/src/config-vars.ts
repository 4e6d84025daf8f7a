import { isIP } from 'node:net';

/** A setting that cannot be used; the message names the variable, what it accepts and what it got. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Bounds of a numeric variable; `above` excludes its value (a speed must be above 0, not 0). */
export interface Range {
  min?: number;
  above?: number;
  max?: number;
}

/** The values `TRUST_PROXY` gives Fastify's `trustProxy`: off, a hop count, or the proxies' addresses. */
export type TrustProxy = false | number | string[];

/**
 * Reads environment variables into typed settings, checking each against its rule at start. An
 * unset or empty variable takes its fallback (the fallback is not checked: it is ours); anything
 * else outside its rule throws a ConfigError naming the variable.
 */
export interface ConfigVars {
  /** A whole number, in decimal digits, within `range`. */
  int(name: string, fallback: number, range?: Range): number;
  /** A decimal number (`0.25`) within `range`. */
  number(name: string, fallback: number, range?: Range): number;
  /** `1`/`true` or `0`/`false` (any case). */
  bool(name: string, fallback: boolean): boolean;
  /** One of `choices`, exactly as spelled there. */
  oneOf<T extends string>(name: string, choices: readonly T[], fallback: T): T;
  /** Free text (a host name, a path). */
  text(name: string, fallback: string): string;
  /** A path on this server starting with `/`, or an absolute http(s) URL. */
  url(name: string, fallback: string): string;
  /** Proxy trust: unset, `0` or `false` is off; else a number of hops, or a comma-separated list of addresses (http/client-address.ts). */
  trustProxy(name: string): TrustProxy;
}

/** Names proxy-addr (Fastify's trustProxy) accepts for whole address ranges. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];
const MAX_PROXY_HOPS = 32;
const WHOLE = /^-?\d+$/;
const DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** "a whole number from 0 to 65535", "a number above 0 and at most 10000", "a whole number of at least 1" … */
function describeRange(kind: string, { min, above, max }: Range): string {
  if (above === undefined && min !== undefined && max !== undefined) return `${kind} from ${min} to ${max}`;
  const parts = [kind];
  if (above !== undefined) parts.push(`above ${above}`);
  else if (min !== undefined) parts.push(`of at least ${min}`);
  if (max !== undefined) parts.push(parts.length > 1 ? `and at most ${max}` : `of at most ${max}`);
  return parts.join(' ');
}

function inRange(value: number, { min, above, max }: Range): boolean {
  return (
    (min === undefined || value >= min) && (above === undefined || value > above) && (max === undefined || value <= max)
  );
}

/** `10.0.0.1`, `10.0.0.0/8`, `2001:db8::/32` or a named range. */
function isProxyAddress(item: string): boolean {
  if (NAMED_RANGES.includes(item)) return true;
  const [address = '', prefix, ...rest] = item.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** The ConfigVars reading `env` (loadConfig's, or a test's). */
export function configVars(env: NodeJS.ProcessEnv): ConfigVars {
  const raw = (name: string): string | undefined => {
    const value = env[name];
    return value === undefined || value === '' ? undefined : value;
  };
  const fail = (name: string, expected: string, value: string): never => {
    throw new ConfigError(`${name} must be ${expected}, got "${value}"`);
  };
  const numeric = (name: string, fallback: number, range: Range, whole: boolean): number => {
    const value = raw(name);
    if (value === undefined) return fallback;
    // Plain decimal digits only: 0x1F90 or 1e3 is no way to write a port or an interval.
    const parsed = Number(value.trim());
    const ok =
      (whole ? WHOLE : DECIMAL).test(value.trim()) &&
      Number.isFinite(parsed) &&
      (!whole || Number.isSafeInteger(parsed)) &&
      inRange(parsed, range);
    return ok ? parsed : fail(name, describeRange(whole ? 'a whole number' : 'a number', range), value);
  };

  return {
    int: (name, fallback, range = {}) => numeric(name, fallback, range, true),
    number: (name, fallback, range = {}) => numeric(name, fallback, range, false),
    bool(name, fallback) {
      const value = raw(name);
      if (value === undefined) return fallback;
      const lower = value.trim().toLowerCase();
      if (lower === '1' || lower === 'true') return true;
      if (lower === '0' || lower === 'false') return false;
      return fail(name, '1, 0, true or false', value);
    },
    oneOf(name, choices, fallback) {
      const value = raw(name);
      if (value === undefined) return fallback;
      const found = choices.find((choice) => choice === value.trim());
      return found ?? fail(name, `one of ${choices.join(', ')}`, value);
    },
    text: (name, fallback) => raw(name)?.trim() || fallback,
    url(name, fallback) {
      const value = raw(name)?.trim();
      if (value === undefined) return fallback;
      if (/^\/(?!\/)/.test(value)) return value;
      let protocol = '';
      try {
        protocol = new URL(value).protocol;
      } catch {
        // Neither a path nor a URL: reported below.
      }
      return protocol === 'http:' || protocol === 'https:'
        ? value
        : fail(name, 'a path starting with / or an http(s):// URL', value);
    },
    trustProxy(name) {
      const value = raw(name)?.trim();
      if (value === undefined || value === '0' || value.toLowerCase() === 'false') return false;
      if (/^\d+$/.test(value)) {
        const hops = Number(value);
        return hops <= MAX_PROXY_HOPS ? hops : fail(name, `a number of proxies from 1 to ${MAX_PROXY_HOPS}`, value);
      }
      if (value.toLowerCase() === 'true') {
        // Fastify's `true` believes any X-Forwarded-For, which is what this setting exists to prevent.
        return fail(
          name,
          'the number of proxies in front of the server (e.g. 1) or their addresses, not true (that would trust any client)',
          value,
        );
      }
      const items = value.split(',').map((item) => item.trim());
      const bad = items.find((item) => !isProxyAddress(item));
      if (bad !== undefined)
        fail(
          name,
          `a number of proxies or a comma-separated list of addresses, CIDR ranges or ${NAMED_RANGES.join('/')} (bad item: "${bad}")`,
          value,
        );
      return items;
    },
  };
}
