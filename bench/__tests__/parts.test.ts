import { describe, expect, it } from 'vitest';
import { BENCH_PARTS, benchParts } from '../parts.ts';

describe('BENCH_ONLY', () => {
  it('runs every part when unset or empty', () => {
    expect([...benchParts(undefined)]).toEqual([...BENCH_PARTS]);
    expect([...benchParts(' ')]).toEqual([...BENCH_PARTS]);
  });

  it('runs only the parts it names', () => {
    expect([...benchParts('taps, soak')].sort()).toEqual(['soak', 'taps']);
  });

  it('refuses a part that does not exist, naming the ones that do', () => {
    expect(() => benchParts('soak,tap')).toThrow(
      /unknown part tap; the parts are screens, spot, taps, soak, lighthouse, decode, moves/,
    );
  });
});
