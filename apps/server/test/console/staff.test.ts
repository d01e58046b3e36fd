import { AUTH_PATHS, consolePaths } from '@trailpass/contract/console';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { console_audit } from '../../src/db/schema';
import { createTestApp, lastMail, outboxSize, type TestApp } from '../helpers';
import {
  makeStaff,
  nextAddress,
  ORIGIN,
  pathOf,
  type StaffClient,
  signIn,
  signInRequest,
} from './console-helpers';

let t: TestApp;
let owner: StaffClient;
let ownerId: string;
let managerId: string;

const staffUrl = pathOf(consolePaths.staff, { partnerId: 1 });
const memberUrl = (staffId: string) => pathOf(consolePaths.staffMember, { partnerId: 1, staffId });

beforeAll(async () => {
  t = await createTestApp();
  ownerId = await makeStaff(t, 'owner@lakeshore.test', { partnerId: 1, role: 'owner' });
  managerId = await makeStaff(t, 'manager@lakeshore.test', { partnerId: 1, role: 'manager' });
  await makeStaff(t, 'owner@northwoods.test', { partnerId: 3, role: 'owner' });
  owner = await signIn(t.app, 'owner@lakeshore.test');
});

afterAll(async () => {
  await t?.close();
});

async function audits(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(console_audit);
  return row?.n ?? 0;
}

describe('partner staff', () => {
  it('lists the partner’s staff for its owner, and not for a manager', async () => {
    const res = await owner.request({ method: 'GET', url: staffUrl });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ['manager@lakeshore.test', 'manager'],
      ['owner@lakeshore.test', 'owner'],
    ]);
    const manager = await signIn(t.app, 'manager@lakeshore.test');
    expect((await manager.request({ method: 'GET', url: staffUrl })).statusCode).toBe(403);
  });

  it('invites a new address: an account, a mailed link to choose the password, and the membership', async () => {
    const before = await audits();
    const res = await owner.request({
      method: 'POST',
      url: staffUrl,
      payload: { email: 'New.Person@Lakeshore.test', name: 'New Person', role: 'viewer' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      email: 'new.person@lakeshore.test',
      role: 'viewer',
      lockedUntil: null,
    });
    expect(await audits()).toBe(before + 1);
    const mail = await lastMail(t, 'staff-invite', 'new.person@lakeshore.test');
    expect(mail.subject).toContain('Visit Lakeshore');
    const token = /\/console\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text_body ?? '')?.[1];
    expect(token, mail.text_body ?? '').toBeDefined();
    // The link's token is better-auth's own reset token: it sets the password, and the account signs in.
    const reset = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.resetPassword,
      remoteAddress: nextAddress(),
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: { token, newPassword: 'my own new passphrase' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const invited = await signIn(t.app, 'new.person@lakeshore.test', { password: 'my own new passphrase' });
    const session = (await invited.request({ method: 'GET', url: consolePaths.session })).json();
    expect(session.memberships).toMatchObject([{ partnerId: 1, role: 'viewer' }]);
  });

  it('adds an account of another partner without a mail, and refuses someone already on the staff (409)', async () => {
    const mails = await outboxSize(t);
    const res = await owner.request({
      method: 'POST',
      url: staffUrl,
      payload: { email: 'owner@northwoods.test', role: 'manager' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await outboxSize(t)).toBe(mails);
    const again = await owner.request({
      method: 'POST',
      url: staffUrl,
      payload: { email: 'MANAGER@lakeshore.test', role: 'owner' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT' });
  });

  it('changes a role, and never takes the last owner’s away (nothing changes)', async () => {
    const res = await owner.request({
      method: 'PATCH',
      url: memberUrl(managerId),
      payload: { role: 'owner' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().role).toBe('owner');
    expect(
      (await owner.request({ method: 'PATCH', url: memberUrl(managerId), payload: { role: 'viewer' } }))
        .statusCode,
    ).toBe(200);
    const before = await audits();
    const last = await owner.request({
      method: 'PATCH',
      url: memberUrl(ownerId),
      payload: { role: 'manager' },
    });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toMatch(/at least one owner/);
    expect((await owner.request({ method: 'DELETE', url: memberUrl(ownerId) })).statusCode).toBe(409);
    expect(await audits()).toBe(before);
  });

  it('removes a member: their access to the partner ends at once', async () => {
    const viewer = await signIn(t.app, 'manager@lakeshore.test');
    const holders = pathOf(consolePaths.holders, { offerId: 101 });
    expect((await viewer.request({ method: 'GET', url: holders })).statusCode).toBe(200);
    const res = await owner.request({ method: 'DELETE', url: memberUrl(managerId) });
    expect(res.statusCode, res.body).toBe(204);
    expect((await viewer.request({ method: 'GET', url: holders })).statusCode).toBe(404);
    expect((await owner.request({ method: 'DELETE', url: memberUrl(managerId) })).statusCode).toBe(404);
  });

  it('shows a locked address as locked', async () => {
    for (let i = 0; i < 5; i++) await signInRequest(t.app, 'owner@northwoods.test', 'wrong', nextAddress());
    const list = (await owner.request({ method: 'GET', url: staffUrl })).json();
    const locked = list.items.find((m: { email: string }) => m.email === 'owner@northwoods.test');
    expect(locked.lockedUntil).not.toBeNull();
  });
});
