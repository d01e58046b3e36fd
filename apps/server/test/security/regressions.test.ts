import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, expectError, type TestApp, TOKENS } from '../helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ importDemo: false });
});

afterAll(async () => {
  await t?.close();
});

// Found by the fuzzing suite: Fastify refuses these before any route or error handler runs, and answered
// with its own body ({ error, code, message, statusCode }) instead of the one error shape.
describe('refusals before routing', () => {
  it('answers a path segment longer than the router takes in the one error shape (400)', async () => {
    const res = await api(t.app, 'GET', `/partnerUser/${'é'.repeat(300)}/orders/1`, TOKENS.avaBrew);
    expect(expectError(res, 400, 'invalid_input').message).toBe('A part of the URL path is too long.');
  });

  it('answers a URL that does not decode in the one error shape (400)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pass/api/partnerUser/%E0%A4%A/orders/1' });
    expect(expectError(res, 400, 'invalid_input').message).toBe(
      'The URL is not valid: part of it does not decode.',
    );
  });
});
