import { describe, expect, it } from 'vitest';
import { DEFAULTS, parseSoakArgs } from '../args.ts';

describe('fault soak: command line', () => {
  it('defaults to the standard run: 10 minutes, 100 drops, 10 stalls', () => {
    expect(parseSoakArgs([])).toEqual(DEFAULTS);
    expect(DEFAULTS).toMatchObject({ minutes: 10, drops: 100, stalls: 10 });
  });

  it('reads every option', () => {
    expect(
      parseSoakArgs([
        '--minutes',
        '1',
        '--drops',
        '10',
        '--stalls',
        '1',
        '--seed',
        '42',
        '--replay',
        'a.jsonl',
        '--periods',
        '1min',
        '--symbol',
        'ethusdt',
        '--static',
        'dist',
      ]),
    ).toEqual({
      minutes: 1,
      drops: 10,
      stalls: 1,
      seed: 42,
      replay: 'a.jsonl',
      periods: ['1min'],
      symbol: 'ethusdt',
      staticDir: 'dist',
    });
  });

  it('refuses what it cannot use, naming it', () => {
    expect(() => parseSoakArgs(['--drops', '-1'])).toThrow(/--drops must be a whole number/);
    expect(() => parseSoakArgs(['--minutes', '0'])).toThrow(/--minutes/);
    expect(() => parseSoakArgs(['--seed'])).toThrow(/--seed needs a value/);
    expect(() => parseSoakArgs(['--periods', '1min,2min'])).toThrow(/got 2min/);
    expect(() => parseSoakArgs(['--loud', '1'])).toThrow(/unknown option --loud/);
  });
});
