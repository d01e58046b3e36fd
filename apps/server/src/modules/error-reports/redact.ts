/** What a token in a stored error report is replaced with. */
export const REDACTED_TEXT = '[redacted]';

/**
 * A `t` query parameter (the pass token) and its value, also percent-encoded inside another URL
 * (`%3Ft%3D...`). Tokens are URL-safe characters, so the value ends at any separator (`&`, `#`, `%26`,
 * a space, a quote, a bracket, a colon as in a stack's `?t=...:12:34`).
 */
const TOKEN_PARAM = /(^|[?&;]|%3F|%26)(t|%74)(=|%3D)(?:(?!%26|%23)[^&#\s"'<>():;,])*/gi;
/** The token header written out, as in a logged request (`X-Pass-Token: ...`, `"x-pass-token":"..."`). */
const TOKEN_HEADER_TEXT = /(x-pass-token["']?\s*[:=]\s*["']?)[^\s"',;}]+/gi;

/**
 * Removes pass tokens from a text the app sent: the session's own token wherever it appears, any `t=`
 * query parameter's value and any `X-Pass-Token` header value. The app redacts before sending too, but
 * the server does not rely on it: a report is read by people who must not be able to open the pass.
 */
export function redactTokens(text: string, sessionToken: string | undefined): string {
  let redacted = text;
  if (sessionToken) {
    redacted = redacted.split(sessionToken).join(REDACTED_TEXT);
    const encoded = encodeURIComponent(sessionToken);
    if (encoded !== sessionToken) redacted = redacted.split(encoded).join(REDACTED_TEXT);
  }
  return redacted
    .replace(
      TOKEN_PARAM,
      (_match, before: string, name: string, equals: string) => `${before}${name}${equals}${REDACTED_TEXT}`,
    )
    .replace(TOKEN_HEADER_TEXT, (_match, label: string) => `${label}${REDACTED_TEXT}`);
}
