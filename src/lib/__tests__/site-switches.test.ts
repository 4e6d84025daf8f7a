import { describe, expect, it } from 'vitest';
import { isOff, isOn, type SiteSettings } from '../site-settings.ts';

const settings = (loan_switch: number) => ({ loan_switch }) as unknown as SiteSettings;

describe('site switches', () => {
  it('are neither on nor off while the settings load: no closed notice on a guess', () => {
    expect(isOn(null, 'loan_switch')).toBe(false);
    expect(isOff(null, 'loan_switch')).toBe(false);
  });

  it('are on only at 1, and off at anything else the site says', () => {
    expect([isOn(settings(1), 'loan_switch'), isOff(settings(1), 'loan_switch')]).toEqual([true, false]);
    for (const value of [0, 2])
      expect([isOn(settings(value), 'loan_switch'), isOff(settings(value), 'loan_switch')]).toEqual([false, true]);
  });
});
