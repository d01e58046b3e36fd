import { messagesResponse } from '@trailpass/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/db/schema';
import { dumpDatabase, readDemo } from './db/fixtures';
import { api, createTestApp, passHeaders, type TestApp, TOKENS } from './helpers';

let t: TestApp;
// The import's clock; the app's moves on when a test says so.
const T0 = new Date('2026-06-01T12:00:00.000Z');
let clock = T0;

beforeAll(async () => {
  t = await createTestApp({ now: T0, clock: () => clock });
});

afterAll(async () => {
  await t?.close();
});

const unreadCount = (token: string, userId: number | string, query = 'offerId=101') =>
  api(t.app, 'GET', `/partnerUser/${userId}/messages/unreadCount?${query}`, token);

function expectError(res: { statusCode: number; json: () => unknown }, status: number, code: string) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  const body = res.json() as { error: { code: string; message: string; fields?: Record<string, string> } };
  expect(body.error.code).toBe(code);
  return body.error;
}

describe('GET /partnerUser/{id}/messages/unreadCount (spec 7)', () => {
  it("counts the signed-in holder's unread messages on the pass offer", async () => {
    const res = await unreadCount(TOKENS.avaBrew, 1001);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unread: 2 });
    expect(res.headers['cache-control']).toBe('no-store');
    // Same user, other offer: only that offer's messages.
    expect((await unreadCount(TOKENS.avaRewards, 1001, 'offerId=102')).json()).toEqual({ unread: 1 });
    expect((await unreadCount(TOKENS.noahEmpty, 1003)).json()).toEqual({ unread: 0 });
  });

  it('agrees with /data and follows read_at', async () => {
    const data = (await api(t.app, 'GET', '/data', TOKENS.avaBrew)).json();
    expect(data.messageCounts.unread).toBe(2);
    const where = and(eq(messages.id, 702), isNull(messages.read_at));
    await t.database.db.update(messages).set({ read_at: new Date() }).where(where);
    try {
      expect((await unreadCount(TOKENS.avaBrew, 1001)).json()).toEqual({ unread: 1 });
    } finally {
      await t.database.db.update(messages).set({ read_at: null }).where(eq(messages.id, 702));
    }
  });

  it('accepts the t and dealId every web client call may carry', async () => {
    const res = await unreadCount(TOKENS.avaBrew, 1001, `offerId=101&dealId=201&t=${TOKENS.avaBrew}`);
    expect(res.statusCode).toBe(200);
  });

  it("answers 404, the same for any other id, never another user's count", async () => {
    const messagesOf = new Set<string>();
    // 1002 and 1004 exist (1004 has an unread message on 103); 999999 does not.
    for (const id of [1002, 1004, 999999]) {
      const error = expectError(await unreadCount(TOKENS.avaBrew, id), 404, 'not_found');
      messagesOf.add(error.message);
    }
    expect(messagesOf.size).toBe(1);
    expectError(await unreadCount(TOKENS.harperCheckin, 1001), 404, 'not_found');
  });

  it('answers 404 for an offer that is not the pass offer', async () => {
    expectError(await unreadCount(TOKENS.avaBrew, 1001, 'offerId=102'), 404, 'not_found');
    expectError(await unreadCount(TOKENS.harperCheckin, 1004, 'offerId=101'), 404, 'not_found');
  });

  it('answers 404 to a signed-out pass, which has no partner user', async () => {
    expectError(await unreadCount(TOKENS.guestBrew, 1001), 404, 'not_found');
  });

  it('answers 403 in preview and on an unregistered link', async () => {
    expectError(await unreadCount(TOKENS.previewProduct, 1001), 403, 'forbidden');
    expectError(await unreadCount(TOKENS.unregVenue301, 1001), 403, 'forbidden');
  });

  it('answers 401 without a known token', async () => {
    expectError(await unreadCount('no-such-token', 1001), 401, 'unauthorized');
    expectError(await unreadCount(undefined as unknown as string, 1001), 401, 'unauthorized');
  });

  it('answers 400 for a malformed id, offerId or an unknown parameter', async () => {
    for (const id of ['abc', '0', '-1', '1e3', '2147483648']) {
      const error = expectError(await unreadCount(TOKENS.avaBrew, id), 400, 'invalid_input');
      expect(error.fields?.id, id).toBeDefined();
    }
    for (const query of ['', 'offerId=', 'offerId=x']) {
      const error = expectError(await unreadCount(TOKENS.avaBrew, 1001, query), 400, 'invalid_input');
      expect(error.fields?.offerId, query).toBeDefined();
    }
    const error = expectError(
      await unreadCount(TOKENS.avaBrew, 1001, 'offerId=101&page=1'),
      400,
      'invalid_input',
    );
    expect(error.fields?.page).toBe('Unknown field.');
  });
});

// Demo: Ava (1001) on offer 101 has 701 (read @now-39d), 702 (unread, image, @now-6d), 703 (read @now-1d,
// delivered @now-2d) and 704 (unread, the XSS payload, @now-30m); on 102 she has 705 and 706; Harper (1004)
// has 707 on 103; Sam (1002) and Noah (1003) have none.
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const ago = (ms: number) => new Date(T0.getTime() - ms).toISOString();

const listMessages = (token: string, userId: number | string, query = 'offerId=101') =>
  api(t.app, 'GET', `/partnerUser/${userId}/messages?${query}`, token);
const markRead = (
  token: string,
  userId: number | string,
  messageId: number | string,
  payload: unknown = { read: true },
  query = '',
) =>
  t.app.inject({
    method: 'PUT',
    url: `/pass/api/partnerUser/${userId}/messages/${messageId}${query}`,
    headers: passHeaders(token),
    payload: payload as object,
  });

const readAtOf = async (id: number) =>
  (await t.database.db.select({ read_at: messages.read_at }).from(messages).where(eq(messages.id, id)))[0]
    ?.read_at ?? null;

describe('GET /partnerUser/{id}/messages (spec 7, Messages)', () => {
  it("answers the holder's messages on the pass offer, newest delivery first", async () => {
    const res = await listMessages(TOKENS.avaBrew, 1001);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = messagesResponse.parse(res.json());
    expect(body.data.map((m) => m.id)).toEqual([704, 703, 702, 701]);
    expect(body.data.map((m) => m.delivered_at)).toEqual([
      ago(30 * MINUTE),
      ago(2 * DAY),
      ago(6 * DAY),
      ago(39 * DAY),
    ]);
    expect(body.data.map((m) => m.read_at)).toEqual([null, ago(DAY), null, ago(39 * DAY)]);
    const [, , withImage, first] = body.data;
    expect(withImage?.image).toMatch(/driftwood-header\.svg$/);
    expect(first).toMatchObject({ subject: 'Welcome to the Lakeshore Brew Trail!', image: null });
    // Unread ones agree with the unread count.
    expect(body.data.filter((m) => m.read_at === null)).toHaveLength(
      (await unreadCount(TOKENS.avaBrew, 1001)).json().unread,
    );
  });

  it('answers the HTML exactly as imported, the XSS payload included (the app sanitises it)', async () => {
    const demo = await readDemo();
    const res = await listMessages(TOKENS.avaBrew, 1001);
    const byId = new Map(res.json().data.map((m: { id: number; message: string }) => [m.id, m.message]));
    for (const message of demo.messages ?? []) {
      if (message.offer_id !== 101 || message.partner_user_id !== 1001) continue;
      const served = byId.get(message.id) as string;
      expect(
        Buffer.from(served, 'utf8').equals(Buffer.from(message.message, 'utf8')),
        String(message.id),
      ).toBe(true);
    }
    const xss = byId.get(704) as string;
    expect(xss).toContain(`<img src="x" onerror="alert('demo-xss')">`);
    expect(xss).toContain(`href="javascript:alert('demo-xss')"`);
  });

  it("answers only the offer's messages: Ava on 102, Harper on 103, none for Sam and Noah", async () => {
    const ids = async (token: string, userId: number, query: string) =>
      (await listMessages(token, userId, query)).json().data.map((m: { id: number }) => m.id);
    expect(await ids(TOKENS.avaRewards, 1001, 'offerId=102')).toEqual([706, 705]);
    expect(await ids(TOKENS.harperCheckin, 1004, 'offerId=103')).toEqual([707]);
    expect(await ids(TOKENS.samStaff, 1002, 'offerId=101')).toEqual([]);
    expect(await ids(TOKENS.noahEmpty, 1003, 'offerId=101')).toEqual([]);
  });

  it('applies the holder guard: 404 for another user or offer and signed out, 403 preview, 401', async () => {
    const messagesOf = new Set<string>();
    for (const [token, userId, query] of [
      [TOKENS.avaBrew, 1002, 'offerId=101'],
      [TOKENS.avaBrew, 1004, 'offerId=101'],
      [TOKENS.avaBrew, 1001, 'offerId=102'], // her own messages, on the other offer
      [TOKENS.avaRewards, 1001, 'offerId=101'],
      [TOKENS.samStaff, 1001, 'offerId=101'],
      [TOKENS.guestBrew, 1001, 'offerId=101'],
    ] as const) {
      messagesOf.add(expectError(await listMessages(token, userId, query), 404, 'not_found').message);
    }
    expect(messagesOf.size).toBe(1);
    expectError(await listMessages(TOKENS.previewProduct, 1001), 403, 'forbidden');
    expectError(await listMessages(TOKENS.unregVenue301, 1001), 403, 'forbidden');
    expectError(await listMessages('no-such-token', 1001), 401, 'unauthorized');
  });

  it('answers 400 for a missing or malformed offerId, a bad id and unknown parameters', async () => {
    for (const query of ['', 'offerId=abc', 'offerId=0', 'offerId=101&page=1', 'offerId=101&read=1']) {
      expectError(await listMessages(TOKENS.avaBrew, 1001, query), 400, 'invalid_input');
    }
    expectError(await listMessages(TOKENS.avaBrew, 'abc'), 400, 'invalid_input');
    expect(
      (await listMessages(TOKENS.avaBrew, 1001, `offerId=101&dealId=201&t=${TOKENS.avaBrew}`)).statusCode,
    ).toBe(200);
  });
});

describe('PUT /partnerUser/{id}/messages/{messageId} (spec 7, Mark read)', () => {
  it('refuses what is not the holder’s message or not valid, and changes nothing', async () => {
    const before = await dumpDatabase(t.database.db);
    const notFoundMessages = new Set<string>();
    for (const [token, userId, messageId] of [
      [TOKENS.avaBrew, 1001, 705], // Ava's, on offer 102
      [TOKENS.avaBrew, 1001, 706],
      [TOKENS.avaBrew, 1001, 707], // Harper's
      [TOKENS.avaBrew, 1001, 999999],
      [TOKENS.avaRewards, 1001, 702], // Ava's, on offer 101, through her 102 pass
      [TOKENS.samStaff, 1002, 702], // Sam asks for Ava's message
      [TOKENS.noahEmpty, 1003, 704],
      [TOKENS.harperCheckin, 1004, 702],
      [TOKENS.avaBrew, 1002, 702], // another user id in the path
      [TOKENS.guestBrew, 1001, 702], // signed out
    ] as const) {
      notFoundMessages.add(expectError(await markRead(token, userId, messageId), 404, 'not_found').message);
    }
    expect(notFoundMessages.size).toBe(1);
    expectError(await markRead(TOKENS.previewProduct, 1001, 702), 403, 'forbidden');
    expectError(await markRead(TOKENS.unregVenue301, 1001, 702), 403, 'forbidden');
    expectError(await markRead('no-such-token', 1001, 702), 401, 'unauthorized');
    for (const payload of [
      {},
      { read: false },
      { read: 'true' },
      { read: 1 },
      { read: true, read_at: '2020-01-01T00:00:00Z' },
      [],
    ]) {
      expectError(await markRead(TOKENS.avaBrew, 1001, 702, payload), 400, 'invalid_input');
    }
    const unknownKey = expectError(
      await markRead(TOKENS.avaBrew, 1001, 702, { read: true, id: 702 }),
      400,
      'invalid_input',
    );
    expect(unknownKey.fields?.id).toBe('Unknown field.');
    for (const messageId of ['abc', '0', '-1', '2147483648']) {
      expectError(await markRead(TOKENS.avaBrew, 1001, messageId), 400, 'invalid_input');
    }
    expectError(
      await markRead(TOKENS.avaBrew, 1001, 702, { read: true }, '?offerId=101'),
      400,
      'invalid_input',
    );
    expect(await dumpDatabase(t.database.db)).toEqual(before);
  });

  it('marks an unread message read at the server’s time, once; repeating answers the first read_at', async () => {
    clock = new Date(T0.getTime() + 5 * MINUTE);
    const first = await markRead(TOKENS.avaBrew, 1001, 702);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toEqual({ id: 702, read_at: clock.toISOString() });
    expect((await readAtOf(702))?.toISOString()).toBe(clock.toISOString());
    expect((await unreadCount(TOKENS.avaBrew, 1001)).json()).toEqual({ unread: 1 });

    const firstReadAt = clock.toISOString();
    clock = new Date(T0.getTime() + 60 * MINUTE);
    const again = await markRead(
      TOKENS.avaBrew,
      1001,
      702,
      { read: true },
      `?t=${TOKENS.avaBrew}&dealId=201`,
    );
    expect(again.json()).toEqual({ id: 702, read_at: firstReadAt });
    expect((await unreadCount(TOKENS.avaBrew, 1001)).json()).toEqual({ unread: 1 });
    const listed = (await listMessages(TOKENS.avaBrew, 1001)).json().data;
    expect(listed.find((m: { id: number }) => m.id === 702).read_at).toBe(firstReadAt);
  });

  it('keeps the imported read_at of a message read before, and changes no other message', async () => {
    const others = await t.database.db
      .select({ id: messages.id, read_at: messages.read_at })
      .from(messages)
      .orderBy(asc(messages.id));
    const res = await markRead(TOKENS.avaBrew, 1001, 701);
    expect(res.json()).toEqual({ id: 701, read_at: ago(39 * DAY) });
    expect(
      await t.database.db
        .select({ id: messages.id, read_at: messages.read_at })
        .from(messages)
        .orderBy(asc(messages.id)),
    ).toEqual(others);
  });

  it('marks the same message read from parallel taps with one read_at', async () => {
    clock = new Date(T0.getTime() + 90 * MINUTE);
    const answers = await Promise.all(Array.from({ length: 5 }, () => markRead(TOKENS.avaBrew, 1001, 704)));
    const readAts = new Set(answers.map((res) => res.json().read_at));
    expect(readAts).toEqual(new Set([clock.toISOString()]));
    expect((await unreadCount(TOKENS.avaBrew, 1001)).json()).toEqual({ unread: 0 });
  });
});
