import { describe, expect, it } from 'vitest';
import { totpCodeOf, totpSetupKey } from './otpauth';

describe('totpSetupKey', () => {
  it('reads the key, issuer and account of better-auth’s URI', () => {
    const uri =
      'otpauth://totp/Trailpass%20console:owner%40demo.trailpass.example?secret=JBSWY3DPEHPK3PXPJBSW&issuer=Trailpass%20console&digits=6&period=30';
    expect(totpSetupKey(uri)).toEqual({
      issuer: 'Trailpass console',
      account: 'owner@demo.trailpass.example',
      groupedSecret: 'JBSW Y3DP EHPK 3PXP JBSW',
    });
  });

  it('takes the issuer from the label when the query has none, and upper-cases the key', () => {
    expect(totpSetupKey('otpauth://totp/Acme:ana?secret=abcd2345ef')).toEqual({
      issuer: 'Acme',
      account: 'ana',
      groupedSecret: 'ABCD 2345 EF',
    });
  });

  it('refuses what is not a TOTP URI with a base32 key', () => {
    expect(totpSetupKey('not a uri')).toBeNull();
    expect(totpSetupKey('https://example.com/?secret=ABCD')).toBeNull();
    expect(totpSetupKey('otpauth://hotp/Acme:ana?secret=ABCD')).toBeNull();
    expect(totpSetupKey('otpauth://totp/Acme:ana?secret=AB1C')).toBeNull();
    expect(totpSetupKey('otpauth://totp/Acme:ana')).toBeNull();
  });
});

describe('totpCodeOf', () => {
  it('keeps the six digits of a code typed with spaces or a dash', () => {
    expect(totpCodeOf(' 123 456 ')).toBe('123456');
    expect(totpCodeOf('123-456')).toBe('123456');
  });

  it('refuses anything but six digits', () => {
    expect(totpCodeOf('12345')).toBeNull();
    expect(totpCodeOf('1234567')).toBeNull();
    expect(totpCodeOf('12345a')).toBeNull();
    expect(totpCodeOf('')).toBeNull();
  });
});
