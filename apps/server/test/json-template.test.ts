import { dataResponse, orderProduct, product } from '@trailpass/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  EncodedJson,
  encodedArray,
  encoderOf,
  JsonPieces,
  ObjectTemplate,
} from '../src/modules/data/json-template';

/**
 * The JSON templates of the hot reads (decision 0023, rounds one and five): the compiled encoder must give
 * exactly what `schema.encode` gives, or be `encode` itself where the two directions differ; and the bytes
 * made from kept pieces must be exactly the UTF-8 of the text.
 */

const orderProductValue = {
  id: 1,
  product_id: 2,
  deal_id: 3,
  order_id: 4,
  order_deal_id: null,
  redeemed: '2026-11-25T10:00:00.000Z',
  end_date: null,
  expire_date: null,
  duplicate_date: null,
  repeatDate: null,
  redemptions: 1,
  redemptions_remaining_use: null,
  points_to_be_earned: 0,
  ticket: null,
};

describe('encoderOf', () => {
  it('gives what encode gives for the contract schemas, keys in the schema order', () => {
    const shuffled = Object.fromEntries(
      Object.entries(orderProductValue).reverse(),
    ) as typeof orderProductValue;
    const encode = encoderOf(orderProduct);
    expect(JSON.stringify(encode(shuffled))).toBe(JSON.stringify(orderProduct.encode(shuffled)));
    const list = dataResponse.shape.order_products;
    expect(JSON.stringify(encoderOf(list)([orderProductValue, orderProductValue]))).toBe(
      JSON.stringify(list.encode([orderProductValue, orderProductValue])),
    );
  });

  it('drops keys the schema does not have, as encode does', () => {
    const extra = { ...orderProductValue, secret: 'not in the contract' };
    expect(encoderOf(orderProduct)(extra)).toEqual(orderProduct.encode(extra));
    expect(JSON.stringify(encoderOf(orderProduct)(extra))).not.toContain('secret');
  });

  it('refuses what encode refuses, with a ZodError', () => {
    const bad = { ...orderProductValue, redeemed: 7 } as unknown as typeof orderProductValue;
    expect(() => orderProduct.encode(bad)).toThrow(z.ZodError);
    expect(() => encoderOf(orderProduct)(bad)).toThrow(z.ZodError);
    expect(() => encoderOf(product)({ id: 'x' })).toThrow(z.ZodError);
  });

  it('refuses unknown keys of a strict object, as encode does', () => {
    const strict = z.strictObject({ a: z.number() });
    expect(encoderOf(strict)({ a: 1 })).toEqual({ a: 1 });
    expect(() => strict.encode({ a: 1, b: 2 } as { a: number })).toThrow(z.ZodError);
    expect(() => encoderOf(strict)({ a: 1, b: 2 })).toThrow(z.ZodError);
  });

  it('is encode itself where parsing and encoding differ (codecs, defaults)', () => {
    const numberAsText = z.codec(z.string(), z.number(), {
      decode: (text) => Number(text),
      encode: (value) => String(value),
    });
    const withCodec = z.object({ n: numberAsText });
    expect(encoderOf(withCodec)({ n: 5 })).toEqual({ n: '5' });
    // Parsing fills a default in; encoding does not, and refuses the missing value.
    const withDefault = z.object({ s: z.string().default('x') });
    expect(withDefault.parse({})).toEqual({ s: 'x' });
    expect(() => withDefault.encode({} as { s: string })).toThrow(z.ZodError);
    expect(() => encoderOf(withDefault)({})).toThrow(z.ZodError);
  });
});

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
