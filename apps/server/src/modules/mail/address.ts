/**
 * Addresses and header text of e-mails (issue 29): what may reach a header. A line break in a header value
 * would end the header and start another (`Bcc: ...`), so addresses with one are refused, and display
 * names and subjects have theirs turned into spaces before anything is stored.
 */

/** A mailbox: an address and, optionally, the name shown for it. */
export interface MailAddress {
  address: string;
  name?: string | null | undefined;
}

export class MailAddressError extends Error {
  override name = 'MailAddressError';
}

/** Control and format characters (CR, LF, NUL, tab, zero-width ...) and the Unicode line and paragraph separators. */
const UNSAFE_IN_HEADER = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu;
/** Characters that never occur in an address we send to (whitespace, and the ones that end or quote an address). */
const NOT_IN_ADDRESS = /[\s\p{Cc}\p{Cf}\p{Zl}\p{Zp}<>()[\]\\,;:"]/u;

/**
 * Display text for a header (a name, a subject): every run of line breaks and other control characters
 * becomes one space, and the ends are trimmed. Names come from imports and forms; a stray line break in
 * one must neither reach a header nor stop the holder's e-mail.
 */
export function headerText(value: string): string {
  return value.replace(UNSAFE_IN_HEADER, ' ').replace(/ {2,}/g, ' ').trim();
}

/** A person's name as a mailbox or a message shows it: first and last, or null when both are empty. */
export function fullName(person: { first_name?: string | null; last_name?: string | null }): string | null {
  const name = [person.first_name, person.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name === '' ? null : name;
}

/**
 * Whether `value` is an address we can send to: `local@domain.tld`, one at sign, no whitespace or
 * control character, at most 254 characters. Stricter than RFC 5322 (no quoted local parts, no comments)
 * on purpose: whatever passes can be put in a header as it is.
 */
export function isMailAddress(value: string): boolean {
  if (value.length > 254 || NOT_IN_ADDRESS.test(value)) return false;
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@')) return false;
  const domain = value.slice(at + 1);
  const labels = domain.split('.');
  return labels.length >= 2 && labels.every((label) => label.length > 0);
}

/**
 * The mailbox as it will be stored and sent: the address checked (a MailAddressError names `field` when it
 * is not one we can send to, a line break included) and the name made header-safe (null when empty).
 */
export function safeMailbox(mailbox: MailAddress, field: string): { address: string; name: string | null } {
  const address = mailbox.address.trim();
  if (!isMailAddress(address)) {
    throw new MailAddressError(
      `${field} is not an e-mail address that can be sent to (${JSON.stringify(mailbox.address)})`,
    );
  }
  const name = mailbox.name == null ? '' : headerText(mailbox.name);
  return { address, name: name === '' ? null : name };
}

/**
 * Reads a mailbox written as `address` or `Name <address>` (MAIL_FROM); null when it is neither, or the
 * name or address would not be safe in a header.
 */
export function parseMailbox(text: string): { address: string; name: string | null } | null {
  const trimmed = text.trim();
  const angled = /^(.*?)\s*<([^<>]*)>$/u.exec(trimmed);
  const rawName = angled ? (angled[1] ?? '').trim().replace(/^"(.*)"$/u, '$1') : '';
  const address = angled ? (angled[2] ?? '').trim() : trimmed;
  if (!isMailAddress(address)) return null;
  if (headerText(rawName) !== rawName || /[<>"]/u.test(rawName)) return null;
  return { address, name: rawName === '' ? null : rawName };
}
