/**
 * Postgres (and PGlite) text cannot hold U+0000: a statement given one fails with "invalid byte sequence",
 * which reached the client as a 500 (the console fuzzer found it with `q=a%00b` on the holder list). Requests
 * are checked at validation (plugins/validation.ts), pass-import documents with their other checks
 * (db/import/validate.ts); decision 0055.
 */
export const NUL_MESSAGE = 'Text cannot contain a NUL character (U+0000).';

/**
 * Where in a value (a request's parsed JSON, query or path parameters; an import document) a string or a key
 * holds U+0000, as a JSON pointer (`/q`, `/items/0/name`), or null. Walked with a stack, not recursion: a body
 * may nest deeply. A body of bytes is left to its route, which reads it.
 */
export function nulCharacterPath(value: unknown): string | null {
  const stack: Array<[unknown, string]> = [[value, '']];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [node, path] = next;
    if (typeof node === 'string') {
      if (node.includes('\u0000')) return path;
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    // Bytes are not text: a body taken as a Buffer (the content upload's zip or document, up to tens of MB)
    // is not walked byte by byte, which took seconds and gigabytes for a 10 MB upload.
    if (ArrayBuffer.isView(node)) continue;
    for (const [key, child] of Object.entries(node)) {
      if (key.includes('\u0000')) return `${path}/${key}`;
      stack.push([child, `${path}/${key}`]);
    }
  }
  return null;
}
