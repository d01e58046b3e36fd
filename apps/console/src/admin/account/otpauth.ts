/**
 * What the staff member needs from better-auth's `otpauth://totp/<issuer>:<account>?secret=...` URI to set
 * up an authenticator app by hand: the key to type (base32, shown in groups of four as apps display it),
 * and the issuer and account the app will list it under. Null when the text is not such a URI.
 */
export interface TotpSetupKey {
  issuer: string;
  account: string;
  /** The secret in groups of four characters, for reading and typing. */
  groupedSecret: string;
}

export function totpSetupKey(uri: string): TotpSetupKey | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return null;
  }
  if (url.protocol !== 'otpauth:' || url.hostname !== 'totp') return null;
  const secret = url.searchParams.get('secret')?.toUpperCase().replace(/=+$/, '') ?? '';
  if (!/^[A-Z2-7]+$/.test(secret)) return null;
  const label = decodeURIComponent(url.pathname.replace(/^\//, ''));
  const colon = label.indexOf(':');
  const account = colon >= 0 ? label.slice(colon + 1).trim() : label;
  const issuer = url.searchParams.get('issuer') ?? (colon >= 0 ? label.slice(0, colon) : '');
  return { issuer, account, groupedSecret: secret.match(/.{1,4}/g)?.join(' ') ?? secret };
}

/**
 * A code as typed (apps show "123 456"; a paste may bring spaces or a dash): its six digits, or null when
 * it is not six digits, so that a slip is said at once rather than spending one of the rate-limited tries.
 */
export function totpCodeOf(typed: string): string | null {
  const digits = typed.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}
