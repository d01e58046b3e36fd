import { describe, expect, it } from 'vitest';
import { REDACTED_TEXT, redactTokens } from '../src/modules/error-reports/redact';

const TOKEN = 'demo-ava-brew-7Qx2mK9pL4vN8rT1';

describe('redactTokens', () => {
  it.each([
    ['the session’s token anywhere', `token ${TOKEN} here`, 'token [redacted] here'],
    ['a t parameter first', '/pass?t=abc123&x=1', '/pass?t=[redacted]&x=1'],
    ['a t parameter later', '/pass?x=1&t=abc123#top', '/pass?x=1&t=[redacted]#top'],
    ['a t parameter alone', 't=abc123', 't=[redacted]'],
    [
      'an encoded t parameter inside another URL',
      'next=%2Fpass%3Ft%3Dabc123%26x%3D1',
      'next=%2Fpass%3Ft%3D[redacted]%26x%3D1',
    ],
    ['an encoded parameter name', '/pass?%74=abc123', '/pass?%74=[redacted]'],
    ['a T parameter', '/pass?T=abc123', '/pass?T=[redacted]'],
    ['the header as text', 'X-Pass-Token: abc123 sent', 'X-Pass-Token: [redacted] sent'],
    ['the header in JSON', '{"x-pass-token":"abc123","a":1}', '{"x-pass-token":"[redacted]","a":1}'],
  ])('redacts %s', (_name, text, expected) => {
    expect(redactTokens(text, TOKEN)).toBe(expected);
  });

  it('leaves other parameters and words alone', () => {
    const text = '/pass?at=1&tab=venues&st=2 wait=3 TypeError: x.t is undefined';
    expect(redactTokens(text, TOKEN)).toBe(text);
  });

  it('is the same when applied twice, and works without a session token', () => {
    const once = redactTokens(`/pass?t=${TOKEN}`, TOKEN);
    expect(once).toBe(`/pass?t=${REDACTED_TEXT}`);
    expect(redactTokens(once, TOKEN)).toBe(once);
    expect(redactTokens(`/pass?t=${TOKEN}`, undefined)).toBe(once);
  });
});
