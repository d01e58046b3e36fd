import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type ContentApplied,
  type ContentDryRun,
  contentApplied,
  contentApplyPaths,
  contentDryRun,
  contentExportPaths,
  contentImportPaths,
  contentVersionPage,
} from '@trailpass/contract/console';
import { eq, inArray, notInArray } from 'drizzle-orm';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyTestHooks } from '../../src/console/content-import/apply';
import type { PassDocument } from '../../src/db/import/document';
import {
  console_audit,
  content_versions,
  faqs,
  order_items,
  perks,
  reward_items,
  reward_stock_takes,
} from '../../src/db/schema';
import { api, createTestApp, type TestApp, TOKENS } from '../helpers';
import { changedIn, consoleDigest } from '../security/console-routes';
import { type InjectResponse, makeStaff, ORIGIN, pathOf, type StaffClient, signIn } from './console-helpers';

// Issue 31 (decision 0048): the apply of a content upload, and the versions with restore. The demo
// (demo/pass-demo.json), partner 1: the Brew Trail (101) with deals 201 to 203 and 207, perks 651 to 653, FAQs
// 4001 to 4007, the growler fill (reward 1202, stock {"0": 12}); Ava (1001, token avaBrew) has points, orders,
// redemptions, messages and a session on it. Northwoods (partner 3) is another partner.
const BREW = 101;
const AVA = 1001;
const GROWLER = 1202;
const RENAMED_DEAL = 202;
const GONE_PERK = 653;
const NEW_FAQ = 49001;

/** Holders' tables: an apply never writes them. */
const HOLDER_TABLES = [
  'partner_users',
  'passes',
  'pass_links',
  'sessions',
  'messages',
  'subscriptions',
  'orders',
  'order_items',
  'order_deals',
  'order_packages',
  'order_products',
  'tickets',
  'points_ledger',
  'ballots',
  'item_dates',
  'check_ins',
];

let t: TestApp;
let manager: StaffClient;
let viewer: StaffClient;
let stranger: StaffClient;
/** The first export of offer 101, before any apply. */
let original: Uint8Array;
let files: Record<string, Uint8Array>;

beforeAll(async () => {
  t = await createTestApp({ now: new Date() });
  await makeStaff(t, 'manager@lakeshore.test', { partnerId: 1, role: 'manager' });
  await makeStaff(t, 'viewer@lakeshore.test', { partnerId: 1, role: 'viewer' });
  await makeStaff(t, 'owner@northwoods.test', { partnerId: 3, role: 'owner' });
  manager = await signIn(t.app, 'manager@lakeshore.test');
  viewer = await signIn(t.app, 'viewer@lakeshore.test');
  stranger = await signIn(t.app, 'owner@northwoods.test');
  original = await exportZip();
  files = unzipSync(original);
});

afterAll(async () => {
  await t?.close();
});

afterEach(() => {
  applyTestHooks.afterWrites = undefined;
});

type Doc = PassDocument & Record<string, unknown>;

async function exportZip(): Promise<Uint8Array> {
  const res = await manager.request({
    method: 'GET',
    url: pathOf(contentExportPaths.export, { offerId: BREW }),
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return new Uint8Array(res.rawPayload);
}

function exportedDoc(): Doc {
  return JSON.parse(new TextDecoder().decode(files['pass.json'])) as Doc;
}

function zipOf(doc: unknown, extra: Record<string, Uint8Array> = {}): Uint8Array {
  const entries: Record<string, Uint8Array> = { 'pass.json': strToU8(JSON.stringify(doc, null, 2)) };
  for (const [name, bytes] of Object.entries(files)) if (name.startsWith('media/')) entries[name] = bytes;
  return zipSync({ ...entries, ...extra });
}

function post(client: StaffClient | null, url: string, body?: Uint8Array): Promise<InjectResponse> {
  const options = {
    method: 'POST' as const,
    url,
    ...(body ? { payload: Buffer.from(body), headers: { 'content-type': 'application/zip' } } : {}),
  };
  if (!client) return t.app.inject({ ...options, headers: { ...options.headers, origin: ORIGIN } });
  return client.request(options);
}

const dryRun = (body: Uint8Array, client: StaffClient | null = manager, offerId = BREW) =>
  post(client, pathOf(contentImportPaths.dryRun, { offerId }), body);
const apply = (body: Uint8Array, checksum: string, client: StaffClient | null = manager, offerId = BREW) =>
  post(client, `${pathOf(contentApplyPaths.apply, { offerId })}?checksum=${checksum}`, body);
const versionPath = (which: keyof typeof contentApplyPaths, versionId: number, offerId = BREW) =>
  pathOf(contentApplyPaths[which], { offerId, versionId });

function checked(res: InjectResponse): ContentDryRun {
  expect(res.statusCode, res.body.slice(0, 2000)).toBe(200);
  return contentDryRun.parse(res.json());
}
function applied(res: InjectResponse): ContentApplied {
  expect(res.statusCode, res.body.slice(0, 2000)).toBe(200);
  return contentApplied.parse(res.json());
}

async function holderDigest(): Promise<Record<string, string>> {
  const all = await consoleDigest(t.database.db);
  return Object.fromEntries(HOLDER_TABLES.map((name) => [name, all[name] ?? 'missing']));
}

async function auditOf(action: string) {
  return t.database.db.select().from(console_audit).where(eq(console_audit.action, action));
}

async function holderData() {
  const res = await api(t.app, 'GET', '/data', TOKENS.avaBrew);
  expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
  return res.json() as Record<string, unknown> & { deals: Array<{ id: number; name: string }> };
}

async function growlerForAva() {
  const res = await api(
    t.app,
    'GET',
    `/partnerUser/${AVA}/rewards?offerId=${BREW}&dealId=201`,
    TOKENS.avaBrew,
  );
  expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
  return (res.json().rewardItems as Array<Record<string, unknown>>).find((r) => r.id === GROWLER);
}

describe('the apply of a content upload', () => {
  it('applies a renamed deal, an added FAQ, a removed perk and a reward’s stock and price; holders’ rows stay', async () => {
    const doc = exportedDoc();
    const deal = doc.deals.find((d) => d.id === RENAMED_DEAL);
    if (!deal) throw new Error('no deal 202');
    deal.name = 'The Renamed Pint Pass';
    doc.offers[0]?.faqs?.push({
      id: NEW_FAQ,
      question: 'Are dogs welcome on the trail?',
      answer: 'Yes, on a lead.',
      showOnMobilePass: true,
    } as never);
    doc.perks = (doc.perks ?? []).filter((p) => p.id !== GONE_PERK);
    // The pages that list the perk list it no more.
    for (const module of doc.modules ?? []) {
      const data = module.data as { perks?: number[] };
      if (Array.isArray(data.perks)) data.perks = data.perks.filter((id) => id !== GONE_PERK);
    }
    const growler = doc.rewardItems?.find((r) => r.id === GROWLER);
    if (!growler) throw new Error('no growler');
    growler.ticketsAvailable = { '0': 5 };
    growler.retail_price = 20;
    const body = zipOf(doc);

    const dry = checked(await dryRun(body));
    const changes = Object.fromEntries(
      dry.kinds.map((k) => [
        k.kind,
        [k.added.map((i) => i.id), k.changed.map((i) => i.id), k.removed.map((i) => i.id)],
      ]),
    );
    expect(changes.deals).toEqual([[], [RENAMED_DEAL], []]);
    expect(changes.faqs).toEqual([[NEW_FAQ], [], []]);
    expect(changes.perks).toEqual([[], [], [GONE_PERK]]);
    expect(changes.rewardItems).toEqual([[], [GROWLER], []]);

    const holdersBefore = await holderDigest();
    const stampBefore = await holderData();
    const res = applied(await apply(body, dry.checksum));
    expect(res.unchanged).toBe(false);
    expect(res.versionId).toEqual(expect.any(Number));
    expect(res.kinds).toEqual(dry.kinds);
    // Ava's points, orders, redemptions, sessions and messages: not one byte moved.
    expect(await holderDigest()).toEqual(holdersBefore);

    // The holder's app shows the new content at once (the offer's cached content was rebuilt).
    const data = await holderData();
    expect(data.deals.find((d) => d.id === RENAMED_DEAL)?.name).toBe('The Renamed Pint Pass');
    expect(JSON.stringify(data)).toContain('Are dogs welcome on the trail?');
    expect(JSON.stringify(stampBefore)).not.toContain('Are dogs welcome on the trail?');
    const reward = await growlerForAva();
    expect(Number(reward?.retail_price)).toBe(20);
    expect(reward?.ticketsAvailable ?? reward?.tickets_available).toEqual({ '0': 5 });
    expect(await t.database.db.select().from(perks).where(eq(perks.id, GONE_PERK))).toEqual([]);
    expect(await t.database.db.select().from(faqs).where(eq(faqs.id, NEW_FAQ))).toHaveLength(1);

    const [audit] = await auditOf('content.import');
    expect(audit).toMatchObject({
      staff_email: 'manager@lakeshore.test',
      offer_id: BREW,
      object_id: String(BREW),
    });
    expect(audit?.after).toMatchObject({
      checksum: dry.checksum,
      versionId: res.versionId,
      // Changed: deal 202, the growler, and the page that listed the perk.
      counts: { added: 1, changed: 3, removed: 1, mediaAdded: 0, mediaReplaced: 0 },
    });
    // The first apply kept the content as it was before: a baseline, then the import.
    const versions = await t.database.db
      .select({ id: content_versions.id, kind: content_versions.kind })
      .from(content_versions)
      .where(eq(content_versions.offer_id, BREW));
    expect(versions.map((v) => v.kind).sort()).toEqual(['baseline', 'import']);
  });

  it('answers 409 for a checksum that is not the bytes’, and changes nothing', async () => {
    const doc = exportedDoc();
    doc.deals[0] = { ...doc.deals[0], name: 'Not applied' } as Doc['deals'][number];
    const body = zipOf(doc);
    const dry = checked(await dryRun(body));
    const before = await consoleDigest(t.database.db);
    const res = await apply(
      body,
      dry.checksum.replace(/^./, (c) => (c === '0' ? '1' : '0')),
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('CONFLICT');
    expect(changedIn(before, await consoleDigest(t.database.db))).toEqual([]);
    const malformed = await apply(body, 'not-a-checksum');
    expect(malformed.statusCode, malformed.body).toBe(400);
  });

  it('checks again at the apply: what the dry run allowed and has changed since is 422, and nothing changes', async () => {
    const doc = exportedDoc();
    doc.offers[0]?.faqs?.push({ id: 49002, question: 'Taken in between?', showOnMobilePass: false } as never);
    const body = zipOf(doc);
    const dry = checked(await dryRun(body));
    // Another offer's FAQ takes the id between the dry run and the apply.
    await t.database.db
      .insert(faqs)
      .values({ id: 49002, offer_id: 102, position: 99, question: 'Mine', show_on_mobile_pass: false });
    const before = await consoleDigest(t.database.db);
    const res = await apply(body, dry.checksum);
    expect(res.statusCode, res.body).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    expect(Object.keys(errors).join(' ')).toMatch(/faqs\[\d+\]\.id/);
    expect(changedIn(before, await consoleDigest(t.database.db))).toEqual([]);
    await t.database.db.delete(faqs).where(eq(faqs.id, 49002));
  });

  it('applies one of two applies of the same upload at once, never both', async () => {
    const doc = JSON.parse(new TextDecoder().decode(unzipSync(await exportZip())['pass.json'])) as Doc;
    const deal = doc.deals.find((d) => d.id === 203);
    if (!deal) throw new Error('no deal 203');
    deal.name = 'Coffee Crawl, twice?';
    const body = zipOf(doc);
    const dry = checked(await dryRun(body));
    const importsBefore = (await auditOf('content.import')).length;
    const results = await Promise.all([apply(body, dry.checksum), apply(body, dry.checksum)]);
    const versions = results
      .filter((r) => r.statusCode === 200)
      .map((r) => contentApplied.parse(r.json()).versionId)
      .filter((id) => id !== null);
    for (const r of results) expect([200, 409], r.body).toContain(r.statusCode);
    expect(versions).toHaveLength(1);
    expect((await auditOf('content.import')).length).toBe(importsBefore + 1);
    expect((await holderData()).deals.find((d) => d.id === 203)?.name).toBe('Coffee Crawl, twice?');
  });

  it('rolls everything back when a write fails mid-apply: rows, files and versions as they were', async () => {
    const mediaDir = path.join(t.dataDir, 'media');
    const [replacedName] = Object.keys(files).filter(
      (name) => name.startsWith('media/') && !name.endsWith('.png'),
    );
    if (!replacedName) throw new Error('no media in the export');
    const replacedFile = path.join(mediaDir, replacedName.slice('media/'.length));
    const replacedBefore = readFileSync(replacedFile);
    const doc = JSON.parse(new TextDecoder().decode(unzipSync(await exportZip())['pass.json'])) as Doc;
    const deal = doc.deals.find((d) => d.id === 207) ?? doc.deals[0];
    if (!deal) throw new Error('no deal');
    deal.name = 'Never applied';
    deal.media = [...(deal.media ?? []), { id: 98001, url: 'media/apply-rollback.svg' }] as never;
    const svg = strToU8(
      '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>',
    );
    const body = zipOf(doc, {
      'media/apply-rollback.svg': svg,
      [replacedName]: strToU8('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    const dry = checked(await dryRun(body));
    expect(dry.media.added).toEqual(['media/apply-rollback.svg']);
    expect(dry.media.replaced).toEqual([replacedName]);

    let sawFiles = false;
    applyTestHooks.afterWrites = async () => {
      // The files are in place inside the transaction...
      sawFiles = existsSync(path.join(mediaDir, 'apply-rollback.svg'));
      throw new Error('a write failed');
    };
    const before = await consoleDigest(t.database.db);
    const res = await apply(body, dry.checksum);
    expect(res.statusCode, res.body).toBe(500);
    expect(sawFiles).toBe(true);
    // ...and gone with the rows: no table changed, no new file, the replaced file as it was, no leftovers.
    expect(changedIn(before, await consoleDigest(t.database.db))).toEqual([]);
    expect(existsSync(path.join(mediaDir, 'apply-rollback.svg'))).toBe(false);
    expect(readFileSync(replacedFile).equals(replacedBefore)).toBe(true);
    expect(readdirSync(mediaDir).filter((name) => name.startsWith('.'))).toEqual([]);

    // Without the failure the same upload applies, files and all.
    applyTestHooks.afterWrites = undefined;
    const ok = applied(await apply(body, dry.checksum));
    expect(ok.versionId).toEqual(expect.any(Number));
    expect(readFileSync(path.join(mediaDir, 'apply-rollback.svg')).equals(Buffer.from(svg))).toBe(true);
    expect(readdirSync(mediaDir).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('export, apply, export: the same bytes, and the upload of an export is an empty diff that writes nothing', async () => {
    const first = await exportZip();
    const dry = checked(await dryRun(first));
    expect(dry.unchanged).toBe(true);
    const before = await consoleDigest(t.database.db);
    const res = applied(await apply(first, dry.checksum));
    expect(res).toMatchObject({ unchanged: true, versionId: null });
    expect(changedIn(before, await consoleDigest(t.database.db))).toEqual([]);
    const again = await exportZip();
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
  });
  it('keeps an unchanged reward’s pending takes, and makes a changed reward’s uploaded stock what is left', async () => {
    const [item] = await t.database.db
      .select({ id: order_items.id })
      .from(order_items)
      .where(
        notInArray(
          order_items.id,
          t.database.db.select({ id: reward_stock_takes.order_item_id }).from(reward_stock_takes),
        ),
      )
      .limit(1);
    if (!item) throw new Error('no order item');
    // A completion not yet folded into the growler's count: one of its 5 is taken, 4 are left.
    await t.database.db
      .insert(reward_stock_takes)
      .values({ order_item_id: item.id, reward_item_id: GROWLER, stock_key: '0' });
    const takes = () =>
      t.database.db.select().from(reward_stock_takes).where(eq(reward_stock_takes.reward_item_id, GROWLER));
    const stored = async () =>
      (await t.database.db.select().from(reward_items).where(eq(reward_items.id, GROWLER)))[0]
        ?.tickets_available;

    const doc = JSON.parse(new TextDecoder().decode(unzipSync(await exportZip())['pass.json'])) as Doc;
    expect(doc.rewardItems?.find((r) => r.id === GROWLER)?.ticketsAvailable).toEqual({ '0': 4 });
    const deal = doc.deals.find((d) => d.id === 201);
    if (!deal) throw new Error('no deal 201');
    deal.name = `${deal.name} (stock test)`;
    const first = zipOf(doc);
    applied(await apply(first, checked(await dryRun(first)).checksum));
    // The growler was not changed: its stored count and its pending take stay.
    expect(await stored()).toEqual({ '0': 5 });
    expect(await takes()).toHaveLength(1);

    const growler = doc.rewardItems?.find((r) => r.id === GROWLER);
    if (!growler) throw new Error('no growler');
    growler.ticketsAvailable = { '0': 9 };
    const second = zipOf(doc);
    applied(await apply(second, checked(await dryRun(second)).checksum));
    expect(await stored()).toEqual({ '0': 9 });
    expect(await takes()).toEqual([]);
    expect((await growlerForAva())?.tickets_available ?? (await growlerForAva())?.ticketsAvailable).toEqual({
      '0': 9,
    });
  });
});

describe('versions and restore', () => {
  it('lists the versions newest first (viewers may read), hands out a version’s zip to managers', async () => {
    const res = await viewer.request({
      method: 'GET',
      url: pathOf(contentApplyPaths.versions, { offerId: BREW }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = contentVersionPage.parse(res.json());
    expect(page.total).toBe(page.items.length);
    expect(page.items.map((v) => v.id)).toEqual([...page.items.map((v) => v.id)].sort((a, b) => b - a));
    expect(page.items.at(-1)?.kind).toBe('baseline');
    expect(page.items[0]).toMatchObject({
      kind: 'import',
      createdBy: 'manager@lakeshore.test',
      offerId: BREW,
    });
    const paged = await viewer.request({
      method: 'GET',
      url: `${pathOf(contentApplyPaths.versions, { offerId: BREW })}?perPage=1&page=2`,
    });
    expect(contentVersionPage.parse(paged.json()).items.map((v) => v.id)).toEqual([page.items[1]?.id]);

    // The newest version is the content as it is: its zip is the export's.
    const newest = page.items[0];
    if (!newest) throw new Error('no version');
    const download = await manager.request({ method: 'GET', url: versionPath('versionDownload', newest.id) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(Buffer.from(download.rawPayload).equals(Buffer.from(await exportZip()))).toBe(true);
    // The baseline is the content before the first apply: the first export's bytes.
    const baseline = page.items.at(-1);
    if (!baseline) throw new Error('no baseline');
    const base = await manager.request({ method: 'GET', url: versionPath('versionDownload', baseline.id) });
    expect(Buffer.from(base.rawPayload).equals(Buffer.from(original))).toBe(true);
  });

  it('restores the baseline through the same dry run: the original content back, holders’ rows untouched', async () => {
    const list = contentVersionPage.parse(
      (
        await manager.request({ method: 'GET', url: pathOf(contentApplyPaths.versions, { offerId: BREW }) })
      ).json(),
    );
    const baseline = list.items.find((v) => v.kind === 'baseline');
    if (!baseline) throw new Error('no baseline');
    const dry = checked(await post(manager, versionPath('versionDryRun', baseline.id)));
    expect(dry.unchanged).toBe(false);
    expect(dry.kinds.find((k) => k.kind === 'perks')?.added.map((i) => i.id)).toEqual([GONE_PERK]);
    expect(dry.kinds.find((k) => k.kind === 'faqs')?.removed.map((i) => i.id)).toEqual([NEW_FAQ]);

    const wrong = await post(
      manager,
      `${versionPath('versionRestore', baseline.id)}?checksum=${'0'.repeat(64)}`,
    );
    expect(wrong.statusCode, wrong.body).toBe(409);

    const holdersBefore = await holderDigest();
    const res = applied(
      await post(manager, `${versionPath('versionRestore', baseline.id)}?checksum=${dry.checksum}`),
    );
    expect(res.versionId).toEqual(expect.any(Number));
    expect(await holderDigest()).toEqual(holdersBefore);
    expect(Buffer.from(await exportZip()).equals(Buffer.from(original))).toBe(true);
    expect((await holderData()).deals.find((d) => d.id === RENAMED_DEAL)?.name).not.toBe(
      'The Renamed Pint Pass',
    );
    // Ava's session still works (holderData answered 200) and the new version says what it restored.
    const [row] = await t.database.db
      .select({ kind: content_versions.kind, restoredFrom: content_versions.restored_from })
      .from(content_versions)
      .where(inArray(content_versions.id, [res.versionId ?? 0]));
    expect(row).toEqual({ kind: 'restore', restoredFrom: baseline.id });
    const [audit] = await auditOf('content.restore');
    expect(audit?.after).toMatchObject({ checksum: dry.checksum, restoredFrom: baseline.id });
  });

  it('refuses viewers (403), the signed out (401) and other partners’ staff (404)', async () => {
    const [version] = await t.database.db
      .select({ id: content_versions.id })
      .from(content_versions)
      .where(eq(content_versions.offer_id, BREW));
    if (!version) throw new Error('no version');
    const body = original;
    const checksum = checked(await dryRun(body)).checksum;
    const before = await consoleDigest(t.database.db);
    expect((await apply(body, checksum, viewer)).statusCode).toBe(403);
    expect((await apply(body, checksum, null)).statusCode).toBe(401);
    expect((await apply(body, checksum, stranger)).statusCode).toBe(404);
    expect(
      (await post(viewer, `${versionPath('versionRestore', version.id)}?checksum=${checksum}`)).statusCode,
    ).toBe(403);
    expect((await post(viewer, versionPath('versionDryRun', version.id))).statusCode).toBe(403);
    expect(
      (await viewer.request({ method: 'GET', url: versionPath('versionDownload', version.id) })).statusCode,
    ).toBe(403);
    expect(
      (await stranger.request({ method: 'GET', url: versionPath('versionDownload', version.id) })).statusCode,
    ).toBe(404);
    expect(
      (await stranger.request({ method: 'GET', url: pathOf(contentApplyPaths.versions, { offerId: BREW }) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: pathOf(contentApplyPaths.versions, { offerId: BREW }) }))
        .statusCode,
    ).toBe(401);
    // A version of offer 101 is not found under another offer of the same partner.
    expect(
      (await manager.request({ method: 'GET', url: versionPath('versionDownload', version.id, 102) }))
        .statusCode,
    ).toBe(404);
    expect(changedIn(before, await consoleDigest(t.database.db))).toEqual([]);
  });
});
