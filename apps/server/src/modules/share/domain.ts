/** What a share sheet gets: plain, short text and a public address (never a pass link: see service.ts). */

/** Longest share text; a share sheet, a text message or a post preview shows about this much. */
export const SHARE_TEXT_MAX = 200;

/**
 * The offer's sign-up address as an absolute https/http URL, or null. Imported addresses may lack the
 * scheme (the sign-up page adds https:// too, demo README); anything with another scheme is not shared.
 */
export function shareUrl(signupUrl: string | null): string | null {
  const value = signupUrl?.trim() ?? '';
  if (value === '') return null;
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value.replace(/^\/\//, '')}`;
  try {
    const url = new URL(absolute);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * A short plain-text sentence from the first description that has one: its first paragraph, with any
 * markup removed, whitespace collapsed and cut at a word boundary to SHARE_TEXT_MAX characters.
 */
export function shareText(candidates: ReadonlyArray<string | null | undefined>, fallback: string): string {
  for (const candidate of candidates) {
    const firstParagraph =
      (candidate ?? '')
        .replace(/<[^>]*>/g, ' ')
        .split(/\n/)
        .map((line) => line.replace(/\s+/g, ' ').trim())
        .find((line) => line !== '') ?? '';
    if (firstParagraph !== '') return shorten(firstParagraph, SHARE_TEXT_MAX);
  }
  return fallback;
}

function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}
