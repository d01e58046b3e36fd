import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { page_views } from '../src/db/schema';
import { api, createTestApp, expectError, type TestApp, TOKENS } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const SESSION_DEVICE = 'sess_4f9c2a7e1b';
const LOCAL_DEVICE = 'local-8d3e6b0a5c7f';

describe('POST /events/page-view device ids', () => {
  it('stores the session and local device ids with the view', async () => {
    const res = await api(t.app, 'POST', '/events/page-view', TOKENS.avaBrew, {
      payload: {
        route_name: 'Experiences',
        session_device_id: SESSION_DEVICE,
        local_device_id: LOCAL_DEVICE,
      },
    });
    expect(res.statusCode, res.body).toBe(204);
    const rows = await t.database.db
      .select()
      .from(page_views)
      .where(eq(page_views.route_name, 'Experiences'));
    expect(rows).toEqual([
      expect.objectContaining({
        partner_user_id: 1001,
        offer_id: 101,
        session_device_id: SESSION_DEVICE,
        local_device_id: LOCAL_DEVICE,
      }),
    ]);
  });

  it('stores a view with one of the two ids, the other null', async () => {
    const res = await api(t.app, 'POST', '/events/page-view', TOKENS.guestBrew, {
      payload: { route_name: 'Explore', local_device_id: LOCAL_DEVICE },
    });
    expect(res.statusCode, res.body).toBe(204);
    const rows = await t.database.db.select().from(page_views).where(eq(page_views.route_name, 'Explore'));
    expect(rows).toEqual([
      expect.objectContaining({ session_device_id: null, local_device_id: LOCAL_DEVICE }),
    ]);
  });

  it.each([
    ['too short', { session_device_id: 'abc' }],
    ['with a space', { local_device_id: 'abc def ghi' }],
    ['too long', { local_device_id: 'x'.repeat(65) }],
    ['not a string', { session_device_id: 12345678 }],
  ])('400 for a device id %s, nothing stored', async (_name, ids) => {
    const before = await t.database.db.select().from(page_views);
    const res = await api(t.app, 'POST', '/events/page-view', TOKENS.avaBrew, {
      payload: { route_name: 'More', ...ids },
    });
    const error = expectError(res, 400, 'invalid_input');
    expect(Object.keys(error.fields ?? {})).toEqual(Object.keys(ids));
    expect(await t.database.db.select().from(page_views)).toEqual(before);
  });
});
