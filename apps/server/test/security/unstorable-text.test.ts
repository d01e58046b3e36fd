import { consolePaths, messagePaths } from '@trailpass/contract/console';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages, partner_users } from '../../src/db/schema';
import { LONE_SURROGATE_MESSAGE, NUL_MESSAGE, unstorableTextAt } from '../../src/db/unstorable-text';
import { makeStaff, pathOf, type StaffClient, signIn } from '../console/console-helpers';
import { api, createTestApp, type TestApp, TOKENS } from '../helpers';

/**
 * Postgres text cannot hold U+0000, nor a lone surrogate (jsonb refuses it, a text column turns it into U+FFFD),
 * so either in any field of a request is refused at validation, before a statement could fail with it (500s the
 * console fuzzer found: `q=a%00b` on the holder list, a holder named `\ud800`). Decision 0055.
 */

describe('unstorableTextAt', () => {
  const at = (value: unknown) => unstorableTextAt(value)?.path ?? null;

  it('points at the string or key holding U+0000, anywhere in the part', () => {
    expect(unstorableTextAt({ q: 'a\u0000b' })).toEqual({ path: '/q', message: NUL_MESSAGE });
    expect(at({ items: [{ name: 'ok' }, { name: '\u0000' }] })).toBe('/items/1/name');
    expect(at({ 'a\u0000': 1 })).toBe('/a\u0000');
    expect(at('\u0000')).toBe('');
    expect(at({ q: 'a\\u0000b', n: 0, none: null, list: ['x'] })).toBeNull();
  });

  it('points at a lone surrogate, and lets whole pairs (emoji) through', () => {
    expect(unstorableTextAt({ firstName: '\ud800' })).toEqual({
      path: '/firstName',
      message: LONE_SURROGATE_MESSAGE,
    });
    expect(at({ list: ['ok', 'x\udc00y'] })).toBe('/list/1');
    expect(at({ 'k\udbff': 'v' })).toBe('/k\udbff');
    expect(at({ name: 'Caf\u00e9 \u{1F600} \ud83d\ude00', '\u{1F37A}': 'beer' })).toBeNull();
  });

  it('leaves a body of bytes to its route, without walking its bytes', () => {
    // The content upload takes its body as a Buffer of up to tens of MB: walked byte by byte, a 10 MB upload
    // took seconds and gigabytes before its route could refuse it.
    const entries = vi.spyOn(Object, 'entries');
    const bytes = Buffer.from([0x61, 0, 0x62]);
    expect(at(bytes)).toBeNull();
    expect(at({ file: bytes, name: 'pass\u0000.json' })).toBe('/name');
    expect(entries.mock.calls.map(([value]) => value)).not.toContain(bytes);
    entries.mockRestore();
  });

  it('walks a deeply nested body without running out of stack', () => {
    let deep: unknown = 'a\u0000b';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(at(deep)).toBe('/0'.repeat(100_000));
  });
});

describe('a request with text that cannot be stored', () => {
  let t: TestApp;
  let manager: StaffClient;
  beforeAll(async () => {
    t = await createTestApp();
    await makeStaff(t, 'manager@lakeshore.test', { partnerId: 1, role: 'manager' });
    manager = await signIn(t.app, 'manager@lakeshore.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is a 400 naming the field on the console’s holder search', async () => {
    const res = await manager.request({
      method: 'GET',
      url: `${pathOf(consolePaths.holders, { offerId: 101 })}?q=a%00b`,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', errors: { q: [NUL_MESSAGE] } });
  });

  it('is a 400 that writes nothing on a console message', async () => {
    const before = await t.database.db.select({ n: count() }).from(messages);
    const res = await manager.request({
      method: 'POST',
      url: pathOf(messagePaths.messages, { offerId: 101 }),
      payload: { title: 'Summer\u0000hours', html: '<p>Open late.</p>' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', errors: { title: [NUL_MESSAGE] } });
    expect(await t.database.db.select({ n: count() }).from(messages)).toEqual(before);
  });

  it('is a 400 that creates no holder for a name with a lone surrogate (console)', async () => {
    const before = await t.database.db.select({ n: count() }).from(partner_users);
    const res = await manager.request({
      method: 'POST',
      url: pathOf(consolePaths.holders, { offerId: 101 }),
      payload: { firstName: '\ud800', lastName: 'Holder', email: 'fuzz@example.com', phone: '+19205550123' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', errors: { firstName: [LONE_SURROGATE_MESSAGE] } });
    expect(await t.database.db.select({ n: count() }).from(partner_users)).toEqual(before);
  });

  it('is a 400 in the holder API’s shape', async () => {
    const res = await api(t.app, 'POST', '/cart', TOKENS.avaRewards, {
      payload: {
        offerId: 102,
        partnerUserId: 1001,
        qty: 1,
        itemId: 1211,
        itemType: 'product',
        deliveryMethod: 'picked\u0000up',
        payWithPoints: true,
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'invalid_input',
      fields: { deliveryMethod: NUL_MESSAGE },
    });
  });
});
