import { Ajv, type ErrorObject, type SchemaValidateFunction } from 'ajv';
import { SentAmount } from '../../domain/money.ts';
import type { MessageKey } from '../../i18n/index.ts';
import type { Fields } from './fields.ts';

/**
 * How the API checks its declared fields. One Ajv for every /api route:
 * - `coerceTypes`: form values are text, so `m_id=7` meets `type: integer`;
 * - `removeAdditional`: a field no route declares is dropped, not refused (clients send extras);
 * - `allErrors`: every broken field is reported, and `firstFailure` answers the one declared first,
 *   so the message follows the spec's order whatever order the validator found them in.
 */
export function createValidator(): Ajv {
  const ajv = new Ajv({
    coerceTypes: 'array',
    useDefaults: true,
    removeAdditional: true,
    allErrors: true,
    strict: false,
  });
  const checkAmount: SchemaValidateFunction = (_schema: unknown, data: string) => {
    const parsed = SentAmount.parse(data);
    if (parsed.ok) return true;
    checkAmount.errors = [
      { keyword: 'x-amount', params: { problem: parsed.problem }, message: `amount: ${parsed.problem}` },
    ];
    return false;
  };
  ajv.addKeyword({ keyword: 'x-amount', type: 'string', errors: true, validate: checkAmount });
  // OpenAPI's marker for a field to mask; any text passes.
  ajv.addFormat('password', true);
  return ajv;
}

/** What a whole-number field becomes when its text is not plain digits: a value no integer schema accepts. */
const REFUSED = Object.freeze({ refused: 'not plain decimal digits' });

/** Plain decimal digits, without a leading zero unless the number is 0. */
const PLAIN_DIGITS = /^(0|[1-9]\d*)$/;

/**
 * A whole-number field as sent, checked strictly before the validator's coercion (which would read
 * `0x1`, `1e0` and ` 1 ` as 1): plain digits pass as they are; the field sent twice, blank (unless it
 * is required, which then fails as "required"), or any other text becomes {@link REFUSED}.
 */
function strictDigits(value: unknown, optional: boolean): unknown {
  if (Array.isArray(value)) return value.length === 1 ? strictDigits(value[0], optional) : REFUSED;
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : REFUSED;
  if (typeof value !== 'string') return value === undefined ? undefined : REFUSED;
  if (value.trim() === '') return optional ? REFUSED : undefined;
  return PLAIN_DIGITS.test(value) ? value : REFUSED;
}

/**
 * Prepares raw input for validation: a whole-number field must be plain digits (strictDigits); of
 * any other field a repeated one counts as its first value, declared text is trimmed (passwords are
 * not), and a blank value counts as absent, so a required field that was sent empty fails as
 * "required" and an optional one takes its default.
 */
export function normalizeInput(fields: Fields, input: unknown): Record<string, unknown> {
  const source = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const out: Record<string, unknown> = { ...source };
  for (const [name, field] of Object.entries(fields)) {
    if (field.digits) {
      const value = strictDigits(out[name], field.optional);
      if (value === undefined) delete out[name];
      else out[name] = value;
      continue;
    }
    let value = out[name];
    if (Array.isArray(value)) value = value[0];
    if (typeof value === 'string') {
      if (value.trim() === '') value = undefined;
      else if (field.trim) value = value.trim();
    }
    if (value === undefined) delete out[name];
    else out[name] = value;
  }
  return out;
}

/** The message (and placeholders) a failed validation answers with. */
export interface Failure {
  key: MessageKey;
  vars: Record<string, string | number>;
}

function fieldOf(error: ErrorObject): string | null {
  if (error.keyword === 'required') return String((error.params as { missingProperty: string }).missingProperty);
  const name = error.instancePath.split('/')[1];
  return name ? decodeURIComponent(name.replace(/~1/g, '/').replace(/~0/g, '~')) : null;
}

/**
 * The failure of the first declared field that broke a rule, or null when no error names a declared
 * field (the body was not an object at all: the caller answers a generic bad request).
 */
export function firstFailure(fields: Fields, errors: readonly ErrorObject[]): Failure | null {
  const order = Object.keys(fields);
  let best: { index: number; error: ErrorObject } | null = null;
  for (const error of errors) {
    const name = fieldOf(error);
    const index = name === null ? -1 : order.indexOf(name);
    if (index < 0) continue;
    const better = !best || index < best.index || (index === best.index && error.keyword === 'required');
    if (better) best = { index, error };
  }
  if (!best) return null;
  const field = fields[order[best.index] as string]!;
  const { messages: on } = field;
  const vars = on.vars ?? {};
  const { error } = best;
  if (error.keyword === 'required') return { key: on.required, vars };
  if (error.keyword === 'x-amount') {
    const problem = (error.params as { problem: 'invalid' | 'zero' | 'tooLarge' }).problem;
    const key = problem === 'invalid' ? on.invalid : (on[problem] ?? on.invalid);
    return { key, vars };
  }
  return { key: on.invalid, vars };
}
