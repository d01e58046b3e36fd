import { type ErrorGroup, type InboxItem, inboxPaths } from '@trailpass/contract/console';
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { console_audit, error_reports, help_requests, sessions, suggestions } from '../../src/db/schema';
import { api, createTestApp, type TestApp, TOKENS } from '../helpers';
import { makeStaff, pathOf, type StaffClient, signIn } from './console-helpers';

let t: TestApp;
let owner: StaffClient;
let viewer: StaffClient;
let stranger: StaffClient;
let admin: StaffClient;

const BREW = 101;
const REWARDS = 102;
const AVA = 1001;
const SAM = 1002;
const DEVICES = { session_device_id: 'dev-session-1', local_device_id: 'dev-local-1' };

/** Ids of the rows made in beforeAll. */
const ids = { suggestion: 0, help: 0, rewardsSuggestion: 0 };

async function sessionOf(partnerUserId: number, offerId: number): Promise<number> {
  const [row] = await t.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.partner_user_id, partnerUserId), eq(sessions.offer_id, offerId)))
    .limit(1);
  if (!row) throw new Error(`no session of ${partnerUserId} on ${offerId}`);
  return row.id;
}

async function auditRows(action: string) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(console_audit)
    .where(like(console_audit.action, action));
  return row?.n ?? 0;
}

beforeAll(async () => {
  t = await createTestApp();
  await makeStaff(t, 'owner@lakeshore.test', { partnerId: 1, role: 'owner' });
  await makeStaff(t, 'viewer@lakeshore.test', { partnerId: 1, role: 'viewer' });
  await makeStaff(t, 'owner@northwoods.test', { partnerId: 3, role: 'owner' });
  await makeStaff(t, 'admin@trailpass.test', 'provider_admin');
  owner = await signIn(t.app, 'owner@lakeshore.test');
  viewer = await signIn(t.app, 'viewer@lakeshore.test');
  stranger = await signIn(t.app, 'owner@northwoods.test');
  admin = await signIn(t.app, 'admin@trailpass.test');
  const db = t.database.db;
  const [s] = await db
    .insert(suggestions)
    .values({
      session_id: await sessionOf(SAM, BREW),
      partner_user_id: SAM,
      offer_id: BREW,
      partner_id: 1,
      suggestion: 'A map of every stop <b>on one screen</b>, please.',
      priority: 'Critical',
      contact_permission: 1,
      created_at: new Date('2026-11-01T10:00:00Z'),
    })
    .returning({ id: suggestions.id });
  const [h] = await db
    .insert(help_requests)
    .values({
      session_id: await sessionOf(AVA, BREW),
      partner_user_id: AVA,
      offer_id: BREW,
      partner_id: 1,
      order_id: 9003,
      item_selected: 'Growler Fill',
      question: 'My growler fill never arrived.',
      created_at: new Date('2026-11-02T10:00:00Z'),
    })
    .returning({ id: help_requests.id });
  const [r] = await db
    .insert(suggestions)
    .values({
      session_id: await sessionOf(AVA, REWARDS),
      partner_user_id: AVA,
      offer_id: REWARDS,
      partner_id: 1,
      suggestion: 'Rewards idea',
      priority: 'Nice to Have',
      contact_permission: 0,
    })
    .returning({ id: suggestions.id });
  ids.suggestion = s?.id ?? 0;
  ids.help = h?.id ?? 0;
  ids.rewardsSuggestion = r?.id ?? 0;
});

afterAll(async () => {
  await t?.close();
});

const itemsUrl = (offerId: number, query = '') => `${pathOf(inboxPaths.items, { offerId })}${query}`;
const itemUrl = (kind: string, itemId: number, offerId = BREW) =>
  pathOf(inboxPaths.item, { offerId, kind, itemId });
const errorsUrl = (offerId: number, query = '') => `${pathOf(inboxPaths.errors, { offerId })}${query}`;
const groupUrl = (fingerprint: string, offerId = BREW) =>
  pathOf(inboxPaths.errorGroup, { offerId, fingerprint });

describe('inbox items', () => {
  it('lists the offer’s suggestions and help requests, newest first, a help request with its order', async () => {
    const res = await viewer.request({ method: 'GET', url: itemsUrl(BREW) });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { items: InboxItem[]; total: number };
    expect(page.total).toBe(2);
    expect(page.items.map((item) => [item.kind, item.id])).toEqual([
      ['help', ids.help],
      ['suggestion', ids.suggestion],
    ]);
    const [help, suggestion] = page.items;
    expect(help).toMatchObject({
      holder: { id: AVA, email: 'ava@example.com' },
      text: 'My growler fill never arrived.',
      topic: 'Growler Fill',
      priority: null,
      handledAt: null,
    });
    expect(help?.order?.id).toBe(9003);
    expect(help?.order?.items.length).toBeGreaterThan(0);
    expect(typeof help?.order?.status).toBe('string');
    // The text as written: the console renders it as text.
    expect(suggestion).toMatchObject({
      text: 'A map of every stop <b>on one screen</b>, please.',
      priority: 'Critical',
      contactPermission: true,
      order: null,
    });
  });

  it('filters by kind and searches text and holder; sorts oldest first on request', async () => {
    const kind = (await viewer.request({ method: 'GET', url: itemsUrl(BREW, '?kind=suggestion') })).json();
    expect(kind.items.map((item: InboxItem) => item.id)).toEqual([ids.suggestion]);
    const search = (await viewer.request({ method: 'GET', url: itemsUrl(BREW, '?q=growler') })).json();
    expect(search.items.map((item: InboxItem) => item.kind)).toEqual(['help']);
    const byHolder = (await viewer.request({ method: 'GET', url: itemsUrl(BREW, '?q=sam') })).json();
    expect(byHolder.items.map((item: InboxItem) => item.kind)).toEqual(['suggestion']);
    const asc = (
      await viewer.request({ method: 'GET', url: itemsUrl(BREW, '?order=asc&perPage=1&page=2') })
    ).json();
    expect(asc).toMatchObject({ total: 2, items: [{ kind: 'help' }] });
    const rewards = (await viewer.request({ method: 'GET', url: itemsUrl(REWARDS) })).json();
    expect(rewards.items.map((item: InboxItem) => item.id)).toEqual([ids.rewardsSuggestion]);
  });

  it('marks an item handled and reopens it, audited once per change', async () => {
    const before = await auditRows('inbox.help.%');
    const res = await owner.request({
      method: 'PATCH',
      url: itemUrl('help', ids.help),
      payload: { handled: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'help', id: ids.help, handledBy: 'owner@lakeshore.test' });
    expect(res.json().handledAt).not.toBeNull();
    expect(await auditRows('inbox.help.handle')).toBe(1);
    // Again: nothing changes, no second audit row.
    const again = await owner.request({
      method: 'PATCH',
      url: itemUrl('help', ids.help),
      payload: { handled: true },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().handledAt).toBe(res.json().handledAt);
    expect(await auditRows('inbox.help.%')).toBe(before + 1);

    const open = (await viewer.request({ method: 'GET', url: itemsUrl(BREW) })).json();
    expect(open.items.map((item: InboxItem) => item.kind)).toEqual(['suggestion']);
    const handled = (await viewer.request({ method: 'GET', url: itemsUrl(BREW, '?handled=true') })).json();
    expect(handled.items.map((item: InboxItem) => item.kind)).toEqual(['help']);
    const all = (await viewer.request({ method: 'GET', url: itemsUrl(BREW, '?handled=all') })).json();
    expect(all.total).toBe(2);

    const reopened = await owner.request({
      method: 'PATCH',
      url: itemUrl('help', ids.help),
      payload: { handled: false },
    });
    expect(reopened.json()).toMatchObject({ handledAt: null, handledBy: null });
    expect(await auditRows('inbox.help.reopen')).toBe(1);
    const [row] = await t.database.db.select().from(help_requests).where(eq(help_requests.id, ids.help));
    expect(row?.handled_at).toBeNull();
  });

  it('refuses a viewer, another offer’s item and another partner, changing nothing', async () => {
    const audits = await auditRows('inbox.%');
    const viewerRes = await viewer.request({
      method: 'PATCH',
      url: itemUrl('suggestion', ids.suggestion),
      payload: { handled: true },
    });
    expect(viewerRes.statusCode).toBe(403);
    // The Rewards offer's suggestion through the Brew offer's path: not this offer's item.
    const otherOffer = await owner.request({
      method: 'PATCH',
      url: itemUrl('suggestion', ids.rewardsSuggestion),
      payload: { handled: true },
    });
    expect(otherOffer.statusCode, otherOffer.body).toBe(404);
    // The help request's id as a suggestion's: no such suggestion (or another one, never the request).
    const strangerRes = await stranger.request({
      method: 'PATCH',
      url: itemUrl('suggestion', ids.suggestion),
      payload: { handled: true },
    });
    expect(strangerRes.statusCode).toBe(404);
    expect((await stranger.request({ method: 'GET', url: itemsUrl(BREW) })).statusCode).toBe(404);
    const bad = await owner.request({
      method: 'PATCH',
      url: itemUrl('praise', ids.suggestion),
      payload: { handled: true },
    });
    expect(bad.statusCode).toBe(400);
    expect(await auditRows('inbox.%')).toBe(audits);
    const rows = await t.database.db.select().from(suggestions);
    expect(rows.every((row) => row.handled_at === null)).toBe(true);
  });
});

async function report(
  offerId: number | null,
  fields: { message: string; stack?: string; at: string; user?: number },
) {
  await t.database.db.insert(error_reports).values({
    offer_id: offerId,
    partner_id: offerId === null ? null : 1,
    partner_user_id: fields.user ?? null,
    name: 'TypeError',
    message: fields.message,
    stack: fields.stack ?? null,
    url: '/pass/experiences',
    ...DEVICES,
    created_at: new Date(fields.at),
  });
}

const STACK = (line: number, hash: string) =>
  `TypeError: x is undefined\n    at render (https://pass.example/pass/assets/index-${hash}.js:${line}:17)\n    at run (https://pass.example/pass/assets/vendor-Ab12Cd34.js:1:2033)`;

describe('inbox error groups', () => {
  let fingerprint = '';

  beforeAll(async () => {
    // The same fault in two builds (other line numbers and chunk hashes) from two holders: one group.
    await report(BREW, {
      message: 'x is undefined',
      stack: STACK(12, 'AAAAaaaa'),
      at: '2026-11-20T10:00:00Z',
      user: AVA,
    });
    await report(BREW, {
      message: 'x is undefined',
      stack: STACK(40, 'BBbb_-99'),
      at: '2026-11-21T10:00:00Z',
      user: SAM,
    });
    await report(BREW, {
      message: 'x is undefined',
      stack: STACK(40, 'BBbb_-99'),
      at: '2026-11-22T10:00:00Z',
      user: SAM,
    });
    await report(BREW, { message: 'Network down', at: '2026-11-10T10:00:00Z' });
    await report(REWARDS, {
      message: 'x is undefined',
      stack: STACK(12, 'AAAAaaaa'),
      at: '2026-11-23T10:00:00Z',
    });
    await report(null, { message: 'Before any offer', at: '2026-11-23T11:00:00Z' });
  });

  it('groups an offer’s reports by fingerprint with counts, holders, first and last seen', async () => {
    const res = await viewer.request({ method: 'GET', url: errorsUrl(BREW) });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { items: ErrorGroup[]; total: number };
    expect(page.total).toBe(2);
    const [first, second] = page.items;
    expect(first).toMatchObject({
      message: 'x is undefined',
      count: 3,
      holders: 2,
      firstSeen: '2026-11-20T10:00:00.000Z',
      lastSeen: '2026-11-22T10:00:00.000Z',
      handled: false,
    });
    expect(first?.stack).toContain(':40:17');
    expect(second).toMatchObject({ message: 'Network down', count: 1, holders: 0 });
    fingerprint = first?.fingerprint ?? '';
    expect(fingerprint).toMatch(/^[0-9a-f]{32}$/);
    const byCount = (
      await viewer.request({ method: 'GET', url: errorsUrl(BREW, '?sort=count&order=asc') })
    ).json();
    expect(byCount.items.map((g: ErrorGroup) => g.count)).toEqual([1, 3]);
    const search = (await viewer.request({ method: 'GET', url: errorsUrl(BREW, '?q=network') })).json();
    expect(search.items.map((g: ErrorGroup) => g.message)).toEqual(['Network down']);
    // The Rewards offer's copy of the fault is that offer's own group.
    const rewards = (await viewer.request({ method: 'GET', url: errorsUrl(REWARDS) })).json();
    expect(rewards.items).toMatchObject([{ fingerprint, count: 1 }]);
  });

  it('marks a group handled; a later report reopens it; it can be reopened by hand', async () => {
    const res = await owner.request({
      method: 'PATCH',
      url: groupUrl(fingerprint),
      payload: { handled: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ handled: true, handledBy: 'owner@lakeshore.test', count: 3 });
    expect(await auditRows('inbox.error.handle')).toBe(1);
    const open = (await viewer.request({ method: 'GET', url: errorsUrl(BREW) })).json();
    expect(open.items.map((g: ErrorGroup) => g.message)).toEqual(['Network down']);
    // The other offer's group is not handled by it.
    const rewards = (await viewer.request({ method: 'GET', url: errorsUrl(REWARDS) })).json();
    expect(rewards.items[0].handled).toBe(false);

    // The holder's app reports the fault again, through the pass API.
    const sent = await api(t.app, 'POST', '/events/error', TOKENS.avaBrew, {
      payload: {
        name: 'TypeError',
        message: 'x is undefined',
        stack: STACK(77, 'CCcc1234'),
        url: '/pass',
        ...DEVICES,
      },
    });
    expect(sent.statusCode, sent.body).toBe(204);
    const again = (await viewer.request({ method: 'GET', url: errorsUrl(BREW) })).json();
    expect(again.items[0]).toMatchObject({
      fingerprint,
      count: 4,
      handled: false,
      handledBy: 'owner@lakeshore.test',
    });

    await owner.request({ method: 'PATCH', url: groupUrl(fingerprint), payload: { handled: true } });
    const reopened = await owner.request({
      method: 'PATCH',
      url: groupUrl(fingerprint),
      payload: { handled: false },
    });
    expect(reopened.json()).toMatchObject({ handled: false, handledAt: null });
    expect(await auditRows('inbox.error.%')).toBe(3);
  });

  it('refuses an unknown group, a viewer and another partner', async () => {
    const audits = await auditRows('inbox.%');
    const unknown = await owner.request({
      method: 'PATCH',
      url: groupUrl('0'.repeat(32)),
      payload: { handled: true },
    });
    expect(unknown.statusCode).toBe(404);
    const viewerRes = await viewer.request({
      method: 'PATCH',
      url: groupUrl(fingerprint),
      payload: { handled: true },
    });
    expect(viewerRes.statusCode).toBe(403);
    expect((await stranger.request({ method: 'GET', url: errorsUrl(BREW) })).statusCode).toBe(404);
    const strangerRes = await stranger.request({
      method: 'PATCH',
      url: groupUrl(fingerprint),
      payload: { handled: true },
    });
    expect(strangerRes.statusCode).toBe(404);
    expect(await auditRows('inbox.%')).toBe(audits);
  });

  it('shows the reports sent without an offer to provider admins only', async () => {
    const refused = await owner.request({ method: 'GET', url: inboxPaths.providerErrors });
    expect(refused.statusCode).toBe(403);
    const res = await admin.request({ method: 'GET', url: inboxPaths.providerErrors });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((g: ErrorGroup) => g.message)).toEqual(['Before any offer']);
    const group = res.json().items[0] as ErrorGroup;
    const url = pathOf(inboxPaths.providerErrorGroup, { fingerprint: group.fingerprint });
    const ownerMark = await owner.request({ method: 'PATCH', url, payload: { handled: true } });
    expect(ownerMark.statusCode).toBe(403);
    const marked = await admin.request({ method: 'PATCH', url, payload: { handled: true } });
    expect(marked.json()).toMatchObject({ handled: true, handledBy: 'admin@trailpass.test' });
    const [audit] = await t.database.db
      .select()
      .from(console_audit)
      .where(eq(console_audit.object_id, group.fingerprint));
    expect(audit).toMatchObject({ partner_id: null, offer_id: null, action: 'inbox.error.handle' });
  });
});
