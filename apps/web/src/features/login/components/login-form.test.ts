import { describe, expect, it } from 'vitest';
import { checkLoginEmail } from './login-form';

const firstError = (email: string) => {
  const result = checkLoginEmail(email);
  return result.ok ? null : result.message;
};

describe('login e-mail check (spec 5)', () => {
  it('gives the spec messages in order', () => {
    expect(firstError('')).toBe('Required.');
    expect(firstError('   ')).toBe('Required.');
    expect(firstError('ab')).toBe('Min 3 characters');
    expect(firstError('ava@example')).toBe('Enter a valid email address, like name@example.com');
    expect(firstError('ava@example.c')).toBe('Enter a valid email address, like name@example.com');
    expect(firstError(`${'a'.repeat(250)}@example.com`)).toBe('At most 254 characters');
  });

  it('accepts and trims a valid address', () => {
    expect(checkLoginEmail('  ava@example.com ')).toEqual({ ok: true, email: 'ava@example.com' });
  });
});
