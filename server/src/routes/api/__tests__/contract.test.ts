import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../../db/seed.ts';
import { login, startTestApp, type TestApp } from '../../../__tests__/harness/index.ts';

/**
 * The declared API contract (docs/architecture.md#the-server), checked from the outside: what /api/openapi.json
 * publishes is what the routes validate, a refused field answers the envelope with a translated
 * message and changes nothing, and no answer under /api leaves the envelope.
 */

interface Schema {
  type?: string;
  pattern?: string;
  maxLength?: number;
  format?: string;
  enum?: unknown[];
  examples?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
}

interface Operation {
  requestBody?: { content: Record<string, { schema: Schema }> };
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  security?: Record<string, unknown>[];
}

type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** The fields an operation declares: name, schema, required, in declaration order. */
function fieldsOf(operation: Operation): { name: string; schema: Schema; required: boolean }[] {
  const form = operation.requestBody?.content['application/x-www-form-urlencoded']?.schema;
  if (form)
    return Object.entries(form.properties ?? {}).map(([name, schema]) => ({
      name,
      schema,
      required: (form.required ?? []).includes(name),
    }));
  return (operation.parameters ?? [])
    .filter((p) => p.in === 'query')
    .map((p) => ({ name: p.name, schema: p.schema, required: p.required === true }));
}

/** A value that breaks the field's schema. */
function malformed(schema: Schema): string {
  if (schema.type === 'integer') return '1x';
  if (schema.pattern) return schema.format === 'password' ? '!' : '-1!';
  return 'x'.repeat((schema.maxLength ?? 200) + 1);
}

/**
 * Every row of every table: what a refused call must leave as it was. A session's last activity is
 * left out: any authenticated call, refused or not, is the session in use (moved once a minute).
 */
function everything(t: TestApp): string {
  const tables = t.db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
  return JSON.stringify(
    tables.map((table) => [table, t.db.prepare(`SELECT * FROM "${table}"`).safeIntegers(true).all()]),
    (key, value: unknown) => (key === 'last_active_at' ? null : typeof value === 'bigint' ? value.toString() : value),
  );
}

describe('the declared API contract', () => {
  let t: TestApp;
  let doc: Doc;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp();
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Doc>();
    token = await login(t, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
  });
  afterAll(async () => t.close());

  const call = async (method: string, path: string, fields: Record<string, string>, lang = 'en') => {
    const form = new URLSearchParams(fields).toString();
    const headers = { token, lang };
    const response =
      method === 'get'
        ? await t.app.inject({ method: 'GET', url: `${path}?${form}`, headers })
        : await t.app.inject({
            method: 'POST',
            url: path,
            payload: form,
            headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          });
    return { status: response.statusCode, body: response.json<{ code: number; msg: string; data: unknown }>() };
  };

  it('publishes an OpenAPI 3.1 document with a schema for every field of every route', () => {
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    expect(operations.length).toBeGreaterThanOrEqual(26);
    for (const operation of operations)
      for (const field of fieldsOf(operation)) expect(field.schema.type, field.name).toMatch(/^(string|integer)$/);
  });

  it('refuses each required field when missing and each field when malformed: the envelope, a translated message, nothing changed', async () => {
    let checked = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const fields = fieldsOf(operation);
        const valid = Object.fromEntries(fields.map((f) => [f.name, String(f.schema.examples?.[0] ?? '')]));
        const variants = [
          ...fields
            .filter((f) => f.required)
            .map((f) => ({
              label: `${f.name} missing`,
              fields: Object.fromEntries(Object.entries(valid).filter(([name]) => name !== f.name)),
            })),
          ...fields.map((f) => ({ label: `${f.name} malformed`, fields: { ...valid, [f.name]: malformed(f.schema) } })),
        ];
        for (const variant of variants) {
          const before = everything(t);
          const en = await call(method, path, variant.fields);
          const zh = await call(method, path, variant.fields, 'zh-cn');
          const where = `${method.toUpperCase()} ${path} with ${variant.label}`;
          expect(en.status, where).toBe(200);
          expect(en.body.code, where).toBe(0);
          expect(en.body.data, where).toBeNull();
          expect(en.body.msg, where).not.toBe('');
          expect(zh.body.msg, `${where}: the message in the caller's language`).not.toBe(en.body.msg);
          expect(everything(t), where).toBe(before);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  // Every integer field of the API, each sent nine ways with the whole database compared around each
  // way: the second-step fields (approval_id on six calls) and approvalStart's made it outgrow the default time.
  it("takes a whole number in plain digits only: hex, exponents, signs, padding, blank and a repeated field are refused with that field's message, and nothing is written", async () => {
    const post = async (method: string, path: string, pairs: [string, string][]) => {
      const form = pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
      const headers = { token, lang: 'en' };
      const response =
        method === 'get'
          ? await t.app.inject({ method: 'GET', url: `${path}?${form}`, headers })
          : await t.app.inject({
              method: 'POST',
              url: path,
              payload: form,
              headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
            });
      return response.json<{ code: number; msg: string; data: unknown }>();
    };
    let checked = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const fields = fieldsOf(operation);
        const valid = fields.map((f): [string, string] => [f.name, String(f.schema.examples?.[0] ?? '')]);
        for (const field of fields.filter((f) => f.schema.type === 'integer')) {
          const good = String(field.schema.examples?.[0]);
          const others = valid.filter(([name]) => name !== field.name);
          // The field's own message: what an obviously wrong value of it answers.
          const expected = (await post(method, path, [...others, [field.name, '1x']])).msg;
          const forms: [string, [string, string][]][] = [
            ['hex', [[field.name, `0x${good}`]]],
            ['exponent', [[field.name, `${good}e0`]]],
            ['plus sign', [[field.name, `+${good}`]]],
            ['minus sign', [[field.name, `-${good}`]]],
            ['padded with spaces', [[field.name, ` ${good} `]]],
            ['padded with a zero', [[field.name, `0${good}`]]],
            ['a fraction', [[field.name, `${good}.0`]]],
            [
              'sent twice',
              [
                [field.name, good],
                [field.name, good],
              ],
            ],
            ...(field.required ? [] : [['blank', [[field.name, '']]] as [string, [string, string][]]]),
          ];
          for (const [label, sent] of forms) {
            const before = everything(t);
            const answer = await post(method, path, [...others, ...sent]);
            const where = `${method.toUpperCase()} ${path} with ${field.name} ${label}`;
            expect({ code: answer.code, data: answer.data, msg: answer.msg }, where).toEqual({
              code: 0,
              data: null,
              msg: expected,
            });
            expect(everything(t), where).toBe(before);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  }, 60_000);

  it('Trade/upbbbuy: operate_type=0x1, " 1 " or sent twice places no order', async () => {
    const market = String(t.db.prepare("SELECT id FROM markets WHERE symbol = 'btcusdt'").pluck().get());
    const orders = () => t.db.prepare('SELECT COUNT(*) FROM spot_orders').pluck().get();
    const before = orders();
    for (const operate of ['0x1', ' 1 ', '01', '1e0']) {
      const answer = await call('post', '/api/Trade/upbbbuy', {
        m_id: market,
        type: '1',
        operate_type: operate,
        price: '1',
        num: '1',
      });
      expect(answer.body, operate).toEqual({
        code: 0,
        msg: 'Please choose a limit, market or stop-limit order',
        data: null,
      });
    }
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/Trade/upbbbuy',
      payload: `m_id=${market}&type=1&operate_type=1&operate_type=1&price=1&num=1`,
      headers: { token, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(twice.json()).toEqual({ code: 0, msg: 'Please choose a limit, market or stop-limit order', data: null });
    expect(orders()).toBe(before);
  });

  it.each([
    ['Login/login', { username: 'demo' }, 'Please enter your account and password'],
    ['Ems/send', { email: 'not-an-address' }, 'Please enter a valid email address'],
    [
      'Login/register',
      { type: '1', phone: '12ab', password: 'secret12', repassword: 'secret12' },
      'Please enter a valid phone number (6-20 digits)',
    ],
    [
      'Login/register',
      { type: '2', password: 'secret12', repassword: 'secret12' },
      'Please enter a valid email address',
    ],
    ['Login/register', { type: '3' }, 'Unknown registration type'],
    ['User/getNoticeList', { page: '1', limit: '51' }, 'Page and limit must be whole numbers (limit 1-50)'],
    ['User/resetpwd', { oldpassword: 'demo1234', newpassword: 'short' }, 'Password must be 6-20 letters or numbers'],
    ['Trade/upbbbuy', { m_id: '1', type: '1', operate_type: '1', num: '1' }, 'Please enter the order price'],
    ['Trade/upbbbuy', { m_id: '1', type: '1', operate_type: '2' }, 'Please enter the order amount'],
    ['Trade/upbbbuy', { m_id: '1', type: '2', operate_type: '2', amount: '5' }, 'Please enter the order quantity'],
    ['Contrade/creatorder', { m_id: '1', buytype: '1', ctime: '30', ctzed: ' ' }, 'Please enter the position size'],
    [
      'Contrade/creatorder',
      { m_id: '1', buytype: '1', ctime: '30', ctzed: '0.000' },
      'The amount must be a number greater than 0',
    ],
  ])('%s %j answers the spec message "%s"', async (path, fields, message) => {
    expect((await call('post', `/api/${path}`, fields)).body).toEqual({ code: 0, msg: message, data: null });
  });

  it('checks the rules in the spec order: the first broken field is the one reported', async () => {
    // Email before password (docs/product-rules.md#calls-and-answers), whatever order the validator found them in.
    expect(
      (await call('post', '/api/Login/register', { type: '2', email: 'nope', password: 'x', repassword: 'y' })).body
        .msg,
    ).toBe('Please enter a valid email address');
    expect(
      (await call('post', '/api/Login/register', { type: '2', email: 'a@example.com', password: 'x', repassword: 'y' }))
        .body.msg,
    ).toBe('Password must be 6-20 letters or numbers');
    // Limit order: price before quantity.
    expect((await call('post', '/api/Trade/upbbbuy', { m_id: '1', type: '1', operate_type: '1' })).body.msg).toBe(
      'Please enter the order price',
    );
    // Nothing at all: the first field.
    expect((await call('post', '/api/Contrade/creatorder', {})).body.msg).toBe('This trading pair does not exist');
  });

  it('compares numbers as values: 10, 10.0 and 010 are one order for the double-submit guard', async () => {
    const market = t.db.prepare("SELECT id FROM markets WHERE symbol = 'btcusdt'").pluck().get() as number;
    const order = (ctzed: string) =>
      call('post', '/api/Contrade/creatorder', { m_id: String(market), buytype: '1', ctime: '30', ctzed });
    const orders = () => t.db.prepare('SELECT COUNT(*) FROM option_orders').pluck().get();
    const before = orders();
    expect((await order('10')).body.code).toBe(1);
    expect((await order('10.0')).body).toEqual({
      code: 0,
      msg: 'This order was just submitted, please wait a moment',
      data: null,
    });
    expect((await order('010')).body.msg).toBe('This order was just submitted, please wait a moment');
    expect(orders()).toBe((before as number) + 1);
    // A different stake is another order.
    expect((await order('11')).body.code).toBe(1);
  });

  it('answers an unknown path, a wrong method, an unreadable body and an oversized body in the envelope', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/api/nothing' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 0, msg: 'This service does not exist', data: null });
    const zh = await t.app.inject({ method: 'POST', url: '/api/nothing', headers: { lang: 'zh-cn' } });
    expect(zh.json()).toEqual({ code: 0, msg: '该服务不存在', data: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/Login/login' })).json()).toMatchObject({
      code: 0,
      data: null,
    });
    // A body that carries no form fields is a request without them.
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/Login/login',
      payload: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.json()).toEqual({ code: 0, msg: 'Please enter your account and password', data: null });
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/Login/login',
      payload: '<a/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ code: 0, msg: 'Invalid request', data: null });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/Login/login',
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.json()).toEqual({ code: 0, msg: 'Invalid request', data: null });
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/Login/login',
      payload: `username=${'x'.repeat(2 * 1024 * 1024)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ code: 0, msg: 'The request is too large', data: null });
  });

  it('answers a 100 KB query, which Node refuses before any route, in the envelope too', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: `/api/index/getLangList?q=${'x'.repeat(100 * 1024)}` },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ code: 0, msg: 'The request is too large', data: null });
  });
});
