import {
  AMOUNT_TEXT_PATTERN,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  PASSWORD_PATTERN,
  PHONE_PATTERN,
} from '../../../../common/rules.ts';
import { SentAmount } from '../../domain/money.ts';
import type { MessageKey } from '../../i18n/index.ts';

/**
 * The request fields a route declares (docs/architecture.md#the-server): for each one its JSON Schema, which Fastify
 * validates before the handler runs, the spec's messages for each way it can fail, and how the
 * checked text becomes the typed value the handler receives. Form-encoded values arrive as text;
 * the validator coerces numbers, so `ctzed=10`, `10.0` and `010` are one value.
 */

export type JsonSchema = Record<string, unknown>;

/** The message of each way a field can fail (keys of the server's i18n catalogue). */
export interface FieldMessages {
  /** Absent or blank. */
  required: MessageKey;
  /** Present but not of the declared shape. */
  invalid: MessageKey;
  /** Amounts: zero, above the largest amount. Default: `invalid`. */
  zero?: MessageKey;
  tooLarge?: MessageKey;
  /** Placeholders of the messages (`{decimals}`, `{min}` ...). */
  vars?: Record<string, string | number>;
}

export interface Field<T> {
  /** JSON Schema of the value as sent. */
  readonly schema: JsonSchema;
  readonly optional: boolean;
  /** Surrounding white space is removed before checking (text and amounts; not passwords or whole numbers). */
  readonly trim: boolean;
  /**
   * A whole number sent as plain decimal digits only (`7`, never `0x7`, `7e0`, `+7`, ` 7 `, `07`, or
   * the field twice): anything else is refused with the field's message (validation.ts), because a
   * lenient reading lets a request mean something its sender did not write.
   */
  readonly digits?: boolean;
  readonly messages: FieldMessages;
  /** The checked value to what the handler receives. `raw` is undefined only for an absent optional field. */
  read(raw: unknown): T;
  /** The value as the double-submit guard compares it: by value, not by spelling. */
  key(value: T): string;
}

/** The typed values a handler receives for a field declaration. */
export type FieldValues<F extends Fields> = { [K in keyof F]: F[K] extends Field<infer T> ? T : never };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a record of fields of any value type
export type Fields = Record<string, Field<any>>;

/** One message for every way a field can fail. */
export function messages(key: MessageKey, vars?: Record<string, string | number>): FieldMessages {
  return { required: key, invalid: key, vars };
}

const asText = (raw: unknown): string => String(raw);

/** Text, trimmed; at most `max` characters, optionally of a pattern. */
export function text(
  on: FieldMessages,
  options: { max?: number; pattern?: string; description?: string; example?: string } = {},
): Field<string> {
  const { max = 200, pattern, description, example = 'text' } = options;
  return {
    schema: {
      type: 'string',
      maxLength: max,
      ...(pattern ? { pattern } : {}),
      ...(description ? { description } : {}),
      examples: [example],
    },
    optional: false,
    trim: true,
    messages: on,
    read: asText,
    key: asText,
  };
}

/** A password as typed: never trimmed, every character counts. */
export function secret(on: FieldMessages, options: { pattern?: string; max?: number } = {}): Field<string> {
  const { pattern, max = 128 } = options;
  return {
    schema: {
      type: 'string',
      maxLength: max,
      format: 'password',
      ...(pattern ? { pattern } : {}),
      examples: ['secret12'],
    },
    optional: false,
    trim: false,
    messages: on,
    read: asText,
    key: () => '*',
  };
}

/** A new login or transaction password: the shared rule of docs/product-rules.md#calls-and-answers. */
export const newPassword = (on: FieldMessages): Field<string> => secret(on, { pattern: PASSWORD_PATTERN });

export const email = (on: FieldMessages): Field<string> =>
  text(on, { max: EMAIL_MAX_LENGTH, pattern: EMAIL_PATTERN, example: 'user@example.com' });

export const phone = (on: FieldMessages): Field<string> =>
  text(on, { max: 20, pattern: PHONE_PATTERN, example: '13800138000' });

/** A whole number within [min, max], in plain decimal digits. */
export function int(on: FieldMessages, options: { min: number; max: number }): Field<number> {
  return {
    schema: { type: 'integer', minimum: options.min, maximum: options.max, examples: [Math.max(options.min, 1)] },
    optional: false,
    trim: false,
    digits: true,
    messages: on,
    read: Number,
    key: asText,
  };
}

/** A record id: a whole number from 1. */
export const id = (on: FieldMessages): Field<number> => int(on, { min: 1, max: Number.MAX_SAFE_INTEGER });

/** One of a few whole numbers (a side, a status, a type). */
export function choice<const V extends number>(values: readonly V[], on: FieldMessages): Field<V> {
  return {
    schema: { type: 'integer', enum: [...values], examples: [values[0]] },
    optional: false,
    trim: false,
    digits: true,
    messages: on,
    read: (raw) => Number(raw) as V,
    key: asText,
  };
}

/**
 * A positive amount as decimal text, read into a SentAmount. The `x-amount` keyword (validation.ts)
 * refuses zero and anything above the largest amount, each with its own message; how many
 * decimals it may have is the rule of the coin or pair, applied by the handler with
 * `amount.units(decimals)` (so its message can name that coin's precision).
 */
export function amount(on: FieldMessages): Field<SentAmount> {
  return {
    schema: {
      type: 'string',
      pattern: AMOUNT_TEXT_PATTERN,
      maxLength: 40,
      'x-amount': true,
      description: 'A decimal above 0',
      examples: ['1.5'],
    },
    optional: false,
    trim: true,
    messages: on,
    read: (raw) => {
      const parsed = SentAmount.parse(String(raw));
      if (!parsed.ok) throw new Error(`amount "${String(raw)}" passed validation but does not parse`);
      return parsed.amount;
    },
    key: (value) => value.toString(),
  };
}

/** The field may be absent (or blank): the handler gets undefined. */
export function optional<T>(field: Field<T>): Field<T | undefined> {
  return {
    ...field,
    optional: true,
    read: (raw) => (raw === undefined ? undefined : field.read(raw)),
    key: (value) => (value === undefined ? '' : field.key(value)),
  };
}

/** The field may be absent (or blank): the handler gets `fallback`. */
export function withDefault<T extends string | number>(field: Field<T>, fallback: T): Field<T> {
  return {
    ...field,
    schema: { ...field.schema, default: fallback },
    optional: true,
    read: (raw) => (raw === undefined ? fallback : field.read(raw)),
  };
}

/** The most rows one page may ask for. */
export const MAX_PAGE_LIMIT = 50;

/** `page` (from 1, default 1) and `limit` (1..50, default 10: the page size) of a list call. */
export function paging(on: FieldMessages) {
  return {
    page: withDefault(int(on, { min: 1, max: 1_000_000 }), 1),
    limit: withDefault(int(on, { min: 1, max: MAX_PAGE_LIMIT }), 10),
  };
}
