import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EncodedJson, encodedArray, JsonPieces, ObjectTemplate } from '../src/modules/data/json-template';

/**
 * The JSON templates of the hot reads (decision 0023, rounds one and five): the bytes made from kept pieces
 * must be exactly the UTF-8 of the text, which must be what `schema.encode` gives.
 */

describe('JsonPieces', () => {
  const schema = z.object({ id: z.number(), name: z.string(), count: z.number(), tags: z.array(z.string()) });

  it('makes the UTF-8 bytes of its text, kept pieces and this request’s alike', () => {
    // A character outside Latin-1 in a kept piece and in a varying one.
    const template = new ObjectTemplate(schema, { id: 1, name: 'Brewmaster’s tour' }, ['count', 'tags']);
    const kept = template.json({ count: 0, tags: [] });
    const varying = template.json({ count: 2, tags: ['stone’s throw', '🍺'] });
    expect(kept).toBeInstanceOf(EncodedJson);
    expect(varying).toBeInstanceOf(JsonPieces);
    // Kept whole for the next request with the same simple values, bytes and all.
    expect(template.json({ count: 0, tags: [] })).toBe(kept);
    const list = encodedArray([kept, varying, new EncodedJson('null')]);
    const expected = JSON.stringify([
      { id: 1, name: 'Brewmaster’s tour', count: 0, tags: [] },
      { id: 1, name: 'Brewmaster’s tour', count: 2, tags: ['stone’s throw', '🍺'] },
      null,
    ]);
    expect(list.text).toBe(expected);
    expect(list.toBuffer().equals(Buffer.from(expected, 'utf8'))).toBe(true);
    expect(encodedArray([]).toBuffer().toString()).toBe('[]');
  });

  it('leaves out an optional key that encodes to nothing, commas and all', () => {
    const withOptional = z.object({ a: z.number().optional(), b: z.number(), c: z.string().optional() });
    const template = new ObjectTemplate(withOptional, { b: 2 }, ['a', 'c']);
    for (const values of [{}, { a: 1 }, { c: 'x' }, { a: 1, c: 'x' }] as Array<{ a?: number; c?: string }>) {
      const json = template.pieces({ a: values.a, c: values.c });
      const expected = JSON.stringify(withOptional.encode({ ...values, b: 2 }));
      expect(json.text).toBe(expected);
      expect(json.toBuffer().toString('utf8')).toBe(expected);
    }
  });
});
