import { BlockList, isIP } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import type { TrustProxy } from '../config-vars.ts';

/** Loopback, link-local and private ranges (IPv4 and IPv6): where a proxy counted by hops must sit. */
const PRIVATE_RANGES = new BlockList();
for (const [network, prefix, type] of [
  ['127.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
] as const) {
  PRIVATE_RANGES.addSubnet(network, prefix, type);
}

/** True for a loopback, link-local or private address (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && PRIVATE_RANGES.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Fastify's `trustProxy` for a TRUST_PROXY setting. An address list goes through as it is. Fastify
 * 5.12.1 stopped honouring a bare hop count, because it cannot tell a proxy from a client that
 * connects directly and writes its own X-Forwarded-For; here a hop count trusts that many proxies
 * only while each sits on a loopback or private address, so a client on a public address is never
 * taken for a proxy.
 */
export function trustProxyOption(setting: TrustProxy): NonNullable<FastifyServerOptions['trustProxy']> {
  if (typeof setting !== 'number') return setting;
  return (address: string, hop: number) => hop < setting && isPrivateAddress(address);
}

/**
 * The key one client is counted under: its IPv4 address, or the /64 network of an IPv6 address (one
 * subscriber's network, in which a client may pick a fresh address for every connection).
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1] as string;
  if (isIP(ip) !== 6) return ip;
  const groupsOf = (part: string): string[] =>
    part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const [head = '', tail] = ip.split('::');
  const front = groupsOf(head);
  const groups =
    tail === undefined
      ? front
      : [...front, ...Array<string>(8 - front.length - groupsOf(tail).length).fill('0'), ...groupsOf(tail)];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
