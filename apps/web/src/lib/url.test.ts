import { describe, expect, it } from 'vitest';
import { withHttps } from './url';

describe('withHttps (spec 2.14)', () => {
  it('adds https:// to links without an http prefix', () => {
    expect(withHttps('visitlakeshore.example')).toBe('https://visitlakeshore.example');
    expect(withHttps('northwoods.example/passport')).toBe('https://northwoods.example/passport');
    expect(withHttps('//cdn.example/x')).toBe('https://cdn.example/x');
  });

  it('keeps http and https links as they are', () => {
    expect(withHttps('http://northwoods.example')).toBe('http://northwoods.example');
    expect(withHttps('https://harbortown.example/check-in')).toBe('https://harbortown.example/check-in');
    expect(withHttps('HTTPS://Example.com')).toBe('HTTPS://Example.com');
  });

  it('turns a script URL into a harmless https one and drops empty values', () => {
    expect(withHttps('javascript:alert(1)')).toBe('https://javascript:alert(1)');
    expect(withHttps('  ')).toBeNull();
    expect(withHttps(null)).toBeNull();
  });
});
