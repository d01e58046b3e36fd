import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';

/**
 * Postgres (and PGlite) text cannot hold U+0000: a statement given one fails with "invalid byte sequence",
 * which reached the client as a 500 (the console fuzzer found it with `q=a%00b` on the holder list). The
 * schemas are the contract's, shared with the apps, and no text field of theirs can mean a NUL, so every
 * route's validation refuses one first, in one place, before anything runs: a 400 naming the field.
 */
export const NUL_MESSAGE = 'Text cannot contain a NUL character (U+0000).';

/**
 * Where in a request part (parsed JSON, a query, path parameters) a string or a key holds U+0000, as a JSON
 * pointer (`/q`, `/items/0/name`), or null. Walked with a stack, not recursion: a body may nest deeply. A body
 * of bytes is left to its route, which reads it.
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

/** fastify-type-provider-zod's validator, after the NUL check; its refusal is a validation issue as zod's are. */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data: unknown) => {
    const instancePath = nulCharacterPath(data);
    if (instancePath === null) return validate(data);
    return {
      error: [{ keyword: 'custom', instancePath, schemaPath: '#', params: {}, message: NUL_MESSAGE }],
    };
  };
};
