import { describe, expect, it } from 'vitest';
import { loginRequest } from './auth';

describe('loginRequest', () => {
  it('accepts a plain address and trims it', () => {
    expect(loginRequest.parse({ email: ' ava@example.com ' })).toEqual({ email: 'ava@example.com' });
  });
  it.each(['ava', 'ava@', 'ava@example', 'ava@example.c', '@example.com', 'a b@example.com'])(
    'rejects %s',
    (email) => {
      expect(loginRequest.safeParse({ email }).success).toBe(false);
    },
  );
  it('rejects an over-long address and unknown keys', () => {
    expect(loginRequest.safeParse({ email: `${'a'.repeat(250)}@example.com` }).success).toBe(false);
    expect(loginRequest.safeParse({ email: 'ava@example.com', admin: true }).success).toBe(false);
  });
});
