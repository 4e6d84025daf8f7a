import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFrame, gzipFrame, parseJsonKeepBigInts } from '../frame.ts';
import { javaDouble, plainDecimal } from '../java-number.ts';
import { FeedClient, OWN_FIXTURES, isPush, realFixtures, startServer, type TestServer } from './helpers.ts';

/** The header the real (Java) server writes: gzip, deflate, no flags, mtime 0, XFL 0, OS 0. */
const JAVA_GZIP_HEADER = '1f8b0800000000000000';

/** Every number literal of a JSON text that is a Java double (has a point or an exponent). */
const doubleTokens = (text: string): string[] =>
  [...text.matchAll(/(?<=[:,[])-?\d+(?:\.\d+)?(?:E-?\d+)?(?=[,\]}])/g)].map((m) => m[0]).filter((t) => /[.E]/.test(t));

function frameCases(dir: string): Array<{ name: string; gz: Buffer; json: string }> {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.frame.gz'))
    .map((f) => ({
      name: f,
      gz: readFileSync(join(dir, f)),
      json: readFileSync(join(dir, f.replace('.frame.gz', '.json')), 'utf8').trim(),
    }));
}

function checkFrames(dir: string): void {
  const cases = frameCases(dir);
  expect(cases.length).toBeGreaterThan(3);
  for (const { name, gz, json } of cases) {
    expect(gz.subarray(0, 10).toString('hex'), name).toBe(JAVA_GZIP_HEADER);
    expect(decodeFrame(gz), name).toBe(json);
    expect(() => JSON.parse(decodeFrame(gz)), name).not.toThrow();
  }
}

function checkBigTradeIds(text: string): void {
  const literal = /"data":\[\{"id":(\d{20,})/.exec(text)?.[1];
  expect(literal).toBeDefined();
  const parsed = parseJsonKeepBigInts(text) as { tick: { data: Array<{ id: string; tradeId: number }> } };
  expect(parsed.tick.data[0]?.id).toBe(literal);
  // What plain JSON.parse would have done to it:
  expect(String(BigInt(Math.round(Number(literal))))).not.toBe(literal);
  expect(typeof parsed.tick.data[0]?.tradeId).toBe('number');
}

describe('Java-style numbers', () => {
  it('prints doubles the way the Java server does', () => {
    expect(javaDouble(716)).toBe('716.0');
    expect(javaDouble(50080)).toBe('50080.0');
    expect(javaDouble(31545.71)).toBe('31545.71');
    expect(javaDouble(9.121e-7)).toBe('9.121E-7');
    expect(javaDouble(1.98e-4)).toBe('1.98E-4');
    expect(javaDouble(0.001)).toBe('0.001');
    expect(javaDouble(0.0001)).toBe('1.0E-4');
    expect(javaDouble(818158859.8785326)).toBe('8.181588598785326E8');
    expect(javaDouble(1e7)).toBe('1.0E7');
    expect(javaDouble(9999999.5)).toBe('9999999.5');
    expect(javaDouble(0.015443758717188892)).toBe('0.015443758717188892');
    expect(javaDouble(0)).toBe('0.0');
    expect(() => javaDouble(Number.NaN)).toThrow();
  });

  it('writes exact plain decimals for the price function', () => {
    expect(plainDecimal(9.121e-7)).toBe('0.0000009121');
    expect(plainDecimal(716)).toBe('716');
    expect(plainDecimal(1.26936964043e7)).toBe('12693696.4043');
    expect(plainDecimal(1e21)).toBe('1000000000000000000000');
  });

  it('reproduces every double of our own frames byte for byte', () => {
    for (const { name, json } of frameCases(join(OWN_FIXTURES, 'frames'))) {
      for (const token of doubleTokens(json)) expect(javaDouble(Number(token)), `${name}: ${token}`).toBe(token);
    }
  });
});

describe('our own recorded-format frames', () => {
  it('decode with the shared decoder, carry the Java gzip header and parse', () =>
    checkFrames(join(OWN_FIXTURES, 'frames')));

  it('keep 27-digit trade ids exact', () => {
    checkBigTradeIds(readFileSync(join(OWN_FIXTURES, 'frames', 'server-push-trade.detail-2trades.json'), 'utf8'));
  });

  it('include an mbp increment with only one side', () => {
    const tick = JSON.parse(
      readFileSync(join(OWN_FIXTURES, 'frames', 'push-mbp.20-btcusdt-asks-only.json'), 'utf8'),
    ).tick;
    expect(tick.asks).toHaveLength(1);
    expect('bids' in tick).toBe(false);
  });
});

const real = realFixtures();
describe.skipIf(!real)('the real recorded frames (../shared/fixtures/huobi)', () => {
  const session = join(real ?? '', 'ws', 'live-session-2021-04-17');

  it('decode with the shared decoder, carry the Java gzip header and parse', () => checkFrames(session));

  it('keep 27-digit trade ids exact', () => {
    checkBigTradeIds(readFileSync(join(session, 'server-push-trade.detail-zeneth-2trades.json'), 'utf8'));
  });

  it('have doubles our Java-style printer reproduces byte for byte', () => {
    const texts = [
      ...frameCases(session).map((c) => c.json),
      ...readdirSync(join(real ?? '', 'ws', 'live-messages')).map((f) =>
        readFileSync(join(real ?? '', 'ws', 'live-messages', f), 'utf8'),
      ),
    ];
    let checked = 0;
    for (const text of texts) {
      for (const token of doubleTokens(text)) {
        expect(javaDouble(Number(token)), token).toBe(token);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });
});

describe("the server's frames", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  }, 60_000);
  afterAll(async () => server.close());

  it('are binary gzip with the Java header, inflated by the same decoder, every double Java-style', async () => {
    const client = await FeedClient.connect(`${server.ws}/ws`);
    for (const topic of ['market.btcusdt.depth.step0', 'market.btcusdt.detail', 'market.dogeusdt.kline.1min'])
      client.send({ sub: topic, id: topic });
    await client.waitForCount((r) => typeof r.json.ch === 'string', 3, { timeoutMs: 5000 });
    await client.waitFor(isPush('market.btcusdt.depth.step0'));
    await client.waitFor((r) => 'ping' in r.json, { timeoutMs: 5000 });
    for (const frame of client.received) {
      expect(frame.binary).toBe(true);
      expect(frame.raw.subarray(0, 10).toString('hex')).toBe(JAVA_GZIP_HEADER);
      expect(gzipFrame(frame.text).equals(frame.raw)).toBe(true);
      for (const token of doubleTokens(frame.text)) expect(javaDouble(Number(token))).toBe(token);
    }
    client.close();
  });
});
