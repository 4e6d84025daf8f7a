import type { Ajv, ValidateFunction } from 'ajv';
import Type, { type TSchema } from 'typebox';
import type { JsonSchema } from './fields.ts';

/**
 * The answer side of a route declaration: the docs/product-rules.md#calls-and-answers envelope around the route's `data` schema.
 * Answers are written with plain JSON.stringify (a schema-driven serializer would silently drop a
 * field the declaration forgot); instead, with `checkAnswers` on (the test suites), every answer is
 * checked against its declaration with no undeclared property allowed, so a declaration that drifts
 * from what the route sends fails a test.
 */

/** `{code, msg, data}`: data is the route's answer on success, null on a failure; `beside` adds properties next to them. */
export function envelopeSchema(data: TSchema, beside: Record<string, TSchema> = {}): TSchema {
  const optional = Object.fromEntries(Object.entries(beside).map(([name, schema]) => [name, Type.Optional(schema)]));
  return Type.Object({
    code: Type.Integer({ description: '1 ok; 0, 201, 204 failure (msg is shown); 401 log in again' }),
    msg: Type.String(),
    // A call that answers no data on success too (logout) keeps its plain null: null or null says nothing more.
    data: (data as { type?: unknown }).type === 'null' ? data : Type.Union([data, Type.Null()]),
    ...optional,
  });
}

/** A copy of `schema` in which every object without an explicit `additionalProperties` allows none. */
export function closedSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closedSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema))
    out[key] = key === 'properties' ? closeEach(value as JsonSchema) : closedSchema(value);
  if (out.type === 'object' && out.properties && out.additionalProperties === undefined)
    out.additionalProperties = false;
  return out;
}

function closeEach(properties: JsonSchema): JsonSchema {
  return Object.fromEntries(Object.entries(properties).map(([name, value]) => [name, closedSchema(value)]));
}

/** Thrown (a 500) when an answer breaks its declaration while answers are checked. */
export class AnswerContractError extends Error {
  constructor(url: string, detail: string) {
    super(`the answer of ${url} breaks its declared schema: ${detail}`);
    this.name = 'AnswerContractError';
  }
}

/** Compiled answer checks by the closed schema's text, per Ajv: each is compiled once per process (install.ts). */
const compiledAnswers = new WeakMap<Ajv, Map<string, ValidateFunction>>();

function compileAnswer(ajv: Ajv, schema: JsonSchema): ValidateFunction {
  const closed = closedSchema(schema) as JsonSchema;
  const key = JSON.stringify(closed);
  let byText = compiledAnswers.get(ajv);
  if (!byText) compiledAnswers.set(ajv, (byText = new Map()));
  let check = byText.get(key);
  if (!check) byText.set(key, (check = ajv.compile(closed)));
  return check;
}

/** A serializer for one route's answers: JSON.stringify, checked first when `ajv` is given. */
export function answerSerializer(schema: JsonSchema, url: string, ajv: Ajv | null): (data: unknown) => string {
  if (!ajv) return (data) => JSON.stringify(data);
  const check = compileAnswer(ajv, schema);
  return (data) => {
    if (!check(data)) throw new AnswerContractError(url, ajv.errorsText(check.errors));
    return JSON.stringify(data);
  };
}

/** One page of a list call: `{list, total}`, newest first unless the route says otherwise. */
export function pageOf<T extends TSchema>(item: T) {
  return Type.Object({
    list: Type.Array(item),
    total: Type.Integer({ description: 'How many rows there are in all' }),
  });
}
