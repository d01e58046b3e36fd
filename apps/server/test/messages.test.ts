import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/db/schema';
import { api, createTestApp, type TestApp, TOKENS } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
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
