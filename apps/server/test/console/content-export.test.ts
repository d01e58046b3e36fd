import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contentExportPaths, contentPaths } from '@trailpass/contract/console';
import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantOfDay } from '../../src/console/content-export/document';
import { checkPassDocument, importPassFile, validatePassDocument } from '../../src/db/import';
import { calendarDateIn } from '../../src/db/import/dates';
import { console_audit, modules, order_items, reward_stock_takes } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { type InjectResponse, makeStaff, pathOf, type StaffClient, signIn } from './console-helpers';

// Issue 31 item 2, first half (decision 0046): an offer's content as a pass-import/1 zip. The demo
// (demo/pass-demo.json), partner 1: the Brew Trail (101, gamified: growler 1202 at retail 16 with stock
// {"0": 12}, Driftwood 302's code 1357, product 508's hero media/sunset-paddle.svg missing on purpose) and
// Lakeshore Rewards (102, a points offer). Northwoods (partner 3) shares Anchor & Oar (301) with them.
const BREW = 101;
const REWARDS = 102;
const GROWLER = 1202;

let t: TestApp;
let manager: StaffClient;
let viewer: StaffClient;
let stranger: StaffClient;
const scratch: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await makeStaff(t, 'manager@lakeshore.test', { partnerId: 1, role: 'manager' });
  await makeStaff(t, 'viewer@lakeshore.test', { partnerId: 1, role: 'viewer' });
  await makeStaff(t, 'owner@northwoods.test', { partnerId: 3, role: 'owner' });
  manager = await signIn(t.app, 'manager@lakeshore.test');
  viewer = await signIn(t.app, 'viewer@lakeshore.test');
  stranger = await signIn(t.app, 'owner@northwoods.test');
});

afterAll(async () => {
  await t?.close();
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
});

const exportOf = (client: StaffClient, offerId: number) =>
  client.request({ method: 'GET', url: pathOf(contentExportPaths.export, { offerId }) });

interface Unzipped {
  names: string[];
  text: string;
  doc: Record<string, unknown> & { [key: string]: unknown };
  files: Record<string, Uint8Array>;
}

function unzip(res: InjectResponse): Unzipped {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const files = unzipSync(new Uint8Array(res.rawPayload));
  const entry = files['pass.json'];
  if (!entry) throw new Error('no pass.json in the zip');
  const text = new TextDecoder().decode(entry);
  return { names: Object.keys(files), text, doc: JSON.parse(text), files };
}

/** The zip's files written out as an import folder: pass.json and media/. */
async function unpack(zip: Unzipped): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'trailpass-export-'));
  scratch.push(dir);
  await mkdir(path.join(dir, 'media'));
  for (const [name, bytes] of Object.entries(zip.files)) await writeFile(path.join(dir, name), bytes);
  return dir;
}

/** A zip entry's local file header signature. */
const LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

type Item = { id: number } & Record<string, unknown>;
const list = (doc: Unzipped['doc'], key: string) => doc[key] as Item[];

const schema: unknown = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../../src/db/import/pass-import.schema.json'), 'utf8'),
);
const defs = (schema as { $defs: Record<string, { properties?: Record<string, unknown> }> }).$defs;
const topLevel = (schema as { properties: Record<string, { items?: { $ref?: string } }> }).properties;

describe('the content export', () => {
  it('is a zip of pass.json and its media that the importer’s validator accepts, for managers', async () => {
    const res = await exportOf(manager, BREW);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="offer-101-content.zip"');
    expect(res.headers['cache-control']).toBe('no-store');
    const zip = unzip(res);
    expect(zip.text).toBe(`${JSON.stringify(zip.doc, null, 2)}\n`);
    // Every entry's time is the zip format's first moment, 1980-01-01 00:00 (DOS date 33, time 0): two
    // exports of the same content are the same bytes, whenever they are made.
    const bytes = res.rawPayload;
    let entries = 0;
    for (let at = bytes.indexOf(LOCAL_HEADER); at >= 0; at = bytes.indexOf(LOCAL_HEADER, at + 4)) {
      expect([bytes.readUInt16LE(at + 10), bytes.readUInt16LE(at + 12)]).toEqual([0, 33]);
      entries++;
    }
    expect(entries).toBe(zip.names.length);
    expect(zip.names[0]).toBe('pass.json');
    expect(zip.names.slice(1)).toEqual([...zip.names.slice(1)].sort());
    expect(zip.names.slice(1).every((name) => /^media\/[a-z0-9][a-z0-9._-]*$/.test(name))).toBe(true);

    const dir = await unpack(zip);
    const { errors, warnings } = checkPassDocument(zip.doc, { baseDir: dir });
    expect(errors).toEqual([]);
    // Every file it names is in the zip, except the one the demo leaves out on purpose.
    expect(warnings.map((w) => w.message.split(' ')[2])).toEqual(['media/sunset-paddle.svg']);
    expect(zip.text).toContain('"url": "media/sunset-paddle.svg"');
    expect(zip.text).not.toContain('/pass/media/');
    expect(zip.names).toContain('media/brew-trail-hero.svg');
    expect(zip.names).toContain('media/visit-lakeshore-icon-196.svg');
    // The import made PNG icons of the partner's SVG icon; they are derived, so not exported.
    expect(await readdir(path.join(t.dataDir, 'media'))).toContain('visit-lakeshore-icon-196.svg.192.png');
    expect(zip.names.filter((name) => name.endsWith('.png'))).toEqual([]);

    const doc = zip.doc;
    expect(doc.format).toBe('pass-import/1');
    expect(list(doc, 'offers').map((o) => o.id)).toEqual([BREW]);
    expect(list(doc, 'partners').map((p) => p.id)).toEqual([1]);
    expect(list(doc, 'deals').map((d) => d.id)).toEqual([201, 202, 203, 207]);
    expect(list(doc, 'venues').map((v) => v.id)).toEqual([301, 302, 303, 304, 308, 309]);
    expect(list(doc, 'venues').find((v) => v.id === 302)?.pin).toBe('1357');
    expect(list(doc, 'rewardItems').find((r) => r.id === GROWLER)).toMatchObject({
      retail_price: 16,
      ticketsAvailable: { '0': 12 },
    });
    // The offer's own pages and those for any offer of its deals, products and venues; not another offer's.
    expect(list(doc, 'assignments').map((a) => a.id)).toEqual([
      3901, 3902, 3903, 3904, 3905, 3906, 3907, 3912,
    ]);
    // Dates are absolute (the import's @now resolved), in UTC.
    for (const deal of list(doc, 'deals')) {
      const until = deal.points_valid_until;
      expect(until === null || /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?Z$/.test(String(until))).toBe(true);
    }
  });

  it('holds no holder data: no users, passes, links, messages, subscriptions, orders, ledger or ballots', async () => {
    const zip = unzip(await exportOf(manager, BREW));
    for (const key of [
      'partnerUsers',
      'passes',
      'passLinks',
      'messages',
      'subscriptions',
      'orders',
      'pointsLedger',
    ]) {
      expect(zip.doc[key], key).toEqual([]);
    }
    for (const poll of list(zip.doc, 'polls')) expect(poll).not.toHaveProperty('ballots');
    // The partner's mailing lists are content (their names); who subscribed is not.
    expect(list(zip.doc, 'messageLists').length).toBeGreaterThan(0);
    for (const holderText of [
      'ava@example.com',
      'Lindqvist',
      '+19205550123',
      'demo-ava-brew',
      'harper@example.com',
    ])
      expect(zip.text).not.toContain(holderText);
  });

  it('writes keys in the schema’s order and every top-level list sorted by id', async () => {
    const { doc } = unzip(await exportOf(manager, BREW));
    expect(Object.keys(doc)).toEqual(Object.keys(topLevel));
    for (const [key, property] of Object.entries(topLevel)) {
      const def = property.items?.$ref?.split('/').pop();
      if (!def) continue;
      const order = Object.keys(defs[def]?.properties ?? {});
      const items = (doc[key] ?? []) as Item[];
      expect(
        items.map((item) => item.id),
        `${key} by id`,
      ).toEqual(items.map((item) => item.id).sort((a, b) => a - b));
      for (const item of items) {
        expect(Object.keys(item), `${key} ${item.id}`).toEqual(order.filter((name) => name in item));
      }
    }
  });

  it('exports a reward’s stock as it is now and the quick edits in the next export', async () => {
    const before = unzip(await exportOf(manager, BREW));
    const edit = await manager.request({
      method: 'PATCH',
      url: pathOf(contentPaths.reward, { offerId: BREW, rewardId: GROWLER }),
      payload: { pointsPrice: 85, stock: [{ key: '0', left: 3 }] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const dated = await manager.request({
      method: 'PATCH',
      url: pathOf(contentPaths.deal, { offerId: BREW, dealId: 203 }),
      payload: { pointsValidUntil: '2030-01-31T23:59:00Z' },
    });
    expect(dated.statusCode, dated.body).toBe(200);
    const after = unzip(await exportOf(manager, BREW));
    expect(list(after.doc, 'rewardItems').find((r) => r.id === GROWLER)).toMatchObject({
      retail_price: 17,
      ticketsAvailable: { '0': 3 },
    });
    expect(list(after.doc, 'deals').find((d) => d.id === 203)?.points_valid_until).toBe(
      '2030-01-31T23:59:00Z',
    );
    expect(after.text).not.toBe(before.text);

    // A completion not yet folded into the stored count is taken off too, as the Rewards page does.
    const [item] = await t.database.db.select({ id: order_items.id }).from(order_items).limit(1);
    if (!item) throw new Error('the demo has order items');
    await t.database.db
      .insert(reward_stock_takes)
      .values({ order_item_id: item.id, reward_item_id: GROWLER, stock_key: '0' });
    try {
      const taken = unzip(await exportOf(manager, BREW));
      expect(list(taken.doc, 'rewardItems').find((r) => r.id === GROWLER)?.ticketsAvailable).toEqual({
        '0': 2,
      });
    } finally {
      await t.database.db.delete(reward_stock_takes).where(eq(reward_stock_takes.order_item_id, item.id));
    }
  });

  it('records each export in the audit log, with the digest of what was handed out', async () => {
    const res = await exportOf(manager, REWARDS);
    expect(res.statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(console_audit)
      .where(and(eq(console_audit.action, 'content.export'), eq(console_audit.object_id, String(REWARDS))));
    expect(rows).toHaveLength(1);
    const { createHash } = await import('node:crypto');
    expect(rows[0]).toMatchObject({
      partner_id: 1,
      offer_id: REWARDS,
      object_type: 'offer',
      staff_email: 'manager@lakeshore.test',
      after: { sha256: createHash('sha256').update(res.rawPayload).digest('hex') },
    });
  });
});

describe('an export imported into an empty database', () => {
  /** Exports `offerId`, imports the zip into a new empty database, exports the offer there. */
  async function roundTrip(offerId: number): Promise<void> {
    const first = await exportOf(manager, offerId);
    const zip = unzip(first);
    const dir = await unpack(zip);
    const other = await createTestApp({ importDemo: false });
    try {
      await importPassFile(other.database.db, path.join(dir, 'pass.json'), {
        mediaDir: path.join(other.dataDir, 'media'),
      });
      await makeStaff(other, 'manager@lakeshore.test', { partnerId: 1, role: 'manager' });
      const again = await exportOf(await signIn(other.app, 'manager@lakeshore.test'), offerId);
      // The document first, for a readable difference; then every byte of the zip.
      expect(unzip(again).text).toBe(zip.text);
      expect(Buffer.compare(again.rawPayload, first.rawPayload)).toBe(0);
    } finally {
      await other.close();
    }
  }

  it('exports the Brew Trail (a gamified offer) again byte for byte', async () => {
    await roundTrip(BREW);
  });

  it('exports Lakeshore Rewards (a points offer) again byte for byte', async () => {
    const { doc } = unzip(await exportOf(manager, REWARDS));
    expect(list(doc, 'offers')[0]?.use_points).toBe(true);
    expect(validatePassDocument(doc, { baseDir: tmpdir() })).toEqual([]);
    await roundTrip(REWARDS);
  });

  it('carries the content’s translations (decision 0049), in the schema’s order, and again byte for byte', async () => {
    const { doc, text } = unzip(await exportOf(manager, REWARDS));
    // The demo's Spanish of offer 102: on the offer and its FAQs, a deal, a venue (its opening hours' note
    // too), a category, a reward and its attributes, a module (with its data's fields as a list), a mailing
    // list and a pickup point.
    const offer = list(doc, 'offers')[0] as Item & { faqs: Item[] };
    expect(Object.keys(offer).at(-1)).toBe('translations');
    expect(offer.translations).toEqual({
      es: {
        name: 'Recompensas Lakeshore',
        description: expect.stringMatching(/^Gana puntos/),
        highlights: expect.stringMatching(/^Gana 100 puntos/),
      },
    });
    expect(offer.faqs.find((f) => f.id === 4011)?.translations).toMatchObject({
      es: { question: '¿Cuántos puntos necesito?' },
    });
    expect(list(doc, 'deals').find((d) => d.id === 204)?.translations).toMatchObject({
      es: { name: 'Club Recompensas Lakeshore' },
    });
    const venue301 = list(doc, 'venues').find((v) => v.id === 301) as Item & { translations: { es: object } };
    // The opening hours' note nested as the original's, after the venue's flat texts (the schema's order).
    expect(Object.keys(venue301.translations.es)).toEqual([
      'description',
      'short_description',
      'opening_hours',
    ]);
    expect(venue301.translations.es).toMatchObject({
      opening_hours: { note: 'Cerrado los lunes. La cocina cierra una hora antes que la sala de grifos.' },
    });
    const getaway = list(doc, 'rewardItems').find((r) => r.id === 1212) as Item & { attributes: Item[] };
    expect(getaway.attributes.map((a) => a.translations)).toEqual([
      { es: { name: 'Entre semana' } },
      { es: { name: 'Fin de semana' } },
    ]);
    expect(list(doc, 'modules').find((m) => m.id === 3042)?.translations).toEqual({
      es: {
        name: 'Campos de membresía',
        data: {
          label: 'Tu membresía',
          fields: [
            { label: 'Saldo de puntos' },
            { label: 'Próximos puntos en caducar' },
            { label: 'Nivel de miembro', value: 'Harbor (nivel 2 de 3)' },
          ],
        },
      },
    });
    expect(list(doc, 'messageLists').find((l) => l.id === 801)?.translations).toMatchObject({
      es: { name: 'Noticias del Brew Trail' },
    });
    expect(text).toContain('"name": "Rampa de botes de Lighthouse Point"');
    // A record without translations has no key for them.
    expect(list(doc, 'deals').every((d) => d.id === 204 || !('translations' in d))).toBe(true);
    await roundTrip(REWARDS);
  });
});

describe('who may export', () => {
  async function exportsAudited(): Promise<number> {
    const rows = await t.database.db
      .select()
      .from(console_audit)
      .where(eq(console_audit.action, 'content.export'));
    return rows.length;
  }

  it('refuses a viewer (the document holds check-in codes), another partner’s staff and the signed out', async () => {
    const audited = await exportsAudited();
    const byViewer = await exportOf(viewer, BREW);
    expect(byViewer.statusCode, byViewer.body).toBe(403);
    expect(byViewer.json().code).toBe('FORBIDDEN');
    // Another partner's offer is no offer at all to them; their own partner's is theirs to export.
    const byStranger = await exportOf(stranger, BREW);
    expect(byStranger.statusCode, byStranger.body).toBe(404);
    expect(byStranger.json().code).toBe('NOT_FOUND');
    const signedOut = await t.app.inject({
      method: 'GET',
      url: pathOf(contentExportPaths.export, { offerId: BREW }),
    });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().code).toBe('UNAUTHENTICATED');
    // No HEAD form: it would build and audit an export without handing it out.
    const head = await manager.request({
      method: 'HEAD',
      url: pathOf(contentExportPaths.export, { offerId: BREW }),
    });
    expect(head.statusCode).toBe(404);
    expect(await exportsAudited()).toBe(audited);
    expect(unzip(await exportOf(stranger, 104)).doc.offers).toHaveLength(1);
  });
});

describe('content that would not import', () => {
  it('is refused with 409 naming the problem, and no file is handed out', async () => {
    // The Brew Trail's deal cards (module 3005) made to list Lakeshore Rewards' deal 204, which the Brew
    // Trail's document does not carry: an import of it would be refused.
    const db = t.database.db;
    const [cards] = await db.select().from(modules).where(eq(modules.id, 3005));
    if (!cards) throw new Error('the demo has module 3005');
    await db
      .update(modules)
      .set({ data: { ...cards.data, deals: [201, 204] } })
      .where(eq(modules.id, 3005));
    try {
      const res = await exportOf(manager, BREW);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT' });
      expect(res.json().message).toContain('no deal with id 204');
      expect(res.headers['content-disposition']).toBeUndefined();
    } finally {
      await db.update(modules).set({ data: cards.data }).where(eq(modules.id, 3005));
    }
    expect(unzip(await exportOf(manager, BREW)).doc.format).toBe('pass-import/1');
  });
});

describe('availability dates', () => {
  it('names an instant whose date is the stored one in the availability’s time zone, east and west', () => {
    for (const zone of ['America/Chicago', 'Etc/GMT+12', 'Pacific/Kiritimati', 'Pacific/Auckland', 'UTC']) {
      const instant = instantOfDay('2026-03-08', zone);
      expect(calendarDateIn(new Date(instant), zone), zone).toBe('2026-03-08');
    }
  });
});
