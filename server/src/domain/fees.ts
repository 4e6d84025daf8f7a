import { divide } from './money.ts';

/** Fee rates are stored as parts per million: 1000 ppm = 0.1 %. */
export const PPM = 1_000_000n;

/**
 * The fee on `amount` units at `ppm`, rounded down to a whole unit (a fraction of 1e-8 is never
 * charged). Spot fees are charged on what the trader receives: the base coin of a buy, the quote
 * coin of a sell, at the rate configured for the pair's base coin (`coins.spot_fee_ppm`).
 */
export function feeFor(amount: bigint, ppm: number): bigint {
  if (ppm <= 0 || amount <= 0n) return 0n;
  return divide(amount * BigInt(ppm), PPM, 'floor');
}

/** A ppm rate as a decimal fraction string for answers (1000 -> "0.001"). */
export function ppmToRate(ppm: number): string {
  const text = String(ppm).padStart(7, '0');
  const fraction = text.slice(-6).replace(/0+$/, '');
  return fraction ? `${text.slice(0, -6)}.${fraction}` : text.slice(0, -6);
}
