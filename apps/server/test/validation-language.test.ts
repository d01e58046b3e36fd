import { LANGUAGE_HEADER, loginRequest, PASS_LANGUAGES, pinNumber } from '@trailpass/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishOf, localizedError, TRANSLATED_ERROR_MESSAGES } from '../src/modules/language/errors';
import { englishSchemaMessage, TRANSLATED_SCHEMA_MESSAGES } from '../src/modules/language/validation';
import { type ValidationIssue, validationRefusalError } from '../src/plugins/errors';
import {
  api,
  callInLanguage,
  createTestApp,
  expectError,
  mintVisitor,
  passHeaders,
  type TestApp,
  TOKENS,
} from './helpers';

// Issue 32 (decision 0049): a validation refusal (400 invalid_input) in the request's language: the
// sentence, each field's message (zod's own default in that language, the catalogue's for the schema
// messages the holder app shows, else the schema's as written) and the fixed refusals of a body Fastify
// could not read. English answers are what they were.
const AVA = 1001;
const REWARDS = 102;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, language?: string, payload?: unknown, token?: string) =>
  callInLanguage(t.app, method, url, language, payload, token);

async function login(payload: unknown, language?: string) {
  const visitor = await mintVisitor(t.app);
  return api(t.app, 'POST', '/login', visitor, {
    payload: payload as object,
    headers: language === undefined ? {} : { [LANGUAGE_HEADER]: language },
  });
}

async function saveLanguage(language: string | null) {
  const res = await call('PUT', '/language', undefined, { language });
  expect(res.statusCode, res.body).toBe(200);
}

/** Ava's shipped tumbler (demo order 9009, item 9410): validation refuses before the route reads it. */
const distribution = (language: string | undefined, payload: unknown) =>
  call('PUT', `/partnerUser/${AVA}/orders/9009/order_products/9410/distribution`, language, payload);
const BAD_ADDRESS = { distribute: false, customer: { first_name: 'M'.repeat(101), phone: 5 } };

const redeem = (language: string | undefined, payload: object) =>
  call('POST', `/partnerUser/${AVA}/redeem`, language, { partnerUserId: AVA, ...payload }, TOKENS.avaBrew);

describe('validation refusals in the request’s language', () => {
  it('a sign-in with a malformed e-mail: the field the form shows and the message, in Spanish and German', async () => {
    const es = expectError(await login({ email: 'not-an-email' }, 'es'), 400, 'invalid_input');
    expect(es).toEqual({
      code: 'invalid_input',
      message:
        'El cuerpo de la solicitud no es válido (email: Introduce una dirección de correo electrónico válida)',
      fields: { email: 'Introduce una dirección de correo electrónico válida' },
    });
    const de = expectError(await login({ email: 'ab' }, 'de'), 400, 'invalid_input');
    expect(de.fields).toEqual({ email: 'Mindestens 3 Zeichen' });
    expect(de.message).toBe('Der Anfragetext ist ungültig (email: Mindestens 3 Zeichen)');
  });

  it('English as it was, with or without the header; an unknown header counts as none', async () => {
    const english = await login({ email: 'not-an-email' });
    expect(expectError(english, 400, 'invalid_input')).toEqual({
      code: 'invalid_input',
      message: 'The request body is invalid (email: Enter a valid e-mail address)',
      fields: { email: 'Enter a valid e-mail address' },
    });
    expect((await login({ email: 'not-an-email' }, 'en')).body).toBe(english.body);
    expect((await login({ email: 'not-an-email' }, 'xx')).body).toBe(english.body);
    expect(expectError(await distribution(undefined, BAD_ADDRESS), 400, 'invalid_input')).toEqual({
      code: 'invalid_input',
      message:
        'The request body is invalid (customer.first_name: Too big: expected string to have <=100 characters; ' +
        'customer.phone: Invalid input: expected string, received number)',
      fields: {
        'customer.first_name': 'Too big: expected string to have <=100 characters',
        'customer.phone': 'Invalid input: expected string, received number',
      },
    });
  });

  it('zod’s own messages in zod’s words for the language, the type it received read from the request', async () => {
    const de = expectError(await distribution('de', BAD_ADDRESS), 400, 'invalid_input');
    expect(de.fields).toEqual({
      'customer.first_name': 'Zu groß: erwartet, dass string <=100 Zeichen hat',
      'customer.phone': 'Ungültige Eingabe: erwartet string, erhalten Zahl',
    });
    expect(de.message).toBe(
      'Der Anfragetext ist ungültig (customer.first_name: Zu groß: erwartet, dass string <=100 Zeichen hat; ' +
        'customer.phone: Ungültige Eingabe: erwartet string, erhalten Zahl)',
    );
    const es = expectError(await distribution('es', BAD_ADDRESS), 400, 'invalid_input');
    expect(es.fields).toEqual({
      'customer.first_name': 'Demasiado grande: se esperaba que texto tuviera <=100 caracteres',
      'customer.phone': 'Entrada inválida: se esperaba texto, recibido número',
    });
  });

  it('an unknown field in French, in the query string', async () => {
    const fr = expectError(
      await call('GET', `/partnerUser/${AVA}/share?offerId=${REWARDS}&foo=1`, 'fr'),
      400,
      'invalid_input',
    );
    expect(fr).toEqual({
      code: 'invalid_input',
      message: 'La chaîne de requête n’est pas valide (foo: Champ inconnu.)',
      fields: { foo: 'Champ inconnu.' },
    });
    const english = expectError(
      await call('GET', `/partnerUser/${AVA}/share?offerId=${REWARDS}&foo=1`),
      400,
      'invalid_input',
    );
    expect(english.message).toBe('The query string is invalid (foo: Unknown field.)');
  });

  it('a schema’s own message the app never causes stays as written; the code the PIN pad shows is translated', async () => {
    const located = await redeem('es', { orderProductIds: [9311], pinNumber: '1357', latitude: 44.5 });
    expect(located.statusCode, located.body).toBe(400);
    const body = located.json();
    expect(body.error).toEqual({
      code: 'invalid_input',
      message: 'El cuerpo de la solicitud no es válido (longitude: Send latitude and longitude together.)',
      fields: { longitude: 'Send latitude and longitude together.' },
    });
    // Redeem's answers keep their list of messages to show, the same message.
    expect(body.errors).toEqual([body.error.message]);
    expect(body.order_products).toEqual([]);
    const pin = (await redeem('fr', { orderProductIds: [9311], pinNumber: '12' })).json();
    expect(pin.error.fields).toEqual({ pinNumber: 'Saisissez le code à 4 chiffres.' });
    expect(pin.errors).toEqual([
      'Le corps de la requête n’est pas valide (pinNumber: Saisissez le code à 4 chiffres.)',
    ]);
    expect((await redeem(undefined, { orderProductIds: [9311], pinNumber: '12' })).json().errors).toEqual([
      'The request body is invalid (pinNumber: Enter the 4-digit code.)',
    ]);
  });

  it('the saved language when there is no header, the header over it', async () => {
    await saveLanguage('de');
    try {
      const saved = expectError(await distribution(undefined, BAD_ADDRESS), 400, 'invalid_input');
      expect(saved.message).toMatch(/^Der Anfragetext ist ungültig \(customer\.first_name: Zu groß/);
      const english = expectError(await distribution('en', BAD_ADDRESS), 400, 'invalid_input');
      expect(english.message).toMatch(/^The request body is invalid \(customer\.first_name: Too big/);
    } finally {
      await saveLanguage(null);
    }
    const none = expectError(await distribution(undefined, BAD_ADDRESS), 400, 'invalid_input');
    expect(none.message).toMatch(/^The request body is invalid/);
  });

  it('a body that is no object, is empty or is not JSON', async () => {
    expect(expectError(await login([1], 'es'), 400, 'invalid_input')).toEqual({
      code: 'invalid_input',
      message: 'El cuerpo de la solicitud debe ser un objeto JSON.',
    });
    expect(expectError(await login([1]), 400, 'invalid_input').message).toBe(
      'The request body must be a JSON object.',
    );
    const visitor = await mintVisitor(t.app);
    const raw = (body: string, language?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/pass/api/login',
        headers: {
          ...passHeaders(visitor),
          'content-type': 'application/json',
          ...(language ? { [LANGUAGE_HEADER]: language } : {}),
        },
        payload: body,
      });
    expect(expectError(await raw('{"email":', 'de'), 400, 'invalid_input').message).toBe(
      'Der Anfragetext ist kein gültiges JSON.',
    );
    expect(expectError(await raw('{"email":'), 400, 'invalid_input').message).toBe(
      'The request body is not valid JSON.',
    );
    // The server reads an empty JSON body as none (POST /logout takes one): no object.
    expect(expectError(await raw('', 'fr'), 400, 'invalid_input').message).toBe(
      'Le corps de la requête doit être un objet JSON.',
    );
  });
});

describe('the texts behind them', () => {
  it('each message known by its English text reads the same in the English catalogue', () => {
    for (const message of TRANSLATED_ERROR_MESSAGES) expect(englishOf(message)).toBe(message);
  });

  it('each schema message translated is the contract’s, and reads the same in the English catalogue', () => {
    const messages = (result: { error?: { issues: Array<{ message: string }> } }) =>
      (result.error?.issues ?? []).map((issue) => issue.message);
    const said = new Set([
      ...messages(loginRequest.safeParse({ email: 'ab' })),
      ...messages(loginRequest.safeParse({ email: `${'a'.repeat(250)}@example.com` })),
      ...messages(loginRequest.safeParse({ email: 'not-an-email' })),
      ...messages(pinNumber.safeParse('12')),
    ]);
    for (const message of TRANSLATED_SCHEMA_MESSAGES) {
      expect(said, message).toContain(message);
      expect(englishSchemaMessage(message)).toBe(message);
    }
  });

  it('tells a refusal in English exactly as before the catalogue, whatever its names and messages', () => {
    // The English of the earlier plugins/errors.ts, kept here to compare with.
    const NAMES: Record<string, string> = {
      body: 'request body',
      querystring: 'query string',
      params: 'path',
      headers: 'request headers',
    };
    const before = (context: string, issues: ValidationIssue[]) => {
      const where = NAMES[context] ?? 'request';
      const fields: Record<string, string> = {};
      const root: string[] = [];
      for (const issue of issues) {
        const name = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
        if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
          for (const key of issue.params.keys)
            fields[name ? `${name}.${String(key)}` : String(key)] = 'Unknown field.';
        } else if (name) fields[name] ??= issue.message ?? 'Invalid value.';
        else root.push(issue.message ?? 'Invalid value.');
      }
      const names = Object.keys(fields);
      if (names.length === 0) {
        const expectedObject = root.some((message) => /expected object/i.test(message));
        return {
          message: expectedObject
            ? `The ${where} must be a JSON object.`
            : `The ${where} is invalid: ${root.join('; ')}`,
          fields: undefined,
        };
      }
      const summary = names.map((name) => `${name}: ${fields[name]}`).join('; ');
      return { message: `The ${where} is invalid (${summary})`, fields };
    };
    const text = fc.oneof(
      fc.string(),
      fc.constantFrom('\\u0041', '\\x41', '{name}', "it's", '#', '\u0001', 'expected object', '{a, plural}'),
    );
    const issue = fc.record({
      instancePath: fc.oneof(
        fc.constant(''),
        fc.array(text, { maxLength: 3 }).map((p) => `/${p.join('/')}`),
      ),
      keyword: fc.constantFrom('invalid_type', 'unrecognized_keys', 'custom', 'too_big'),
      message: fc.option(text, { nil: undefined }),
      params: fc.record({ keys: fc.array(text, { maxLength: 3 }) }),
    });
    fc.assert(
      fc.property(
        fc.constantFrom('body', 'querystring', 'params', 'headers', 'other'),
        fc.array(issue, { maxLength: 4 }),
        (context, issues) => {
          const expected = before(context, issues);
          const error = validationRefusalError({ context, issues });
          expect(error.message).toBe(expected.message);
          expect(error.fields).toEqual(expected.fields);
          for (const language of PASS_LANGUAGES) expect(localizedError(error, language).statusCode).toBe(400);
        },
      ),
      { numRuns: 300 },
    );
  });
});
