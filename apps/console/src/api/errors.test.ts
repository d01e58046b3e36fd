import { describe, expect, it } from 'vitest';
import { errorFromBody } from './errors';

describe('errorFromBody', () => {
  it("gives react-admin the server's field messages as one string per field", () => {
    const error = errorFromBody(400, {
      message: 'Check the highlighted fields.',
      code: 'VALIDATION',
      errors: { email: ['Enter a valid e-mail address.'], phone: ['Too short.', 'Use +.'] },
    });
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION');
    expect(error.message).toBe('Check the highlighted fields.');
    expect(error.body.errors).toEqual({ email: 'Enter a valid e-mail address.', phone: 'Too short. Use +.' });
  });

  it("keeps the lock's own message and code", () => {
    const error = errorFromBody(423, {
      code: 'LOCKED',
      message: 'Locked until 10:30 after too many wrong passwords.',
    });
    expect(error.code).toBe('LOCKED');
    expect(error.message).toBe('Locked until 10:30 after too many wrong passwords.');
    expect(error.body.errors).toBeUndefined();
  });

  it('says what to do when a refusal has no message', () => {
    expect(errorFromBody(429, null).message).toMatch(/Too many tries/);
    expect(errorFromBody(429, null).code).toBe('RATE_LIMITED');
    expect(errorFromBody(502, '<html>').message).toMatch(/server could not/);
  });

  it('ignores field errors that are not lists of messages', () => {
    expect(
      errorFromBody(400, { message: 'Bad.', errors: { email: 'not a list' } }).body.errors,
    ).toBeUndefined();
  });
});
