import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_WALLET_CONFIG } from '../../../db/seed-wallet.ts';
import { openWalletConfig, parseWalletConfig, walletConfigFile } from '../wallet-config.ts';

const COINS = new Set(['usdt', 'btc', 'eth']);
const known = (name: string) => COINS.has(name);

const valid = {
  deposit: [
    {
      coin: 'USDT',
      networks: [
        { id: 1, pay_type: 1, coin_net: 'TRC20', address: ' Taddr ', min: '10.5' },
        { id: 2, pay_type: 3, coin_net: 'Bank wire', bank_name: 'B', card_number: '1234', recipient: 'R' },
      ],
    },
  ],
  withdraw: { usdt: { min: '10', max: 50000, fee_type: 1, fee_percent: 0.5 } },
  exchange: { fee_percent: '0.2', coins: ['usdt', 'btc', 'usdt'] },
};

describe('wallet config', () => {
  it('reads networks, limits in units, percents as exact text', () => {
    const config = parseWalletConfig(valid, known);
    expect(config.deposit).toEqual([
      {
        coin: 'usdt',
        networks: [
          { id: 1, payType: 1, name: 'TRC20', address: 'Taddr', image: '', bank: null, min: 1_050_000_000n },
          {
            id: 2,
            payType: 3,
            name: 'Bank wire',
            address: '',
            image: '',
            bank: {
              bank_name: 'B',
              card_number: '1234',
              recipient: 'R',
              bank_address: '',
              transfer_code: '',
              company_address: '',
            },
            min: 0n,
          },
        ],
      },
    ]);
    expect(config.withdraw.get('usdt')).toEqual({
      min: 1_000_000_000n,
      max: 5_000_000_000_000n,
      feeType: 1,
      feePercent: '0.5',
      feeFixed: 0n,
    });
    expect(config.exchange).toEqual({ feePercent: '0.2', coins: ['usdt', 'btc'] });
  });

  it('accepts the demo configuration', () => {
    const config = parseWalletConfig(DEMO_WALLET_CONFIG, () => true);
    expect(config.deposit.map((d) => d.coin)).toEqual(['usdt', 'btc', 'eth']);
  });

  it.each([
    [{ ...valid, deposit: {} }, 'deposit: must be a list'],
    [{ ...valid, deposit: [{ coin: 'doge', networks: [] }] }, 'deposit[0].coin: "doge" is not a coin of this server'],
    [{ ...valid, deposit: [{ coin: 'usdt', networks: [] }] }, 'deposit[0].networks: must name at least one network'],
    [
      { ...valid, deposit: [{ coin: 'usdt', networks: [{ id: 1, pay_type: 1, coin_net: 'TRC20' }] }] },
      'deposit[0].networks[0].address: must be text',
    ],
    [
      { ...valid, deposit: [{ coin: 'usdt', networks: [{ id: 1, pay_type: 4, coin_net: 'X', address: 'a' }] }] },
      'deposit[0].networks[0].pay_type: must be one of 1, 2, 3',
    ],
    [
      {
        ...valid,
        deposit: [{ coin: 'usdt', networks: [{ id: 1, pay_type: 1, coin_net: 'X', address: 'a', min: '-1' }] }],
      },
      'deposit[0].networks[0].min: must be a number of at least 0, e.g. "10" or "0.5"',
    ],
    [
      { ...valid, deposit: [{ coin: 'usdt', networks: [{ id: 0, pay_type: 1, coin_net: 'X', address: 'a' }] }] },
      'deposit[0].networks[0].id: must be a whole number from 1',
    ],
    [
      {
        ...valid,
        deposit: [
          { coin: 'usdt', networks: [{ id: 1, pay_type: 1, coin_net: 'X', address: 'a' }] },
          { coin: 'btc', networks: [{ id: 1, pay_type: 1, coin_net: 'Y', address: 'b' }] },
        ],
      },
      'deposit[1].networks[0].id: 1 is used twice (network ids are unique in the file)',
    ],
    [
      {
        ...valid,
        deposit: [
          { coin: 'usdt', networks: [{ id: 1, pay_type: 3, coin_net: 'Bank', bank_name: 'B', recipient: 'R' }] },
        ],
      },
      'deposit[0].networks[0].card_number: must be text',
    ],
    [
      { ...valid, withdraw: { usdt: { min: '10', max: '5', fee_type: 1 } } },
      'withdraw.usdt: min must not be above max',
    ],
    [{ ...valid, withdraw: { usdt: { min: '0', max: '5', fee_type: 1 } } }, 'withdraw.usdt.min: must be above 0'],
    [
      { ...valid, withdraw: { usdt: { min: '-1', max: '5', fee_type: 1 } } },
      'withdraw.usdt.min: must be a number of at least 0, e.g. "10" or "0.5"',
    ],
    [
      { ...valid, withdraw: { usdt: { min: '0.000000001', max: '5', fee_type: 1 } } },
      'withdraw.usdt.min: must have at most 8 decimals',
    ],
    [
      { ...valid, withdraw: { usdt: { min: '1', max: '5', fee_type: 3 } } },
      'withdraw.usdt.fee_type: must be one of 1, 2',
    ],
    [
      { ...valid, withdraw: { usdt: { min: '1', max: '5', fee_type: 1, fee_percent: '100' } } },
      'withdraw.usdt.fee_percent: must be below 100 (percent)',
    ],
    [
      { ...valid, exchange: { fee_percent: 'x', coins: [] } },
      'exchange.fee_percent: must be a number of at least 0, e.g. "10" or "0.5"',
    ],
    [{ ...valid, exchange: { coins: ['usdt', 'sol'] } }, 'exchange.coins[1]: "sol" is not a coin of this server'],
    [[], 'the file: must be an object'],
  ])('refuses %j: %s', (raw, message) => {
    expect(() => parseWalletConfig(raw, known)).toThrow(message);
  });

  describe('the file', () => {
    let dir: string;
    let errors: string[];
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'wallet-config-'));
      errors = [];
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));
    const log = { error: (message: string) => errors.push(message) };
    const write = (content: string, seconds: number) => {
      writeFileSync(walletConfigFile(dir), content);
      const when = new Date(Date.now() + seconds * 1000);
      utimesSync(walletConfigFile(dir), when, when);
    };

    it('is written on first start, empty or with the first-start configuration, and kept afterwards', () => {
      expect(openWalletConfig(dir, log, known).get().deposit).toEqual([]);
      expect(JSON.parse(readFileSync(walletConfigFile(dir), 'utf8'))).toEqual({
        deposit: [],
        withdraw: {},
        exchange: { fee_percent: '0', coins: [] },
      });
      rmSync(walletConfigFile(dir));
      expect(openWalletConfig(dir, log, () => true, DEMO_WALLET_CONFIG).get().withdraw.size).toBe(3);
      expect(openWalletConfig(dir, log, () => true).get().withdraw.size).toBe(3);
      expect(errors).toEqual([]);
    });

    it('is read again when changed; a refused edit is logged with its reason and the last good one stays', () => {
      const store = openWalletConfig(dir, log, known);
      write(JSON.stringify(valid), 2);
      expect(store.get().exchange.coins).toEqual(['usdt', 'btc']);
      write(JSON.stringify({ ...valid, exchange: { coins: ['nope'] } }), 4);
      expect(store.get().exchange.coins).toEqual(['usdt', 'btc']);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain('wallet config');
      expect(errors[0]).toContain('exchange.coins[0]: "nope" is not a coin of this server');
      write('{ broken', 6);
      expect(store.get().exchange.coins).toEqual(['usdt', 'btc']);
      expect(errors).toHaveLength(2);
    });
  });
});
