/**
 * Field readers for parsed frames. Each one checks the shape it expects and throws
 * {@link BrokenFrameError} otherwise, so a malformed frame is counted and skipped, never half-applied.
 */
import { canonicalDecimal } from './decimal.ts';
import { JsonNumber } from './json-exact.ts';

/** A frame that could not be inflated, parsed or understood. */
export class BrokenFrameError extends Error {}

/** A parsed JSON object, from either parser. */
export type JsonObject = { [key: string]: unknown };

export function broken(message: string): never {
  throw new BrokenFrameError(message);
}

export function asObject(value: unknown, what: string): JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) broken(`${what}: expected an object`);
  return value as JsonObject;
}

export function asArray(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) broken(`${what}: expected an array`);
  return value;
}

export function asString(value: unknown, what: string): string {
  if (typeof value !== 'string') broken(`${what}: expected a string`);
  return value;
}

/** Plain decimal text of an exact number token (see decimal.ts). */
export function decimal(value: unknown, what: string): string {
  if (value instanceof JsonNumber) return canonicalDecimal(value.text);
  return broken(`${what}: expected a number`);
}

/** An integer that fits a double exactly (timestamps, counts, bar times). */
export function integer(value: unknown, what: string): number {
  const n = value instanceof JsonNumber ? Number(value.text) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) broken(`${what}: expected an integer`);
  return n;
}

/** Integer text of any length (ids beyond 2^53 keep every digit). */
export function integerText(value: unknown, what: string): string {
  if (value instanceof JsonNumber && /^-?[0-9]+$/.test(value.text)) return value.text;
  return broken(`${what}: expected an integer`);
}

/** A finite double (book levels, parsed by JSON.parse). */
export function finite(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) broken(`${what}: expected a number`);
  return value;
}
