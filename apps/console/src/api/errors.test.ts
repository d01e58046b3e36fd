import { describe, expect, it } from 'vitest';
import { ApiError, errorFromBody, onFormFields } from './errors';

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

describe('onFormFields', () => {
  it('moves the server’s field errors onto the inputs they came from', () => {
    const refused = new ApiError(422, 'Check the message.', 'VALIDATION', {
      sendAt: ['Choose a time in the future.'],
      title: ['A title is required.'],
    });
    const moved = onFormFields(refused, { sendAt: 'sendAtLocal' }) as ApiError;
    expect(moved.body.errors).toEqual({
      sendAtLocal: 'Choose a time in the future.',
      title: 'A title is required.',
    });
    expect([moved.status, moved.message, moved.code]).toEqual([422, 'Check the message.', 'VALIDATION']);
    const other = new Error('network');
    expect(onFormFields(other, { sendAt: 'sendAtLocal' })).toBe(other);
  });
});
