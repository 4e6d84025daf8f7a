import { Ajv } from 'ajv';
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
 * Makes `fastify` (the /api scope) a scope of declared routes: one Ajv validates every route's
 * fields, answers are written as declared (checked when asked), failures and unknown paths answer
 * the envelope, and the declarations are published at /openapi.json. Call it before registering
 * routes.
 */
export async function installApiContract(fastify: FastifyInstance, { checkAnswers = false, version }: ContractOptions): Promise<void> {
  const validator = createValidator();
  fastify.setValidatorCompiler(({ schema }) => validator.compile(schema));
  const answerChecker = checkAnswers ? new Ajv({ strict: false, allErrors: true, validateFormats: false }) : null;
  fastify.setSerializerCompiler(({ schema, url }) => answerSerializer(schema as Record<string, unknown>, url, answerChecker));
  fastify.decorateRequest('authed', null);
  installApiErrors(fastify);
  await registerOpenApi(fastify, version);
}
