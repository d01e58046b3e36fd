import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, expectError, type TestApp, TOKENS } from '../helpers';

/** Bugs the security suites found, each kept by a test of its own. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

// Found by the fuzzing suite: Fastify refuses these before any route or error handler runs, and answered
// with its own body ({ error, code, message, statusCode }) instead of the one error shape.
/** No hook runs before routing: the refusal sets the security headers itself, and is never stored. */
function expectRefusalHeaders(res: { headers: Record<string, unknown> }) {
  expect(res.headers).toMatchObject({
    'cache-control': 'no-store',
    'content-security-policy': expect.stringContaining("default-src 'self'"),
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
  });
}

describe('refusals before routing', () => {
  it('answers a path segment longer than the router takes in the one error shape (400)', async () => {
    const res = await api(t.app, 'GET', `/partnerUser/${'é'.repeat(300)}/orders/1`, TOKENS.avaBrew);
    expect(expectError(res, 400, 'invalid_input').message).toBe('A part of the URL path is too long.');
    expectRefusalHeaders(res);
    // Under a path no route of the API takes, the same refusal (the 404 route of unknown API paths).
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/pass/api/nope/${encodeURI('é'.repeat(300))}`,
    });
    expect(expectError(unknown, 400, 'invalid_input').message).toBe('A part of the URL path is too long.');
    expectRefusalHeaders(unknown);
  });

  it('answers a URL that does not decode in the one error shape (400)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pass/api/partnerUser/%E0%A4%A/orders/1' });
    expect(expectError(res, 400, 'invalid_input').message).toBe(
      'The URL is not valid: part of it does not decode.',
    );
    expectRefusalHeaders(res);
  });
});

// Found by the fuzzing suite: a body id past the Postgres integer range reached the query and failed there
// (500); body ids are now bounded like path ids (contract common.ts MAX_ID).
describe('ids beyond the database’s integers', () => {
  it('are invalid input (400) in a body, as in a path', async () => {
    const tooBig = 2_147_483_648;
    const checkIn = await api(t.app, 'POST', '/partnerUser/1001/checkIn', TOKENS.avaBrew, {
      payload: { partnerUserId: 1001, orderProductIds: [tooBig] },
    });
    // (The redeem calls add spec 7's lists beside the error.)
    expect(checkIn.statusCode, checkIn.body).toBe(400);
    expect(checkIn.json().error.fields).toHaveProperty(['orderProductIds.0']);
    const itemDates = await api(t.app, 'POST', '/partnerUser/1001/itemDates', TOKENS.avaBrew, {
      payload: { products: [{ orderProductId: tooBig, date: '2030-01-01', time: '16:00' }] },
    });
    expectError(itemDates, 400, 'invalid_input');
    expectError(
      await api(t.app, 'GET', `/partnerUser/1001/orders/${tooBig}`, TOKENS.avaBrew),
      400,
      'invalid_input',
    );
  });
});
