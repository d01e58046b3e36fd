import { dataResponse, orderProduct, product } from '@trailpass/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setupErrorHandler } from '../src/plugins/errors';
import { encoderOf, responseSerializerCompiler } from '../src/plugins/response-encoding';

/**
 * Encoding answers through the contract's schemas (decision 0023, rounds five and six): the compiled encoder
 * must give exactly what `schema.encode` gives, or be `encode` itself where the two directions differ, for
 * the JSON templates and for every route's answer (the serializer compiler).
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

describe('responseSerializerCompiler', () => {
  async function appAnswering(body: unknown) {
    const app = Fastify({ logger: false });
    app.setSerializerCompiler(responseSerializerCompiler);
    setupErrorHandler(app);
    app.get('/x', { schema: { response: { 200: orderProduct } } }, async () => body);
    await app.ready();
    return app;
  }

  it('sends the answer as the schema encodes it: its keys in order, no others', async () => {
    const app = await appAnswering({ secret: 'not in the contract', ...orderProductValue });
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(JSON.stringify(orderProduct.encode(orderProductValue)));
    await app.close();
  });

  it('answers an answer the schema refuses with a 500 that names nothing of it', async () => {
    const app = await appAnswering({ ...orderProductValue, redeemed: 7 });
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
    expect(res.body).not.toContain('redeemed');
    await app.close();
  });
});
