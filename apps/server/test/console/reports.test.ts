import { readFile } from 'node:fs/promises';
import { REPORT_COLUMNS, REPORT_NAMES, reportPaths } from '@trailpass/contract/console';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { parse } from 'papaparse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runReportFold } from '../../src/console/reports/fold';
import { reportRange } from '../../src/console/reports/service';
import { queryRows } from '../../src/db/client';
import { check_ins, page_views } from '../../src/db/schema';
import { appendLedgerEntry } from '../../src/modules/points/ledger';
import { api, createTestApp, type TestApp, TOKENS } from '../helpers';
import { makeStaff, pathOf, type StaffClient, signIn } from './console-helpers';

// The demo imported at NOW (noon in Chicago, partner 1's zone), so its relative dates are known: the Brew
// Trail (101) has completed orders 25, 20 and 15 days before (pint glass set 1203 twice, tee 1201), 2 days
// (growler 1202) and 1 day before (mug 1208), 29 days before (no reward) and 30 and more (out of the default
// range). Noah (1003) holds the Brew Trail with no points history.
const NOW = new Date('2026-11-28T18:00:00Z');
const BREW = 101;
const AVA = 1001;
const SAM = 1002;
const NOAH = 1003;

let t: TestApp;
let viewer: StaffClient;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await makeStaff(t, 'viewer@lakeshore.test', { partnerId: 1, role: 'viewer' });
  viewer = await signIn(t.app, 'viewer@lakeshore.test');
});

afterAll(async () => {
  await t?.close();
});

const query = (range: { from?: string; to?: string }) => {
  const search = new URLSearchParams(range as Record<string, string>).toString();
  return search ? `?${search}` : '';
};
async function report(name: string, range: { from?: string; to?: string } = {}, offerId = BREW) {
  const res = await viewer.request({
    method: 'GET',
    url: `${pathOf(reportPaths.report, { offerId, report: name })}${query(range)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function pageView(at: string, values: Partial<typeof page_views.$inferInsert> = {}) {
  await t.database.db.insert(page_views).values({
    offer_id: BREW,
    partner_id: 1,
    route_name: 'Experiences',
    created_at: new Date(at),
    ...values,
  });
}

describe('the report range', () => {
  it('defaults to the 30 days up to today in the partner’s zone, and refuses a range backwards or too long', () => {
    // 02:00 on the 28th in UTC is still the 27th in Chicago.
    expect(reportRange({}, 'America/Chicago', new Date('2026-11-28T02:00:00Z'))).toEqual({
      from: '2026-10-29',
      to: '2026-11-27',
      timezone: 'America/Chicago',
    });
    expect(reportRange({ from: '2026-01-01' }, 'UTC', NOW)).toMatchObject({
      from: '2026-01-01',
      to: '2026-01-30',
    });
    expect(reportRange({ from: '2024-02-28', to: '2024-03-01' }, 'UTC', NOW)).toMatchObject({
      from: '2024-02-28',
      to: '2024-03-01',
    });
    expect(() => reportRange({ from: '2026-11-02', to: '2026-11-01' }, 'UTC', NOW)).toThrow(/ends before/);
    expect(() => reportRange({ from: '2025-01-01', to: '2026-01-02' }, 'UTC', NOW)).toThrow(/at most 366/);
    expect(reportRange({ from: '2025-01-01', to: '2026-01-01' }, 'UTC', NOW).to).toBe('2026-01-01');
  });

  it('answers a bad range 422 and a malformed day 400, for JSON and CSV', async () => {
    for (const url of [reportPaths.report, reportPaths.csv]) {
      const path = pathOf(url, { offerId: BREW, report: 'orders' });
      const backwards = await viewer.request({ method: 'GET', url: `${path}?from=2026-11-02&to=2026-11-01` });
      expect(backwards.statusCode, backwards.body).toBe(422);
      expect(Object.keys(backwards.json().errors)).toEqual(['to']);
      const malformed = await viewer.request({ method: 'GET', url: `${path}?from=2026-13-01` });
      expect(malformed.statusCode, malformed.body).toBe(400);
    }
    const unknown = await viewer.request({
      method: 'GET',
      url: `/console/api/offers/${BREW}/reports/nothing`,
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('the check-ins table', () => {
  it('holds each imported check-in once, as migration 0021 fills it for a database made before it', async () => {
    const db = t.database.db;
    const rows = async () =>
      (await db.select().from(check_ins))
        .map(({ id: _id, ...row }) => row)
        .sort((a, b) => (a.order_product_id ?? 0) - (b.order_product_id ?? 0));
    const imported = await rows();
    expect(imported.length).toBeGreaterThan(0);
    const migration = await readFile(
      new URL('../../src/db/migrations/0021_check_ins.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').find((part) => part.includes('INSERT INTO'));
    if (!backfill) throw new Error('0021 has no backfill');
    await db.delete(check_ins);
    await db.execute(sql.raw(backfill));
    expect(await rows()).toEqual(imported);
  });
});

describe('the reports', () => {
  it('counts page views by the partner’s day and page, leaving out previews and other offers', async () => {
    // 23:30 on the 19th in Chicago, then 00:30 on the 20th.
    await pageView('2026-11-20T05:30:00Z');
    await pageView('2026-11-20T06:30:00Z');
    await pageView('2026-11-20T07:00:00Z', { route_name: 'Rewards' });
    await pageView('2026-11-20T07:00:00Z', { is_preview: true });
    await pageView('2026-11-20T07:00:00Z', { offer_id: 102 });
    const body = await report('page-views', { from: '2026-11-19', to: '2026-11-20' });
    expect(body).toMatchObject({
      report: 'page-views',
      from: '2026-11-19',
      to: '2026-11-20',
      timezone: 'America/Chicago',
    });
    expect(body.rows).toEqual([
      { day: '2026-11-19', page: 'Experiences', views: 1 },
      { day: '2026-11-20', page: 'Experiences', views: 1 },
      { day: '2026-11-20', page: 'Rewards', views: 1 },
    ]);
  });

  it('counts the holders seen in the 7 and 30 days up to the range’s end', async () => {
    await pageView('2026-11-26T18:00:00Z', { partner_user_id: AVA });
    await pageView('2026-11-18T18:00:00Z', { partner_user_id: SAM });
    await pageView('2026-11-18T19:00:00Z', { partner_user_id: SAM });
    await pageView('2026-10-25T18:00:00Z', { partner_user_id: NOAH });
    await pageView('2026-11-27T18:00:00Z', { partner_user_id: NOAH, is_preview: true });
    expect((await report('active-holders')).rows).toEqual([
      { days: 7, holders: 1 },
      { days: 30, holders: 2 },
    ]);
    // Up to the 21st: Sam (the 18th) in the last 7 days, Noah (25 October) in the last 30; Ava is after it.
    expect((await report('active-holders', { from: '2026-11-01', to: '2026-11-21' })).rows).toEqual([
      { days: 7, holders: 1 },
      { days: 30, holders: 2 },
    ]);
  });

  it('counts a check-in on the day and venue it happened, as the PIN pad records it', async () => {
    const today = { from: '2026-11-28', to: '2026-11-28' };
    const before = (await report('check-ins', today)).rows;
    const res = await api(t.app, 'POST', `/partnerUser/${AVA}/checkIn`, TOKENS.avaBrew, {
      payload: { partnerUserId: AVA, orderProductIds: [9306], pinNumber: '1357' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await report('check-ins', today)).rows;
    const driftwood = (rows: Array<{ venueId: number; checkIns: number }>) =>
      rows.find((row) => row.venueId === 302)?.checkIns ?? 0;
    expect(driftwood(after)).toBe(driftwood(before) + 1);
    expect(after.find((row: { venueId: number }) => row.venueId === 302)).toMatchObject({
      day: '2026-11-28',
      venue: 'Driftwood Brewing Co.',
    });
  });

  it('adds up points earned and spent by day, and what is left of the credits that expire, oldest spent first', async () => {
    const entry = (points: number, day: string, expires?: string) =>
      t.database.db.transaction((tx) =>
        appendLedgerEntry(tx, {
          partnerUserId: NOAH,
          offerId: BREW,
          dealId: 203,
          reasonText: points > 0 ? 'checked in' : 'claimed something',
          points,
          valueDate: new Date(`${day}T17:00:00Z`),
          expiresAt: expires ? new Date(`${expires}T17:00:00Z`) : null,
        }),
      );
    await entry(100, '2031-05-01', '2031-05-20');
    await entry(50, '2031-05-02', '2031-05-20');
    await entry(-120, '2031-05-03');
    // The 120 spent take the first credit's 100 and 20 of the second: 30 left to expire.
    expect((await report('points', { from: '2031-05-01', to: '2031-05-31' })).rows).toEqual([
      { day: '2031-05-01', earned: 100, spent: 0, expiring: 0 },
      { day: '2031-05-02', earned: 50, spent: 0, expiring: 0 },
      { day: '2031-05-03', earned: 0, spent: 120, expiring: 0 },
      { day: '2031-05-20', earned: 0, spent: 0, expiring: 30 },
    ]);
  });

  it('counts the rewards claimed in the range with the stock left, and the orders by status', async () => {
    const rewards = (await report('rewards')).rows as Array<{
      rewardId: number;
      claimed: number;
      stockLeft: number | null;
    }>;
    const byId = new Map(rewards.map((row) => [row.rewardId, row]));
    expect(rewards).toHaveLength(9);
    expect(byId.get(1203)).toMatchObject({ reward: 'Lakeshore Pint Glass Set', claimed: 2, stockLeft: null });
    expect(byId.get(1201)).toMatchObject({ claimed: 1, stockLeft: 5 });
    expect(byId.get(1202)).toMatchObject({ claimed: 1, stockLeft: 12 });
    expect(byId.get(1208)).toMatchObject({ claimed: 1 });
    expect(byId.get(1205)).toMatchObject({ claimed: 0, stockLeft: 4 });
    // 15 days back and more: the pint glasses' claims are before the 16th.
    const recent = (await report('rewards', { from: '2026-11-16', to: '2026-11-28' })).rows as typeof rewards;
    expect(recent.find((row) => row.rewardId === 1203)?.claimed).toBe(0);

    expect((await report('orders')).rows).toEqual([{ status: 'completed', orders: 6 }]);
    expect((await report('orders', { from: '2020-01-01', to: '2020-01-31' })).rows).toEqual([]);
  });

  it('downloads each report as CSV with the same rows under the columns’ labels', async () => {
    for (const name of REPORT_NAMES) {
      const range = name === 'points' ? { from: '2031-05-01', to: '2031-05-31' } : {};
      const json = await report(name, range);
      const res = await viewer.request({
        method: 'GET',
        url: `${pathOf(reportPaths.csv, { offerId: BREW, report: name })}${query(range)}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="offer-${BREW}-${name}-${json.from}-to-${json.to}.csv"`,
      );
      const columns = REPORT_COLUMNS[name];
      const parsed = parse<string[]>(res.body.trim(), { skipEmptyLines: true });
      expect(parsed.data[0]).toEqual(columns.map((c) => c.label));
      expect(parsed.data.slice(1)).toEqual(
        json.rows.map((row: Record<string, unknown>) =>
          columns.map((c) => (row[c.key] === null || row[c.key] === undefined ? '' : String(row[c.key]))),
        ),
      );
    }
  });

  it('keeps another partner’s staff out', async () => {
    await makeStaff(t, 'owner@northwoods.test', { partnerId: 3, role: 'owner' });
    const stranger = await signIn(t.app, 'owner@northwoods.test');
    for (const url of [reportPaths.report, reportPaths.csv]) {
      const res = await stranger.request({
        method: 'GET',
        url: pathOf(url, { offerId: BREW, report: 'orders' }),
      });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('the report days', () => {
  const pending = async () =>
    Number(
      (
        await queryRows<{ n: string | number }>(
          t.database.db,
          sql`select (select count(*) from page_view_day_changes) + (select count(*) from points_day_changes) as n`,
        )
      )[0]?.n,
    );

  it('are folded by the loop a server runs while it is up, so that changes do not pile up', async () => {
    await pageView('2026-11-27T15:00:00Z', { route_name: 'More' });
    await t.database.db.transaction((tx) =>
      appendLedgerEntry(tx, {
        partnerUserId: NOAH,
        offerId: BREW,
        dealId: 201,
        reasonText: 'a fold test',
        points: 4,
        valueDate: new Date('2026-11-27T15:00:00Z'),
      }),
    );
    // The writers appended their changes; nobody has read a report since.
    expect(await pending()).toBeGreaterThanOrEqual(2);
    // A second server on the same database, folding every 20 ms.
    const server = Fastify();
    runReportFold(server, t.database.db, 20);
    await server.ready();
    try {
      await vi.waitFor(async () => expect(await pending()).toBe(0), { timeout: 5000, interval: 50 });
    } finally {
      await server.close();
    }
    const [day] = await queryRows<{ views: number }>(
      t.database.db,
      sql`select views from page_view_days
        where offer_id = ${BREW} and day = '2026-11-27' and page = 'More' and timezone = 'America/Chicago'`,
    );
    expect(Number(day?.views)).toBeGreaterThanOrEqual(1);
  });
});
