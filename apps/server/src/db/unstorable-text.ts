/**
 * Text that Postgres (and PGlite) cannot store, refused where it comes in (decision 0055): requests at
 * validation (plugins/validation.ts), pass-import documents with their other checks (db/import/validate.ts).
 *
 * - U+0000: a statement given one fails with "invalid byte sequence", which reached the client as a 500 (the
 *   console fuzzer found it with `q=a%00b` on the holder list).
 * - A lone surrogate (one half of a UTF-16 pair, which only a JSON `\ud800` escape can bring): it has no UTF-8
 *   form, so a text column silently got U+FFFD instead, and a jsonb value (an audit row's `after`, an order's
 *   address) failed with "invalid input syntax for type json", again a 500 (the console fuzzer, creating a
 *   holder named `\ud800`).
 */
export const NUL_MESSAGE = 'Text cannot contain a NUL character (U+0000).';
export const LONE_SURROGATE_MESSAGE =
  'Text cannot contain half of a UTF-16 surrogate pair without the other (U+D800 to U+DFFF).';

const problemOf = (text: string): string | null =>
  text.includes('\u0000') ? NUL_MESSAGE : text.isWellFormed() ? null : LONE_SURROGATE_MESSAGE;

/**
 * The first string or key in a value (a request's parsed JSON, query or path parameters; an import document)
 * that cannot be stored, as a JSON pointer (`/q`, `/items/0/name`) with the message saying why; or null.
 * Walked with a stack, not recursion: a body may nest deeply. A body of bytes is left to its route, which
 * reads it.
 */
export function unstorableTextAt(value: unknown): { path: string; message: string } | null {
  const stack: Array<[unknown, string]> = [[value, '']];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [node, path] = next;
    if (typeof node === 'string') {
      const message = problemOf(node);
      if (message) return { path, message };
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    // Bytes are not text: a body taken as a Buffer (the content upload's zip or document, up to tens of MB)
    // is not walked byte by byte, which took seconds and gigabytes for a 10 MB upload.
    if (ArrayBuffer.isView(node)) continue;
    for (const [key, child] of Object.entries(node)) {
      const message = problemOf(key);
      if (message) return { path: `${path}/${key}`, message };
      stack.push([child, `${path}/${key}`]);
    }
  }
  return null;
}
