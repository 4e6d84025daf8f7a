import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { answerSerializer } from './answers.ts';
import { installApiErrors } from './api-errors.ts';
import { registerOpenApi } from './openapi.ts';
import { createValidator } from './validation.ts';

export interface ContractOptions {
  /** Check every answer against its route's declared schema (the test suites turn it on). */
  checkAnswers?: boolean;
  /** The version the OpenAPI document names. */
  version: string;
}

/**
 * Compiling the declared schemas is most of the time an app takes to start. A compiled check holds
 * no state of its app, so one Ajv of each kind serves the whole process and each schema is compiled
 * once: a process that builds many apps (a test file) compiles them for the first only.
 */
let validator: Ajv | null = null;
let answerChecker: Ajv | null = null;
const compiledFields = new Map<string, ValidateFunction>();

function compileFields(schema: unknown): ValidateFunction {
  const key = JSON.stringify(schema);
  let check = compiledFields.get(key);
  if (!check) {
    validator ??= createValidator();
    check = validator.compile(schema as object);
    compiledFields.set(key, check);
  }
  return check;
}

/**
 * Makes `fastify` (the /api scope) a scope of declared routes: one Ajv validates every route's
 * fields, answers are written as declared (checked when asked), failures and unknown paths answer
 * the envelope, and the declarations are published at /openapi.json. Call it before registering
 * routes.
 */
export async function installApiContract(
  fastify: FastifyInstance,
  { checkAnswers = false, version }: ContractOptions,
): Promise<void> {
  fastify.setValidatorCompiler(({ schema }) => compileFields(schema));
  if (checkAnswers) answerChecker ??= new Ajv({ strict: false, allErrors: true, validateFormats: false });
  const checker = checkAnswers ? answerChecker : null;
  fastify.setSerializerCompiler(({ schema, url }) => answerSerializer(schema as Record<string, unknown>, url, checker));
  fastify.decorateRequest('authed', null);
  installApiErrors(fastify);
  await registerOpenApi(fastify, version);
}
