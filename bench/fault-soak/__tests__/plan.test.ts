import { describe, expect, it } from 'vitest';
import { planFaults, seededRandom, STALL_SECONDS } from '../plan.ts';

describe('fault soak: the seeded plan', () => {
  const options = { seed: 7, windowMs: 600_000, drops: 100, stalls: 10 };

  it('the same seed gives the same plan; another seed another', () => {
    expect(planFaults(options)).toEqual(planFaults(options));
    expect(planFaults({ ...options, seed: 8 })).not.toEqual(planFaults(options));
    expect(seededRandom(1)()).toBe(seededRandom(1)());
  });

  it('has every fault asked for, stalls within their lengths, in time order within the window', () => {
    const plan = planFaults(options);
    expect(plan.filter((f) => f.kind === 'drop')).toHaveLength(100);
    const stalls = plan.flatMap((f) => (f.kind === 'stall' ? [f.seconds] : []));
    expect(stalls).toHaveLength(10);
    for (const seconds of stalls) {
      expect(seconds).toBeGreaterThanOrEqual(STALL_SECONDS.min);
      expect(seconds).toBeLessThanOrEqual(STALL_SECONDS.max);
    }
    const times = plan.map((f) => f.atMs);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times.at(-1)).toBeLessThan(options.windowMs);
    // Mixed, not all drops first.
    expect(plan.slice(0, 55).some((f) => f.kind === 'stall')).toBe(true);
  });

  it('a window too short for the faults packs them back to back', () => {
    const plan = planFaults({ seed: 1, windowMs: 1_000, drops: 3, stalls: 0 });
    expect(plan.map((f) => f.atMs)).toEqual([0, 4_000, 8_000]);
  });
});
