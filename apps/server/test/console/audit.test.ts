import { consolePaths } from '@trailpass/contract/console';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAudit } from '../../src/console/audit/repository';
import { console_audit } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { makeStaff, pathOf, type StaffClient, signIn } from './console-helpers';

let t: TestApp;
let owner: StaffClient;
const staff = { id: 'staff-1', email: 'owner@lakeshore.test' };

beforeAll(async () => {
  t = await createTestApp();
  await makeStaff(t, 'owner@lakeshore.test', { partnerId: 1, role: 'owner' });
  owner = await signIn(t.app, 'owner@lakeshore.test');
  const base = { staff, offerId: 101, objectType: 'holder', before: null };
  await writeAudit(t.database.db, {
    ...base,
    partnerId: 1,
    action: 'holder.create',
    objectId: 1,
    after: { a: 1 },
    at: new Date('2026-01-01T10:00:00Z'),
  });
  await writeAudit(t.database.db, {
    ...base,
    partnerId: 1,
    action: 'holder.link.mint',
    objectId: 2,
    after: null,
    at: new Date('2026-01-02T10:00:00Z'),
  });
  await writeAudit(t.database.db, {
    ...base,
    partnerId: 1,
    action: 'holder.create',
    objectId: 3,
    after: null,
    at: new Date('2026-01-03T10:00:00Z'),
  });
  await writeAudit(t.database.db, {
    ...base,
    partnerId: 3,
    action: 'holder.create',
    objectId: 4,
    after: null,
    at: new Date('2026-01-03T11:00:00Z'),
  });
});

afterAll(async () => {
  await t?.close();
});

const audit = (query: string) => `${pathOf(consolePaths.audit, { partnerId: 1 })}${query}`;

describe('audit log', () => {
  it('lists the partner’s rows only, sorted and paged on the server', async () => {
    const res = await owner.request({ method: 'GET', url: audit('?sort=at&order=desc') });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.total).toBe(3);
    expect(page.items.map((row: { objectId: string }) => row.objectId)).toEqual(['3', '2', '1']);
    expect(page.items[2]).toMatchObject({
      action: 'holder.create',
      after: { a: 1 },
      staffEmail: staff.email,
    });
    const second = (await owner.request({ method: 'GET', url: audit('?order=asc&perPage=2&page=2') })).json();
    expect(second.items.map((row: { objectId: string }) => row.objectId)).toEqual(['3']);
  });

  it('filters by action, time and search', async () => {
    const created = (await owner.request({ method: 'GET', url: audit('?action=holder.create') })).json();
    expect(created.total).toBe(2);
    const range = (
      await owner.request({
        method: 'GET',
        url: audit(
          `?from=${encodeURIComponent('2026-01-02T00:00:00Z')}&to=${encodeURIComponent('2026-01-02T23:59:59Z')}`,
        ),
      })
    ).json();
    expect(range.items.map((row: { objectId: string }) => row.objectId)).toEqual(['2']);
    expect((await owner.request({ method: 'GET', url: audit('?q=link') })).json().total).toBe(1);
  });

  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    const db = t.database.db;
    await expect(
      db.update(console_audit).set({ action: 'x' }).where(eq(console_audit.partner_id, 1)),
    ).rejects.toThrow();
    await expect(db.delete(console_audit).where(eq(console_audit.partner_id, 1))).rejects.toThrow();
    await expect(db.execute(sql`truncate console_audit`)).rejects.toThrow();
    expect((await owner.request({ method: 'GET', url: audit('') })).json().total).toBe(3);
  });
});
