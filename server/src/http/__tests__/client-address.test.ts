import { describe, expect, it } from 'vitest';
import { clientKey, isPrivateAddress, trustProxyOption } from '../client-address.ts';

describe('clientKey', () => {
  it('counts an IPv4 client by its address, also when it arrives IPv4-mapped', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 client by its /64, however the address is written', () => {
    const key = '2001:db8:a:b::/64';
    for (const ip of ['2001:db8:a:b::1', '2001:0db8:000a:000b:1:2:3:4', '2001:db8:a:b:ffff::', '2001:db8:a:b::1.2.3.4'])
      expect(clientKey(ip), ip).toBe(key);
    expect(clientKey('2001:db8:a:c::1')).not.toBe(key);
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('1::2:3:4:5.6.7.8')).toBe('1:0:0:2::/64');
  });
});

describe('proxy trust by hop count', () => {
  it('trusts that many hops, each only on a loopback or private address', () => {
    const trust = trustProxyOption(2) as (address: string, hop: number) => boolean;
    expect(trust('127.0.0.1', 0)).toBe(true);
    expect(trust('10.1.2.3', 1)).toBe(true);
    expect(trust('10.1.2.3', 2)).toBe(false);
    expect(trust('192.0.2.1', 0)).toBe(false);
    expect(trust('::ffff:192.168.1.1', 0)).toBe(true);
  });

  it('passes off and address lists to Fastify as they are', () => {
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
  });

  it('knows the private ranges', () => {
    for (const ip of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.1.1',
      '::1',
      'fd00::1',
      'fe80::1',
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['172.32.0.1', '192.0.2.1', '8.8.8.8', '2001:db8::1', 'not-an-ip'])
      expect(isPrivateAddress(ip), ip).toBe(false);
  });
});
