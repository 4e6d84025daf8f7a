import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import Type from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { DuplicateGuard } from '../../../domain/duplicate-guard.ts';
import { type SentAmount } from '../../../domain/money.ts';
import type { Auth } from '../../auth.ts';
import { ok } from '../../envelope.ts';
import { closedSchema } from '../answers.ts';
import { amount, int, messages, optional, secret, text, withDefault } from '../fields.ts';
import { installApiContract } from '../install.ts';
import { routeDeclarer } from '../route.ts';
import { createValidator, firstFailure, normalizeInput } from '../validation.ts';

const noAuth: Auth = {
  require: () => {
    throw new Error('no auth in this test');
  },
  optional: () => null,
  forToken: () => null,
};

/** A bare /api scope with one declared route whose handler answers `answer`. */
async function appWith(answer: unknown, checkAnswers: boolean): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(formbody);
  await app.register(
    async (api) => {
      await installApiContract(api, { checkAnswers, version: 'test' });
      const route = routeDeclarer(api, { auth: noAuth, guard: new DuplicateGuard(2000, Date.now), rateLimit: false });
      route({
        method: 'POST',
        url: '/thing',
        summary: 'a thing',
        auth: 'none',
        answer: Type.Object({ name: Type.String() }),
        handler: () => answer as ReturnType<typeof ok<{ name: string }>>,
      });
    },
    { prefix: '/api' },
  );
  await app.ready();
  return app;
}

describe('answers', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  it('are written whole, never cut down to the declaration', async () => {
    app = await appWith(ok({ name: 'a', extra: 1 }), false);
    expect((await app.inject({ method: 'POST', url: '/api/thing' })).json()).toEqual({
      code: 1,
      msg: '',
      data: { name: 'a', extra: 1 },
    });
  });

  it('fail loudly when checked and the route sends an undeclared or a missing field', async () => {
    app = await appWith(ok({ name: 'a', extra: 1 }), true);
    const extra = await app.inject({ method: 'POST', url: '/api/thing' });
    expect(extra.statusCode).toBe(500);
    expect(extra.json()).toEqual({ code: 0, msg: 'Something went wrong on our side, please try again', data: null });
    await app.close();
    app = await appWith(ok({}), true);
    expect((await app.inject({ method: 'POST', url: '/api/thing' })).statusCode).toBe(500);
    await app.close();
    app = await appWith(ok({ name: 'a' }), true);
    expect((await app.inject({ method: 'POST', url: '/api/thing' })).json()).toEqual({
      code: 1,
      msg: '',
      data: { name: 'a' },
    });
  });

  it('closedSchema forbids undeclared properties in every object, however deep', () => {
    const schema = Type.Object({
      list: Type.Array(Type.Object({ a: Type.String() })),
      maybe: Type.Union([Type.Object({ b: Type.Integer() }), Type.Null()]),
    });
    expect(closedSchema(schema)).toMatchObject({
      additionalProperties: false,
      properties: {
        list: { items: { additionalProperties: false } },
        maybe: { anyOf: [{ additionalProperties: false }, { type: 'null' }] },
      },
    });
  });
});

describe('field checks', () => {
  const fields = {
    name: text(messages('login.required'), { max: 5 }),
    password: secret(messages('validate.passwordRule')),
    page: withDefault(int(messages('notice.pageInvalid'), { min: 1, max: 9 }), 1),
    stake: optional(
      amount({
        required: 'option.amountRequired',
        invalid: 'option.amountInvalid',
        zero: 'option.amountInvalid',
        tooLarge: 'trade.tooLarge',
      }),
    ),
  };
  const schema = {
    type: 'object',
    properties: Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.schema])),
    required: ['name', 'password'],
  };
  const check = (input: Record<string, unknown>) => {
    const validate = createValidator().compile(schema);
    const data = normalizeInput(fields, input);
    return validate(data) ? { data, failure: null } : { data, failure: firstFailure(fields, validate.errors ?? []) };
  };

  it('reads a repeated text field as its first value, trims text but never a password, and counts a blank text as absent', () => {
    expect(normalizeInput(fields, { name: [' ann ', 'bob'], password: ' pw ', stake: ' ', other: 'kept' })).toEqual({
      name: 'ann',
      password: ' pw ',
      other: 'kept',
    });
  });

  it('takes a whole number only as plain digits: hex, exponent, sign, padding, a leading zero, blank or twice is refused', () => {
    expect(check({ name: 'ann', password: 'x', page: '7' }).failure).toBeNull();
    expect(check({ name: 'ann', password: 'x', page: ['7'] }).failure).toBeNull();
    for (const page of ['0x7', '7e0', '+7', ' 7 ', '07', '7.0', '  ', ['7', '7'], ['7', '8']]) {
      expect(check({ name: 'ann', password: 'x', page }).failure, JSON.stringify(page)).toEqual({
        key: 'notice.pageInvalid',
        vars: {},
      });
    }
  });

  it('reports the first declared field that broke a rule, whatever order the validator found them in', () => {
    expect(check({ page: '99', stake: '-1' }).failure).toEqual({ key: 'login.required', vars: {} });
    expect(check({ name: 'ann', password: 'x', page: '99', stake: '-1' }).failure).toEqual({
      key: 'notice.pageInvalid',
      vars: {},
    });
    expect(check({ name: 'ann', password: 'x', stake: '0.000' }).failure).toEqual({
      key: 'option.amountInvalid',
      vars: {},
    });
    expect(check({ name: 'ann', password: 'x', stake: '10000000000.5' }).failure).toEqual({
      key: 'trade.tooLarge',
      vars: {},
    });
    expect(check({ name: 'toolong', password: 'x' }).failure).toEqual({ key: 'login.required', vars: {} });
  });

  it('coerces form text to the declared types and fills defaults', () => {
    const { data, failure } = check({ name: 'ann', password: 'x', page: '7', stake: '010.50' });
    expect(failure).toBeNull();
    expect(data).toEqual({ name: 'ann', password: 'x', page: 7, stake: '010.50' });
    expect(fields.stake.key(fields.stake.read(data.stake))).toBe('10.5');
    expect(check({ name: 'ann', password: 'x' }).data.page).toBe(1);
  });

  it('gives an amount to the handler only through its precision', () => {
    const sent = fields.stake.read('12.3400') as SentAmount;
    expect(sent.decimals).toBe(2);
    expect(sent.units(2)).toBe(1_234_000_000n);
    expect(sent.units(1)).toBeNull();
  });
});
