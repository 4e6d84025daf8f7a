import { describe, expect, it } from 'vitest';
import { calibrateThrottle, CALIBRATION_DEFAULTS } from '../cpu-calibration.ts';

/** A host whose unthrottled index is `host`: the index falls as 1/rate^exponent (about 1 on real hosts). */
const host =
  (index: number, exponent = 1) =>
  async (rate: number): Promise<number> =>
    index / rate ** exponent;

describe('CPU throttle calibration', () => {
  it('finds the rate that brings a fast host to the target index, within the tolerance', async () => {
    const result = await calibrateThrottle(host(1656), { target: 400 });
    expect(result.met).toBe(true);
    expect(Math.abs(result.index - 400)).toBeLessThanOrEqual(400 * CALIBRATION_DEFAULTS.tolerance);
    expect(result.rate).toBeGreaterThan(3.9);
    expect(result.rate).toBeLessThan(4.4);
    expect(result.steps.length).toBeLessThanOrEqual(1 + CALIBRATION_DEFAULTS.maxSteps);
    expect(result.steps[0]).toEqual({ rate: 1, index: 1656 });
  });

  it('brings hosts of different speeds to the same index, each with its own rate', async () => {
    const slow = await calibrateThrottle(host(900, 0.9), { target: 400 });
    const fast = await calibrateThrottle(host(3200, 1.1), { target: 400 });
    expect(slow.met && fast.met).toBe(true);
    expect(fast.rate).toBeGreaterThan(slow.rate);
  });

  it('runs a host already slower than the target unthrottled, and says the target was not met', async () => {
    const result = await calibrateThrottle(host(300), { target: 400 });
    expect(result).toEqual({ rate: 1, index: 300, met: false, steps: [{ rate: 1, index: 300 }] });
  });

  it('keeps the closest rate measured when the steps run out', async () => {
    const result = await calibrateThrottle(host(5000), { target: 400, maxSteps: 2 });
    expect(result.steps).toHaveLength(3);
    const distances = result.steps.map((step) => Math.abs(step.index - 400));
    expect(Math.abs(result.index - 400)).toBe(Math.min(...distances));
  });

  it('only tries rates between its bounds', async () => {
    const result = await calibrateThrottle(host(100_000), { target: 400, highRate: 30 });
    for (const step of result.steps) expect(step.rate).toBeLessThanOrEqual(30);
    expect(result.met).toBe(false);
  });
});
