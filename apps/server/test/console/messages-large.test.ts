import { messagePaths } from '@trailpass/contract/console';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SEND_IN_REQUEST_LIMIT } from '../../src/console/messages/service';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, type TestApp, TOKENS } from '../helpers';
import { makeStaff, pathOf, signIn } from './console-helpers';

// A message sent now to more holders than a request should write copies for: the delivery loop writes
// them right after the answer (decision 0041), once.
let t: TestApp;
const EXTRA = SEND_IN_REQUEST_LIMIT + 50;

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.execute(sql`with u as (
      insert into partner_users (partner_id, first_name, last_name, name, email)
      select 1, 'Load', 'Holder ' || g, 'Load Holder ' || g, 'load' || g || '@example.com'
      from generate_series(1, ${EXTRA}) g returning id)
    insert into passes (partner_user_id, offer_id) select id, 101 from u`);
  await makeStaff(t, 'manager@lakeshore.test', { partnerId: 1, role: 'manager' });
});

afterAll(async () => {
  await t?.close();
});

describe('a message to many holders, sent now', () => {
  it('answers before its copies are written, and every holder then has it once', async () => {
    const manager = await signIn(t.app, 'manager@lakeshore.test');
    const unread = async () =>
      (await api(t.app, 'GET', '/partnerUser/1001/messages/unreadCount?offerId=101', TOKENS.avaBrew)).json()
        .unread as number;
    const before = await unread();
    const url = pathOf(messagePaths.messages, { offerId: 101 });
    const res = await manager.request({
      method: 'POST',
      url,
      payload: { title: 'To all', html: '<p>Hi all</p>' },
    });
    expect(res.statusCode, res.body).toBe(201);
    // The demo's three holders of the Brew Trail and the ones made here.
    expect(res.json()).toMatchObject({ recipients: EXTRA + 3 });
    await vi.waitFor(
      async () => {
        const listed = (await manager.request({ method: 'GET', url })).json();
        expect(listed.items[0]).toMatchObject({ title: 'To all', status: 'sent', recipients: EXTRA + 3 });
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(await unread()).toBe(before + 1);
    const [copies] = await queryRows<{ n: number; d: number }>(
      t.database.db,
      sql`select count(*)::int as n, count(distinct partner_user_id)::int as d
        from messages where console_message_id = ${res.json().id}`,
    );
    expect(copies).toEqual({ n: EXTRA + 3, d: EXTRA + 3 });
  }, 60_000);
});
