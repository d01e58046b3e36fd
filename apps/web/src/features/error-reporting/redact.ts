/** What stands in for a token in a report. */
export const REDACTED = '[redacted]';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A pass token is a password to the pass (DESIGN.md 5: never logged). Removes it from text sent in a
 * report: every `t` query value (`?t=` or `&t=`, whatever the token) and the page's own token wherever it
 * appears (a stack, a message quoting a header). The server redacts again; this keeps it off the wire.
 */
export function redactToken(text: string, token: string | null): string {
  let redacted = text.replace(/([?&]t=)[^&#\s"'<>)]*/g, `$1${REDACTED}`);
  if (token) redacted = redacted.replace(new RegExp(escapeRegExp(token), 'g'), REDACTED);
  return redacted;
}
