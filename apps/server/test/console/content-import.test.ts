import { createHash } from 'node:crypto';
import {
  CONTENT_IMPORT_LIMITS,
  type ContentDryRun,
  contentDryRun,
  contentExportPaths,
  contentImportPaths,
  contentPaths,
} from '@trailpass/contract/console';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffContent } from '../../src/console/content-import/diff';
import type { PassDocument } from '../../src/db/import/document';
import { createTestApp, type TestApp } from '../helpers';
import { changedIn, consoleDigest } from '../security/console-routes';
import { type InjectResponse, makeStaff, pathOf, type StaffClient, signIn } from './console-helpers';

// Issue 31 item 1, first half (decision 0047): the dry run of a content upload. The demo
// (demo/pass-demo.json), partner 1 (Visit Lakeshore): the Brew Trail (101) with deals 201 (its date @now+45d)
// to 203 and 207, perks 651 to 653, FAQs 4001 to 4007, the standalone product 519 (Maritime Museum Admission)
// that Ava has bought; Anchor & Oar (301) is also Northwoods' (partner 3, offer 104); product 508's hero
// media/sunset-paddle.svg is missing on purpose. The app's clock is the import's, so `@now` means the same.
const BREW = 101;
const NORTHWOODS_OFFER = 104;

let t: TestApp;
let manager: StaffClient;
let viewer: StaffClient;
let stranger: StaffClient;
let admin: StaffClient;
/** The export of offer 101 as it is: its zip, and the files in it. */
let exported: Uint8Array;
let files: Record<string, Uint8Array>;

beforeAll(async () => {
  t = await createTestApp({ now: new Date() });
  await makeStaff(t, 'manager@lakeshore.test', { partnerId: 1, role: 'manager' });
  await makeStaff(t, 'viewer@lakeshore.test', { partnerId: 1, role: 'viewer' });
  await makeStaff(t, 'owner@northwoods.test', { partnerId: 3, role: 'owner' });
  await makeStaff(t, 'admin@trailpass.test', 'provider_admin');
  manager = await signIn(t.app, 'manager@lakeshore.test');
  viewer = await signIn(t.app, 'viewer@lakeshore.test');
  stranger = await signIn(t.app, 'owner@northwoods.test');
  admin = await signIn(t.app, 'admin@trailpass.test');
  const res = await manager.request({
    method: 'GET',
    url: pathOf(contentExportPaths.export, { offerId: BREW }),
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  exported = new Uint8Array(res.rawPayload);
  files = unzipSync(exported);
});

afterAll(async () => {
  await t?.close();
});

type Doc = PassDocument & Record<string, unknown>;

/** A fresh copy of the exported document. */
function exportedDoc(): Doc {
  return JSON.parse(new TextDecoder().decode(files['pass.json'])) as Doc;
}

function zipOf(doc: unknown, extra: Record<string, Uint8Array> = {}, withMedia = true): Uint8Array {
  const entries: Record<string, Uint8Array> = { 'pass.json': strToU8(JSON.stringify(doc, null, 2)) };
  if (withMedia) {
    for (const [name, bytes] of Object.entries(files)) if (name.startsWith('media/')) entries[name] = bytes;
  }
  return zipSync({ ...entries, ...extra });
}

function dryRun(
  client: StaffClient | null,
  body: Uint8Array | string,
  type = 'application/zip',
  offerId = BREW,
): Promise<InjectResponse> {
  const options = {
    method: 'POST' as const,
    url: pathOf(contentImportPaths.dryRun, { offerId }),
    payload: Buffer.from(body),
    headers: { 'content-type': type },
  };
  if (!client)
    return t.app.inject({ ...options, headers: { ...options.headers, origin: 'http://localhost:80' } });
  return client.request(options);
}

function ok(res: InjectResponse): ContentDryRun {
  expect(res.statusCode, res.body.slice(0, 2000)).toBe(200);
  return contentDryRun.parse(res.json());
}

/** The kinds of a dry run that change something, as `kind: +added ~changed(fields) -removed`. */
function summary(result: ContentDryRun): string[] {
  return result.kinds
    .filter((k) => k.added.length + k.changed.length + k.removed.length > 0)
    .map(
      (k) =>
        `${k.kind}: ${[
          ...k.added.map((i) => `+${i.id}`),
          ...k.changed.map((i) => `~${i.id}(${(i.fields ?? []).join(',')})`),
          ...k.removed.map((i) => `-${i.id}`),
        ].join(' ')}`,
    );
}

/** Runs `call` and checks it answered 422 with `path` among its errors, and that no table changed. */
async function refusedAt(call: () => Promise<InjectResponse>, path: string, words: RegExp, status = 422) {
  const before = await consoleDigest(t.database.db);
  const catalogue = await manager.request({
    method: 'GET',
    url: pathOf(contentPaths.catalogue, { offerId: BREW }),
  });
  const res = await call();
  expect(res.statusCode, res.body.slice(0, 2000)).toBe(status);
  const body = res.json() as { code: string; message: string; errors?: Record<string, string[]> };
  expect(body.code).toBe('VALIDATION');
  if (status === 422) {
    expect(Object.keys(body.errors ?? {}), res.body.slice(0, 2000)).toContain(path);
    expect((body.errors?.[path] ?? []).join(' '), res.body.slice(0, 2000)).toMatch(words);
  } else {
    expect(body.message).toMatch(words);
  }
  expect(changedIn(before, await consoleDigest(t.database.db))).toEqual([]);
  const after = await manager.request({
    method: 'GET',
    url: pathOf(contentPaths.catalogue, { offerId: BREW }),
  });
  expect(after.json()).toEqual(catalogue.json());
  return body;
}

const indexOf = (list: Array<{ id: number }>, id: number) => {
  const i = list.findIndex((item) => item.id === id);
  if (i < 0) throw new Error(`no ${id}`);
  return i;
};

describe('the dry run of a content upload', () => {
  it('finds nothing to change in the offer’s own export, zipped or as JSON alone, and gives its checksum', async () => {
    const before = await consoleDigest(t.database.db);
    const result = ok(await dryRun(manager, exported));
    expect(summary(result)).toEqual([]);
    expect(result.unchanged).toBe(true);
    expect(result.kinds.map((k) => k.kind)).toContain('rewardItems');
    expect(result.checksum).toBe(createHash('sha256').update(exported).digest('hex'));
    expect(result.document).toBe('pass.json');
    expect(result.media.added).toEqual([]);
    expect(result.media.replaced).toEqual([]);
    expect(result.media.same.length).toBeGreaterThan(0);
    // The demo's missing picture is already the content's: a warning, as the import command gives.
    expect(result.warnings.map((w) => w.message).join(' ')).toMatch(/sunset-paddle\.svg/);

    const json = ok(await dryRun(manager, files['pass.json'] as Uint8Array, 'application/json'));
    expect(summary(json)).toEqual([]);
    expect(json.document).toBeNull();
    expect(changedIn(before, await consoleDigest(t.database.db))).toEqual([]);
  });

  it('resolves @now dates against the request time before comparing', async () => {
    const doc = exportedDoc();
    const deal = doc.deals[indexOf(doc.deals, 201)];
    if (deal) deal.points_valid_until = '@now+45d';
    expect(summary(ok(await dryRun(manager, zipOf(doc))))).toEqual([]);
    if (deal) deal.points_valid_until = '@now+46d';
    expect(summary(ok(await dryRun(manager, zipOf(doc))))).toEqual(['deals: ~201(points_valid_until)']);
  });

  it('shows a renamed deal, an added FAQ and a removed perk as such', async () => {
    const doc = exportedDoc();
    const deal = doc.deals[indexOf(doc.deals, 203)];
    if (deal) deal.name = 'Coffee Crawl, renamed';
    doc.offers[0]?.faqs?.push({
      id: 4999,
      question: 'Is there parking?',
      answer: 'Yes.',
      showOnMobilePass: true,
    });
    doc.perks = (doc.perks ?? []).filter((p) => p.id !== 652);
    for (const m of doc.modules ?? []) {
      const perks = m.data.perks;
      if (Array.isArray(perks)) m.data.perks = perks.filter((id) => id !== 652);
    }
    const result = ok(await dryRun(manager, zipOf(doc)));
    // The module that listed the perk lists it no more.
    expect(summary(result)).toEqual([
      'faqs: +4999',
      'deals: ~203(name)',
      'perks: -652',
      'modules: ~3012(data)',
    ]);
    const kinds = Object.fromEntries(result.kinds.map((k) => [k.kind, k]));
    expect(kinds.deals?.changed).toEqual([{ id: 203, label: 'Coffee Crawl, renamed', fields: ['name'] }]);
    expect(kinds.faqs?.added).toEqual([{ id: 4999, label: 'Is there parking?' }]);
    expect(kinds.perks?.removed).toEqual([{ id: 652, label: '15% off at Lakeshore Kite Co.' }]);
    expect(result.unchanged).toBe(false);
  });

  it('shows a changed, added or removed translation as a change of its record (decision 0049)', async () => {
    const doc = exportedDoc();
    // The demo's venue 303 (a venue of the Brew Trail too) and category 401 have Spanish. (Venue 301's
    // translations are Northwoods' too: a change of them is a provider admin's, as any change of 301.)
    const venue = doc.venues[indexOf(doc.venues, 303)];
    if (!venue?.translations?.es) throw new Error('venue 303 has Spanish in the demo');
    venue.translations.es.short_description = 'Otra descripción.';
    const deal = doc.deals[indexOf(doc.deals, 203)];
    if (deal) deal.translations = { fr: { name: 'Tournée des cafés' } };
    const category = doc.categories?.find((c) => c.id === 401);
    if (!category?.translations) throw new Error('category 401 has Spanish in the demo');
    delete category.translations;
    expect(summary(ok(await dryRun(manager, zipOf(doc))))).toEqual([
      'deals: ~203(translations)',
      'venues: ~303(translations)',
      'categories: ~401(translations)',
    ]);
    // The same translations, their keys in another order, are no change.
    const same = exportedDoc();
    const es = same.venues[indexOf(same.venues, 303)]?.translations?.es;
    if (!es) throw new Error('venue 303 has Spanish in the demo');
    const reversed = Object.fromEntries(Object.entries(es).reverse());
    (same.venues[indexOf(same.venues, 303)] as { translations: unknown }).translations = { es: reversed };
    expect(summary(ok(await dryRun(manager, zipOf(same))))).toEqual([]);
  });

  it('refuses a schema error with its JSON path, changing nothing', async () => {
    const doc = exportedDoc();
    const i = indexOf(doc.deals, 202);
    (doc.deals[i] as unknown as Record<string, unknown>).name = 42;
    await refusedAt(() => dryRun(manager, zipOf(doc)), `$.deals[${i}].name`, /string/);
  });

  it('refuses a NUL character or a lone surrogate in a text with its JSON path, which the database could not store', async () => {
    const doc = exportedDoc();
    const i = indexOf(doc.deals, 202);
    (doc.deals[i] as unknown as Record<string, unknown>).name = 'Sum\u0000mer';
    await refusedAt(() => dryRun(manager, zipOf(doc)), `$.deals[${i}].name`, /NUL character/);
    // JSON's `\ud800` escape: a text column would get U+FFFD instead, a jsonb one would fail the write.
    (doc.deals[i] as unknown as Record<string, unknown>).name = 'Sum\ud800mer';
    await refusedAt(() => dryRun(manager, zipOf(doc)), `$.deals[${i}].name`, /surrogate pair/);
  });

  it('refuses malformed JSON with its line and column', async () => {
    await refusedAt(
      () => dryRun(manager, '{"format": "pass-import/1",\n  "offers": [}', 'application/json'),
      '$',
      /line 2/,
    );
  });

  it('refuses another offer’s id, naming the offer the upload is for', async () => {
    const doc = exportedDoc();
    for (const list of [doc.deals, doc.products, doc.rewardItems ?? [], doc.packages ?? [], doc.perks ?? []])
      for (const item of list as Array<{ offer_id: number }>) item.offer_id = 102;
    for (const a of doc.assignments ?? []) if (a.offer_id === BREW) a.offer_id = 102;
    for (const a of doc.assignments ?? [])
      if (a.type === 'offer' && a.assignmentId === BREW) a.assignmentId = 102;
    const offer = doc.offers[0];
    if (offer) offer.id = 102;
    await refusedAt(
      () => dryRun(manager, zipOf(doc)),
      '$.offers[0].id',
      /for offer 101 \(Lakeshore Brew Trail\)/,
    );
  });

  it('refuses another partner', async () => {
    const doc = exportedDoc();
    const partner = doc.partners[0];
    if (partner) partner.id = 3;
    for (const o of doc.offers) o.partner_id = 3;
    for (const l of doc.messageLists ?? []) l.partner_id = 3;
    const body = await refusedAt(
      () => dryRun(manager, zipOf(doc)),
      '$.partners[0].id',
      /partner 1 \(Visit Lakeshore\)/,
    );
    expect(body.errors?.['$.offers[0].partner_id']?.join(' ')).toMatch(/cannot move it to partner 3/);
  });

  it('refuses a changed provider block, which is Trailpass’s own', async () => {
    const doc = exportedDoc();
    doc.provider.emailDomain = 'lakeshore.example';
    await refusedAt(() => dryRun(manager, zipOf(doc)), '$.provider', /cannot change it/);
  });

  it('refuses holder data: an upload changes content only', async () => {
    const doc = exportedDoc();
    doc.partnerUsers = [
      {
        id: 9001,
        partner_id: 1,
        name: 'New Holder',
        first_name: 'New',
        last_name: 'Holder',
        email: 'new-holder@example.com',
        phone: null,
        contact_permission: 0,
      } as unknown as PassDocument['partnerUsers'][number],
    ];
    await refusedAt(() => dryRun(manager, zipOf(doc)), '$.partnerUsers', /content only/);
  });

  it('refuses a media file that is neither in the zip nor on the server', async () => {
    const doc = exportedDoc();
    const i = indexOf(doc.perks ?? [], 651);
    const perk = doc.perks?.[i];
    if (perk) perk.url = 'media/no-such-picture.png';
    await refusedAt(() => dryRun(manager, zipOf(doc)), `$.perks[${i}].url`, /neither in the zip/);
  });

  it('takes a new picture from the zip, and tells a replaced file from the server’s', async () => {
    const doc = exportedDoc();
    const perk = doc.perks?.[indexOf(doc.perks ?? [], 651)];
    if (perk) perk.url = 'media/parking.svg';
    const [mediaName, bytes] = Object.entries(files).find(([name]) => name.startsWith('media/')) ?? [];
    if (!mediaName || !bytes) throw new Error('no media in the export');
    const changed = new Uint8Array([...bytes, 0x20]);
    const result = ok(
      await dryRun(
        manager,
        zipOf(doc, {
          'media/parking.svg': strToU8('<svg/>'),
          [mediaName]: changed,
          'media/x.svg': strToU8('<svg/>'),
        }),
      ),
    );
    expect(summary(result)).toEqual(['perks: ~651(url)']);
    expect(result.media.added).toEqual(['media/parking.svg']);
    expect(result.media.replaced).toEqual([mediaName]);
    expect(result.media.unused).toEqual(['media/x.svg']);
  });

  it('refuses a new record that takes the id of another offer’s', async () => {
    const doc = exportedDoc();
    // Deal 204 is Lakeshore Rewards' (offer 102).
    doc.deals.push({ id: 204, offer_id: BREW, name: 'Taken', use_points: true, venue_ids: [] });
    await refusedAt(
      () => dryRun(manager, zipOf(doc)),
      `$.deals[${doc.deals.length - 1}].id`,
      /deal id 204 is already used by the content of another offer/,
    );
  });

  it('refuses a removal that holders’ orders still point at', async () => {
    const doc = exportedDoc();
    doc.products = doc.products.filter((p) => p.id !== 519);
    for (const p of doc.packages ?? []) p.product_ids = p.product_ids.filter((id) => id !== 519);
    doc.availability = (doc.availability ?? []).filter((a) => a.product_id !== 519);
    const gone = new Set(
      (doc.assignments ?? [])
        .filter((a) => a.type === 'product' && a.assignmentId === 519)
        .flatMap((a) => a.modules),
    );
    doc.assignments = (doc.assignments ?? []).filter(
      (a) => !(a.type === 'product' && a.assignmentId === 519),
    );
    doc.modules = (doc.modules ?? []).filter((m) => !gone.has(m.id));
    for (const m of doc.modules) {
      const products = m.data.products;
      if (Array.isArray(products)) m.data.products = products.filter((id) => id !== 519);
    }
    await refusedAt(
      () => dryRun(manager, zipOf(doc)),
      '$.products',
      /product 519 \(Maritime Museum Admission\) cannot be removed: \d+ order products? of holders/,
    );
  });

  it('leaves a venue another partner’s offer uses to a provider admin', async () => {
    const doc = exportedDoc();
    const i = indexOf(doc.venues, 301);
    const venue = doc.venues[i];
    if (venue) venue.name = 'Anchor & Oar, renamed';
    await refusedAt(
      () => dryRun(manager, zipOf(doc)),
      `$.venues[${i}]`,
      new RegExp(`offer ${NORTHWOODS_OFFER}.*another partner`),
    );
    expect(summary(ok(await dryRun(admin, zipOf(doc))))).toEqual(['venues: ~301(name)']);
  });

  it('refuses a zip with .. in a path, and one that unpacks to too much', async () => {
    await refusedAt(
      () => dryRun(manager, zipOf(exportedDoc(), { '../evil.txt': strToU8('x') })),
      '../evil.txt',
      /climbs out/,
    );
    const bomb = zipSync({
      'pass.json': strToU8('{}'),
      'media/big.svg': new Uint8Array(CONTENT_IMPORT_LIMITS.unzippedBytes + 1),
    });
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    await refusedAt(() => dryRun(manager, bomb), '', /unpacks to more than 64 MB/, 413);
    // A header that claims 1,000 bytes for an entry of a megabyte: the reading stops past the claim.
    const liar = zipSync({ 'pass.json': strToU8('{}'), 'media/liar.svg': new Uint8Array(1024 * 1024) });
    const view = new DataView(liar.buffer);
    for (let at = 0; at < liar.byteLength - 4; at++) {
      const signature = view.getUint32(at, true);
      if (signature === 0x04034b50 && view.getUint32(at + 22, true) === 1024 * 1024)
        view.setUint32(at + 22, 1000, true);
      if (signature === 0x02014b50 && view.getUint32(at + 24, true) === 1024 * 1024)
        view.setUint32(at + 24, 1000, true);
    }
    await refusedAt(() => dryRun(manager, liar), 'media/liar.svg', /damaged/);
    const tooBig = new Uint8Array(CONTENT_IMPORT_LIMITS.bodyBytes + 1);
    const res = await dryRun(manager, tooBig);
    expect(res.statusCode, res.body).toBe(413);
    await refusedAt(() => dryRun(manager, strToU8('not a zip at all')), '$', /not a readable zip/);
    const longJson = `{${' '.repeat(CONTENT_IMPORT_LIMITS.documentBytes)}}`;
    await refusedAt(() => dryRun(manager, longJson, 'application/json'), '', /larger than 10 MB/, 413);
  });

  it('is a manager’s: a viewer gets 403, signed out 401, another partner’s staff 404', async () => {
    expect((await dryRun(viewer, exported)).statusCode).toBe(403);
    expect((await dryRun(null, exported)).statusCode).toBe(401);
    expect((await dryRun(stranger, exported)).statusCode).toBe(404);
    // Their own offer with our document: the document names offer 101, not theirs.
    const res = await dryRun(stranger, exported, 'application/zip', NORTHWOODS_OFFER);
    expect(res.statusCode, res.body.slice(0, 500)).toBe(422);
  });
});

describe('diffContent', () => {
  const base = (): PassDocument =>
    ({
      format: 'pass-import/1',
      provider: { name: 'P', emailDomain: 'p.example' },
      partners: [{ id: 1, name: 'Partner', timezone: 'UTC' }],
      offers: [
        {
          id: 1,
          partner_id: 1,
          name: 'Offer',
          use_points: false,
          faqs: [{ id: 7, question: 'Q?', showOnMobilePass: true }],
        },
      ],
      deals: [
        { id: 2, offer_id: 1, name: 'Deal', use_points: true, venue_ids: [] },
        { id: 3, offer_id: 1, name: 'Other', use_points: true, venue_ids: [] },
      ],
      venues: [],
      products: [],
    }) as unknown as PassDocument;

  it('is empty for equal documents, key order aside', () => {
    const a = base();
    const b = base();
    b.deals[0] = { venue_ids: [], use_points: true, name: 'Deal', offer_id: 1, id: 2 };
    expect(diffContent(a, b).every((k) => k.added.length + k.changed.length + k.removed.length === 0)).toBe(
      true,
    );
  });

  it('lists added, changed (with fields) and removed records per kind', () => {
    const a = base();
    const b = base();
    const deal = b.deals[0];
    if (deal) deal.venue_ids = [9];
    b.deals = [
      b.deals[0] as PassDocument['deals'][number],
      { id: 4, offer_id: 1, name: 'New', use_points: true, venue_ids: [] },
    ];
    const offer = b.offers[0];
    if (offer) {
      offer.name = 'Offer 2';
      offer.faqs = [];
    }
    const kinds = Object.fromEntries(diffContent(a, b).map((k) => [k.kind, k]));
    expect(kinds.deals).toEqual({
      kind: 'deals',
      added: [{ id: 4, label: 'New' }],
      changed: [{ id: 2, label: 'Deal', fields: ['venue_ids'] }],
      removed: [{ id: 3, label: 'Other' }],
    });
    expect(kinds.offer?.changed).toEqual([{ id: 1, label: 'Offer 2', fields: ['name'] }]);
    expect(kinds.faqs?.removed).toEqual([{ id: 7, label: 'Q?' }]);
  });
});
