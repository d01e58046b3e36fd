import { consolePaths, HOLDER_SORT_FIELDS } from '@trailpass/contract/console';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HolderSortField, listHolders } from '../../src/console/holders/repository';
import {
  console_audit,
  page_views,
  partner_users,
  passes,
  points_ledger,
  sessions,
} from '../../src/db/schema';
import { api, createTestApp, lastMail, outboxSize, type TestApp, TOKENS } from '../helpers';
import { makeStaff, pathOf, type StaffClient, signIn } from './console-helpers';

let t: TestApp;
let owner: StaffClient;
let viewer: StaffClient;

const BREW = 101;
const AVA = 1001;
const SAM = 1002;
const NOAH = 1003;

beforeAll(async () => {
  t = await createTestApp();
  await makeStaff(t, 'owner@lakeshore.test', { partnerId: 1, role: 'owner' });
  await makeStaff(t, 'viewer@lakeshore.test', { partnerId: 1, role: 'viewer' });
  owner = await signIn(t.app, 'owner@lakeshore.test');
  viewer = await signIn(t.app, 'viewer@lakeshore.test');
});

afterAll(async () => {
  await t?.close();
});

const holders = (offerId: number, query = '') => `${pathOf(consolePaths.holders, { offerId })}${query}`;
const holder = (template: string, holderId: number, offerId = BREW) =>
  pathOf(template, { offerId, holderId });

async function auditCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(console_audit);
  return row?.n ?? 0;
}

/** Ava's current points on an offer, as her own app reads them. */
async function holderOwnPoints(token: string, userId: number, offerId: number): Promise<number> {
  const res = await api(t.app, 'GET', `/partnerUser/${userId}/points/current?offerId=${offerId}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().current_points;
}

describe('holder list', () => {
  it('lists the offer’s holders with the points their own app shows', async () => {
    const res = await viewer.request({ method: 'GET', url: holders(BREW) });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.total).toBe(3);
    expect(page.items.map((row: { id: number }) => row.id)).toEqual([AVA, NOAH, SAM]);
    const ava = page.items[0];
    expect(ava).toMatchObject({ email: 'ava@example.com', firstName: 'Ava', hasLink: true });
    expect(ava.points).toBe(await holderOwnPoints(TOKENS.avaBrew, AVA, BREW));
    expect(ava.points).toBe(205);
  });

  it('pages, sorts and searches on the server', async () => {
    const byPoints = (
      await viewer.request({ method: 'GET', url: holders(BREW, '?sort=points&order=desc') })
    ).json();
    expect(byPoints.items.map((row: { points: number }) => row.points)).toEqual([400, 205, 0]);
    const second = (
      await viewer.request({ method: 'GET', url: holders(BREW, '?sort=email&page=2&perPage=1') })
    ).json();
    expect(second).toMatchObject({ total: 3, items: [{ email: 'noah@example.com' }] });
    const search = (await viewer.request({ method: 'GET', url: holders(BREW, '?q=SAM') })).json();
    expect(search).toMatchObject({ total: 1, items: [{ id: SAM }] });
    const none = (await viewer.request({ method: 'GET', url: holders(BREW, '?q=%25') })).json();
    expect(none.total).toBe(0);
    const bad = await viewer.request({ method: 'GET', url: holders(BREW, '?sort=password') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION' });
  });
});

describe('create a holder', () => {
  it('creates a partner user and their pass, audited', async () => {
    const audits = await auditCount();
    const res = await owner.request({
      method: 'POST',
      url: holders(BREW),
      payload: { firstName: 'Mia', lastName: 'Moss', email: 'Mia@Example.com', phone: '+19205550123' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ name: 'Mia Moss', email: 'Mia@Example.com', points: 0, hasLink: false });
    const [pass] = await t.database.db
      .select()
      .from(passes)
      .where(and(eq(passes.partner_user_id, created.id), eq(passes.offer_id, BREW)));
    expect(pass).toBeDefined();
    expect(await auditCount()).toBe(audits + 1);
  });

  it('refuses an e-mail that already holds the offer (409), and changes nothing', async () => {
    const users = await t.database.db.select({ n: count() }).from(partner_users);
    const audits = await auditCount();
    const res = await owner.request({
      method: 'POST',
      url: holders(BREW),
      payload: { firstName: 'Ava', lastName: 'Again', email: 'AVA@example.com' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/already has this pass/),
    });
    expect(await t.database.db.select({ n: count() }).from(partner_users)).toEqual(users);
    expect(await auditCount()).toBe(audits);
  });

  it('gives an existing partner user of the partner a pass on another offer', async () => {
    const res = await owner.request({
      method: 'POST',
      url: holders(102),
      payload: { firstName: 'Noah', lastName: 'Empty', email: 'noah@example.com' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().id).toBe(NOAH);
  });

  it('refuses bad fields with per-field errors', async () => {
    const res = await owner.request({
      method: 'POST',
      url: holders(BREW),
      payload: { firstName: '', lastName: 'X', email: 'not an address', phone: '555' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION');
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'firstName', 'phone']);
  });
});

describe('holder detail', () => {
  it('shows the ledger, orders, check-ins and points deals', async () => {
    const res = await viewer.request({ method: 'GET', url: holder(consolePaths.holder, AVA) });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail.ledger).toHaveLength(14);
    expect(detail.ledger[0]).toMatchObject({ dealName: expect.any(String) });
    expect(detail.pointsDeals.map((deal: { id: number }) => deal.id)).toEqual([201, 202, 203]);
    expect(detail.orders.length).toBeGreaterThan(0);
    expect(Array.isArray(detail.checkIns)).toBe(true);
  });

  it('answers 404 for someone who does not hold the offer', async () => {
    const res = await viewer.request({ method: 'GET', url: holder(consolePaths.holder, 1004) });
    expect(res.statusCode).toBe(404);
  });
});

describe('points correction', () => {
  it('books one ledger entry with the running balance, audited', async () => {
    const before = await holderOwnPoints(TOKENS.avaBrew, AVA, BREW);
    const res = await owner.request({
      method: 'POST',
      url: holder(consolePaths.holderPoints, AVA),
      payload: { dealId: 201, points: -5, reason: 'duplicate check-in' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().points).toBe(before - 5);
    expect(await holderOwnPoints(TOKENS.avaBrew, AVA, BREW)).toBe(before - 5);
    const [audit] = await t.database.db
      .select()
      .from(console_audit)
      .where(eq(console_audit.action, 'holder.points.adjust'));
    expect(audit).toMatchObject({ staff_email: 'owner@lakeshore.test', partner_id: 1, offer_id: BREW });
    expect(audit?.after).toMatchObject({ balance: before - 5, points: -5 });
  });

  it('refuses a debit below 0 and writes nothing (no entry, no audit row)', async () => {
    const entries = await t.database.db.select({ n: count() }).from(points_ledger);
    const audits = await auditCount();
    const res = await owner.request({
      method: 'POST',
      url: holder(consolePaths.holderPoints, AVA),
      payload: { dealId: 203, points: -1, reason: 'too much' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message: expect.stringMatching(/below 0/) });
    expect(await t.database.db.select({ n: count() }).from(points_ledger)).toEqual(entries);
    expect(await auditCount()).toBe(audits);
  });

  it('refuses a deal that is not a points deal of the offer', async () => {
    const res = await owner.request({
      method: 'POST',
      url: holder(consolePaths.holderPoints, AVA),
      payload: { dealId: 204, points: 5, reason: 'wrong offer' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('dealId');
  });
});

describe('pass links', () => {
  it('rotates: the old link stops working at once, the new one opens the pass', async () => {
    expect((await api(t.app, 'GET', '/data', TOKENS.avaBrew)).statusCode).toBe(200);
    const res = await owner.request({ method: 'POST', url: holder(consolePaths.holderLink, AVA) });
    expect(res.statusCode, res.body).toBe(201);
    const issued = res.json();
    expect(issued.url).toContain(`t=${issued.token}`);
    expect((await api(t.app, 'GET', '/data', TOKENS.avaBrew)).statusCode).toBe(401);
    expect(await holderOwnPoints(issued.token, AVA, BREW)).toBeGreaterThan(0);
    // Only the hash is kept, and the audit row has no token.
    const stored = await t.database.db.select().from(sessions).where(eq(sessions.partner_user_id, AVA));
    expect(JSON.stringify(stored)).not.toContain(issued.token);
    const audits = await t.database.db
      .select()
      .from(console_audit)
      .where(eq(console_audit.object_id, String(AVA)));
    expect(audits.map((row) => row.action)).toContain('holder.link.rotate');
    expect(JSON.stringify(audits)).not.toContain(issued.token);
  });

  it('revokes: no link of the holder works any more', async () => {
    const issued = (
      await owner.request({ method: 'POST', url: holder(consolePaths.holderLink, SAM) })
    ).json();
    expect((await api(t.app, 'GET', '/data', issued.token)).statusCode).toBe(200);
    const res = await owner.request({ method: 'DELETE', url: holder(consolePaths.holderLink, SAM) });
    expect(res.statusCode, res.body).toBe(204);
    expect((await api(t.app, 'GET', '/data', issued.token)).statusCode).toBe(401);
    expect((await api(t.app, 'GET', '/data', TOKENS.samStaff)).statusCode).not.toBe(200);
    const list = (await viewer.request({ method: 'GET', url: holders(BREW, '?q=sam') })).json();
    expect(list.items[0].hasLink).toBe(false);
  });

  it('e-mails a new link through the outbox', async () => {
    const before = await outboxSize(t);
    const res = await owner.request({ method: 'POST', url: holder(consolePaths.holderLinkEmail, NOAH) });
    expect(res.statusCode, res.body).toBe(202);
    expect(await outboxSize(t)).toBe(before + 1);
    const mail = await lastMail(t, 'pass-link', 'noah@example.com');
    const token = /[?&]t=([A-Za-z0-9_-]+)/.exec(mail.text_body ?? '')?.[1];
    expect(token).toBeDefined();
    expect(await holderOwnPoints(token as string, NOAH, BREW)).toBe(0);
  });
});

interface ListedHolder {
  id: number;
  name: string;
  email: string;
  points: number;
  lastSeen: string | null;
  createdAt: string;
}

/**
 * The list's order as the contract documents it: the sort key (names and e-mails without case), ties by
 * id, both in the asked direction; holders never seen after the others in either direction.
 */
function expectedOrder(rows: ListedHolder[], sort: HolderSortField, order: 'asc' | 'desc') {
  const keyOf = (row: ListedHolder): string | number | null => {
    switch (sort) {
      case 'name':
        return row.name.toLowerCase();
      case 'email':
        return row.email.toLowerCase();
      case 'points':
        return row.points;
      case 'lastSeen':
        return row.lastSeen === null ? null : Date.parse(row.lastSeen);
      case 'createdAt':
        return Date.parse(row.createdAt);
    }
  };
  const sign = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const [ka, kb] = [keyOf(a), keyOf(b)];
    if (ka === null || kb === null) {
      if (ka !== kb) return ka === null ? 1 : -1;
    } else if (ka !== kb) {
      return sign * (ka < kb ? -1 : 1);
    }
    return sign * (a.id - b.id);
  });
}

describe('holder list order, search and paging', () => {
  it('pages every sort, direction and search as one sorted list, with its count', async () => {
    // Ties on every key: two names and two e-mails equal without case, equal points, two holders seen at
    // the same moment, passes created at the same moment, and an e-mail with a LIKE wildcard in it.
    const at = new Date('2026-06-01T10:00:00Z');
    const made = await t.database.db
      .insert(partner_users)
      .values(
        [
          ['Zoe', 'Tie', 'zoe.tie@example.com'],
          ['zoe', 'tie', 'ZOE.TIE2@example.com'],
          ['Abe', 'Tie', 'zoe.tie2@example.org'],
          ['Carl', 'Under', 'under_score@example.com'],
          ['Dana', 'Plain', 'underxscore@example.com'],
        ].map(([first, last, email]) => ({
          partner_id: 1,
          name: `${first} ${last}`,
          first_name: first as string,
          last_name: last as string,
          email: email as string,
        })),
      )
      .returning({ id: partner_users.id });
    const ids = made.map((row) => row.id);
    await t.database.db
      .insert(passes)
      .values(ids.map((id) => ({ partner_user_id: id, offer_id: BREW, created_at: at })));
    await t.database.db.insert(points_ledger).values(
      ids.slice(0, 3).map((id) => ({
        partner_user_id: id,
        offer_id: BREW,
        deal_id: 201,
        reason_text: 'order test',
        points: 205,
        balance: 205,
        value_date: at,
      })),
    );
    await t.database.db.insert(page_views).values(
      ids.slice(1, 4).map((id, i) => ({
        partner_user_id: id,
        offer_id: BREW,
        route_name: 'home',
        created_at: new Date(at.getTime() + (i === 0 ? 0 : 60_000)),
      })),
    );

    const all = (await viewer.request({ method: 'GET', url: holders(BREW, '?perPage=100') })).json();
    expect(all.total).toBe(all.items.length);
    expect(all.items.length).toBeGreaterThanOrEqual(8);
    const rows = all.items as ListedHolder[];
    expect(new Set(rows.map((row) => row.points)).size).toBeLessThan(rows.length);
    expect(rows.filter((row) => row.lastSeen === null).length).toBeGreaterThan(1);

    const perPage = 3;
    for (const q of ['', 'TIE', 'under_', 'example.com', 'nobody']) {
      const matching = rows.filter(
        (row) =>
          row.name.toLowerCase().includes(q.toLowerCase()) ||
          row.email.toLowerCase().includes(q.toLowerCase()),
      );
      for (const sort of HOLDER_SORT_FIELDS) {
        for (const order of ['asc', 'desc'] as const) {
          const expected = expectedOrder(matching, sort, order).map((row) => row.id);
          const listed: number[] = [];
          for (let page = 1; page <= Math.max(1, Math.ceil(matching.length / perPage)) + 1; page++) {
            const query = `?sort=${sort}&order=${order}&page=${page}&perPage=${perPage}&q=${encodeURIComponent(q)}`;
            const res = await viewer.request({ method: 'GET', url: holders(BREW, query) });
            expect(res.statusCode, res.body).toBe(200);
            expect(res.json().total, query).toBe(matching.length);
            listed.push(...res.json().items.map((row: { id: number }) => row.id));
          }
          expect(listed, `q=${q} sort=${sort} order=${order}`).toEqual(expected);
          // Every page again, each read from the list's end when past its middle (as from offset 1,000 on).
          const fromEnd: number[] = [];
          for (let offset = 0; offset < matching.length + perPage; offset += perPage) {
            const filter = { offerId: BREW, pointsDealId: 201, q, sort, order, limit: perPage, offset };
            const page = await listHolders(t.database.db, filter, 0);
            expect(page.total).toBe(matching.length);
            fromEnd.push(...page.rows.map((row) => Number(row.id)));
          }
          expect(fromEnd, `from the end: q=${q} sort=${sort} order=${order}`).toEqual(expected);
        }
      }
    }
  });
});
