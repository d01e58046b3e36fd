import { existsSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../src/db/client';
import {
  countRows,
  type ImportResult,
  importPassFile,
  isDatabaseEmpty,
  type PassDocument,
  PassImportError,
} from '../../src/db/import';
import {
  availability_dates,
  deals,
  media,
  messages,
  modules,
  offers,
  order_items,
  orders,
  page_views,
  partners,
  pass_links,
  passes,
  sessions,
} from '../../src/db/schema';
import { hashToken } from '../../src/db/tokens';
import { DEMO_FILE, dumpDatabase, expectedCounts, readDemo, tempDir, writeVariant } from './fixtures';

const NOW = new Date('2025-06-15T03:00:00Z');
const DAY = 86_400_000;

let database: TestDatabase;
let demo: PassDocument;
let mediaDir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  demo = await readDemo();
  mediaDir = path.join(await tempDir(), 'media');
});

afterAll(async () => {
  await database?.close();
});

/** Imports a variant and returns the PassImportError it must throw. */
async function importError(file: string, replace: boolean): Promise<PassImportError> {
  const error = await importPassFile(database.db, file, { replace, mediaDir, now: NOW }).catch(
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PassImportError);
  return error as PassImportError;
}

/** The bad files every "writes nothing" check runs, with the issue each must report. */
const badFiles: Array<{
  name: string;
  variant: Parameters<typeof writeVariant>[0];
  path: string;
  message: RegExp;
}> = [
  {
    name: 'malformed JSON',
    variant: { text: '{\n  "format": "pass-import/1",\n  "provider": }\n' },
    path: '$',
    message: /^malformed JSON at line 3, column 15: expected a value, found "}"$/,
  },
  {
    name: 'a misspelt key',
    variant: (doc) => {
      const product = doc.products[3] as unknown as Record<string, unknown>;
      product.venu_id = product.venue_id;
      delete product.venue_id;
    },
    path: '$.products[3].venu_id',
    message: /unknown key "venu_id" \(did you mean "venue_id"\?\)/,
  },
  {
    name: 'a value of the wrong type',
    variant: (doc) => {
      (doc.products[2] as unknown as Record<string, unknown>).redemptions = 'two';
    },
    path: '$.products[2].redemptions',
    message: /must be an integer, not the string "two"/,
  },
  {
    name: 'a dangling reference',
    variant: (doc) => {
      (doc.products[3] as { venue_id: number }).venue_id = 999;
    },
    path: '$.products[3].venue_id',
    message: /^no venue with id 999$/,
  },
  {
    name: 'a duplicate id',
    variant: (doc) => {
      const [first, second] = doc.deals;
      if (first && second) second.id = first.id;
    },
    path: '$.deals[1].id',
    message: /duplicate deal id 201; first used at \$\.deals\[0\]/,
  },
];

describe('importing into an empty database', () => {
  it('starts empty', async () => {
    expect(await isDatabaseEmpty(database.db)).toBe(true);
  });

  for (const bad of badFiles) {
    it(`rejects ${bad.name} with a JSON path and writes nothing`, async () => {
      const file = await writeVariant(bad.variant);
      const error = await importError(file, false);
      expect(error.code).toBe('invalid_file');
      expect(error.issues).toContainEqual({ path: bad.path, message: expect.stringMatching(bad.message) });
      expect(await isDatabaseEmpty(database.db)).toBe(true);
    });
  }
});

describe('importing the demo dataset', () => {
  let result: ImportResult;

  beforeAll(async () => {
    result = await importPassFile(database.db, DEMO_FILE, { mediaDir, now: NOW });
  });

  it('writes every entity, and the counts match the file', async () => {
    const expected = expectedCounts(demo);
    expect(result.counts).toEqual(expected);
    expect(await countRows(database.db)).toEqual(expected);
    expect(result.replaced).toBe(false);
    expect(await isDatabaseEmpty(database.db)).toBe(false);
  });

  it('reports the missing media file as a warning only', () => {
    expect(result.warnings).toEqual([
      { path: '$.products[7].media[0].url', message: expect.stringContaining('media/sunset-paddle.svg') },
    ]);
    expect(result.media.missing).toEqual(['media/sunset-paddle.svg']);
  });

  it('stores pass link tokens only as SHA-256 hashes', async () => {
    const rows = await database.db.select().from(sessions);
    expect(rows).toHaveLength(demo.passLinks.length);
    for (const link of demo.passLinks) {
      const row = rows.find((r) => r.pass_link_id === link.id);
      expect(row?.token_hash).toBe(hashToken(link.token));
      expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row?.offer_id).toBe(link.offer_id);
      expect(row?.partner_user_id).toBe(link.partner_user_id);
      expect(row?.is_preview).toBe(link.isPreview);
      expect(row?.is_unregistered_link).toBe(link.isUnregisteredLink);
      expect(row?.is_public).toBe(link.public ?? false);
      expect(row?.is_visitor).toBe(false);
    }
    // The demo's signed-out guest links are public (decision 0022); their pass_links rows say so too.
    const publicLinks = await database.db.select().from(pass_links).where(eq(pass_links.is_public, true));
    expect(publicLinks.map((l) => l.label)).toEqual([
      expect.stringMatching(/^Public, signed out on Lakeshore Brew Trail/),
      expect.stringMatching(/^Public, signed out on Harbor Check-In Pass/),
    ]);
    const everything = JSON.stringify(await dumpDatabase(database.db));
    for (const link of demo.passLinks) expect(everything).not.toContain(link.token);
    expect(result.links.map((l) => l.token)).toEqual(demo.passLinks.map((l) => l.token));
  });

  it('maps the preview and unregistered links', async () => {
    const [dealPreview] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.token_hash, hashToken('demo-preview-dealprod-1Xp5rJ8nC4gW2kD9')));
    expect(dealPreview).toMatchObject({
      is_preview: true,
      preview_type: 'product',
      preview_type_id: 507,
      preview_deal_id: 201,
    });
    const [submission] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.token_hash, hashToken('demo-preview-submission-7Fq2mV6tL9bN3hS8')));
    expect(submission?.query).toEqual({ submissionVenueId: 301 });
    const [unregistered] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.token_hash, hashToken('demo-unreg-venue301-3Wc9kP1zR7dG5xM4')));
    expect(unregistered).toMatchObject({
      offer_id: null,
      is_unregistered_link: true,
      venue_id: 301,
      path: '/pass/signup',
    });
  });

  it('keeps the support addresses of partners and offers, null where the file has none', async () => {
    const of = async (table: typeof partners | typeof offers) =>
      Object.fromEntries(
        (await database.db.select({ id: table.id, email: table.support_email }).from(table)).map((row) => [
          row.id,
          row.email,
        ]),
      );
    expect(await of(partners)).toEqual({
      1: 'support@visitlakeshore.example',
      3: null,
      942: 'help@harbortown.example',
    });
    expect(await of(offers)).toEqual({
      101: 'brewtrail@visitlakeshore.example',
      102: null,
      103: null,
      104: null,
    });
  });

  it('resolves @now dates once against the given now, in UTC', async () => {
    const [deal] = await database.db.select().from(deals).where(eq(deals.id, 201));
    expect(deal?.points_valid_until?.toISOString()).toBe(new Date(NOW.getTime() + 45 * DAY).toISOString());
    const [message] = await database.db.select().from(messages).where(eq(messages.id, 701));
    expect(message?.delivered_at.getTime()).toBe(NOW.getTime() - 39 * DAY);
    const [pass] = await database.db.select().from(passes).where(eq(passes.id, 1101));
    expect(pass?.created_at.toISOString()).toBe('2024-03-02T15:20:00.000Z');
    expect(result.now).toEqual(NOW);
  });

  it('keeps only the calendar date of availability dates, in the entry time zone', async () => {
    // @now+1d is 2025-06-16T03:00Z, which is still June 15 in America/Chicago.
    const rows = await database.db
      .select()
      .from(availability_dates)
      .where(eq(availability_dates.availability_id, 5001))
      .orderBy(availability_dates.position);
    expect(rows.map((r) => r.date)).toEqual(['2025-06-15', '2025-06-16', '2025-06-16', '2025-06-17']);
    expect(rows[0]?.times).toEqual(['16:00', '17:00', '18:00', '19:00']);
    expect(rows[3]?.times).toEqual([]);
  });

  it('copies media files into mediaDir and rewrites their URLs to /pass/media/', async () => {
    const copied = await readdir(mediaDir);
    expect(copied).toContain('tee.svg');
    expect(copied).not.toContain('sunset-paddle.svg');
    // Besides the copies, the PNG install icons made from the SVG icons (import-icons.test.ts).
    expect(copied.length).toBe(result.media.copied + result.media.icons.length);

    const urls = (await database.db.select({ url: media.url }).from(media)).map((r) => r.url);
    expect(urls.every((u) => u.startsWith('/pass/media/') || /^https?:\/\//.test(u))).toBe(true);
    const [sunset] = await database.db.select().from(media).where(eq(media.owner_id, 508));
    expect(sunset).toMatchObject({
      owner_type: 'product',
      url: '/pass/media/sunset-paddle.svg',
      name: 'Hero',
    });

    const [partner] = await database.db.select().from(partners).where(eq(partners.id, 1));
    expect(partner?.logo).toBe('/pass/media/visit-lakeshore-logo.svg');

    const video = (await database.db.select().from(modules)).find((m) => m.type === 'Video');
    expect(video?.data.video).toEqual({
      url: 'https://video.trailpass.example/brew-trail-intro.mp4',
      poster: '/pass/media/brew-trail-hero.svg',
      title: 'Meet the Brewers (2 min)',
    });
  });

  it('moves id sequences past the imported ids', async () => {
    const maxOrderId = Math.max(...(demo.orders ?? []).map((o) => o.id));
    const [order] = await database.db
      .insert(orders)
      .values({
        offer_id: 101,
        partner_user_id: 1001,
        status: 'draft',
        expires_at: new Date(NOW.getTime() + 600_000),
      })
      .returning();
    expect(order?.id).toBe(maxOrderId + 1);
    expect(order?.price_paid).toBe('0.00');
    await database.db.delete(orders).where(eq(orders.id, maxOrderId + 1));
    await database.db.insert(page_views).values({ route_name: 'Experiences', offer_id: 101 });
  });
});

describe('importing into a database that has data', () => {
  it('fails without replace and changes nothing', async () => {
    const before = await dumpDatabase(database.db);
    const error = await importError(DEMO_FILE, false);
    expect(error.code).toBe('database_not_empty');
    expect(error.issues[0]?.message).toMatch(/already has data.*--replace/);
    expect(await dumpDatabase(database.db)).toEqual(before);
  });

  for (const bad of badFiles) {
    it(`rejects ${bad.name} even with replace, keeping the existing data`, async () => {
      const before = await dumpDatabase(database.db);
      const file = await writeVariant(bad.variant);
      const error = await importError(file, true);
      expect(error.issues).toContainEqual({ path: bad.path, message: expect.stringMatching(bad.message) });
      expect(await dumpDatabase(database.db)).toEqual(before);
    });
  }

  it('rolls everything back when a late step fails (media folder cannot be created)', async () => {
    const before = await dumpDatabase(database.db);
    const notADir = path.join(await tempDir(), 'file');
    await writeFile(notADir, 'x');
    const error = await importPassFile(database.db, DEMO_FILE, {
      replace: true,
      mediaDir: notADir,
      now: NOW,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PassImportError);
    expect((error as PassImportError).code).toBe('import_failed');
    expect(await dumpDatabase(database.db)).toEqual(before);
  });

  it('replaces every row with replace, in one go', async () => {
    expect((await countRows(database.db)).page_views).toBe(1);
    const later = new Date(NOW.getTime() + DAY);
    const result = await importPassFile(database.db, DEMO_FILE, { replace: true, mediaDir, now: later });
    expect(result.replaced).toBe(true);
    expect(await countRows(database.db)).toEqual(expectedCounts(demo));
    const [deal] = await database.db.select().from(deals).where(eq(deals.id, 201));
    expect(deal?.points_valid_until?.getTime()).toBe(later.getTime() + 45 * DAY);
    expect(existsSync(path.join(mediaDir, 'tee.svg'))).toBe(true);
  });

  it('takes an order item’s giftable from the file, else from its reward item, else true', async () => {
    const giftable = async () =>
      Object.fromEntries(
        (await database.db.select({ id: order_items.id, giftable: order_items.giftable }).from(order_items))
          .filter((row) => [9403, 9408, 9410].includes(row.id))
          .map((row) => [row.id, row.giftable]),
      );
    // 9408: pint glasses (reward 1203, giftable); 9410: tumbler (reward 1210, not); 9403: a deal.
    expect(await giftable()).toEqual({ 9403: true, 9408: true, 9410: false });
    const file = await writeVariant((doc) => {
      const tumbler = doc.orders?.flatMap((order) => order.items).find((item) => item.id === 9410);
      if (tumbler) tumbler.giftable = true;
    });
    await importPassFile(database.db, file, { replace: true, mediaDir, now: NOW });
    expect(await giftable()).toEqual({ 9403: true, 9408: true, 9410: true });
  });
});

describe('two imports at once (two instances starting together)', () => {
  it('imports once; the other finds data and writes nothing', async () => {
    const fresh = await openTestDatabase();
    try {
      const attempts = await Promise.allSettled([
        importPassFile(fresh.db, DEMO_FILE, { mediaDir, now: NOW }),
        importPassFile(fresh.db, DEMO_FILE, { mediaDir, now: NOW }),
      ]);
      expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
      const failures = attempts.flatMap((a) =>
        a.status === 'rejected' ? [a.reason as PassImportError] : [],
      );
      expect(failures.map((f) => f.code)).toEqual(['database_not_empty']);
      expect(await countRows(fresh.db)).toEqual(expectedCounts(demo));
    } finally {
      await fresh.close();
    }
  });
});
