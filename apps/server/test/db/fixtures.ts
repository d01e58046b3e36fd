import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import type { DbExecutor, TestDatabase } from '../../src/db/client';
import type { PassDocument } from '../../src/db/import';
import { collectMediaItems } from '../../src/db/import/validate';
import { REPO_ROOT } from '../../src/db/paths';
import { TABLE_NAMES, TABLES, type TableName } from '../../src/db/tables';

export const DEMO_DIR = path.join(REPO_ROOT, 'demo');
export const DEMO_FILE = path.join(DEMO_DIR, 'pass-demo.json');

export async function readDemo(): Promise<PassDocument> {
  return JSON.parse(await readFile(DEMO_FILE, 'utf8')) as PassDocument;
}

// Every folder made here is removed when the test file that made it ends, so runs leave nothing in /tmp.
const madeDirs: string[] = [];
afterAll(async () => {
  await Promise.all(madeDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

export async function tempDir(prefix = 'trailpass-db-'): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  madeDirs.push(dir);
  return dir;
}

/**
 * Writes a variant of the demo document into a new temp folder whose media/ links to demo/media, so that
 * media files resolve exactly as for the demo. `text` replaces the JSON text entirely.
 */
export async function writeVariant(
  change: ((doc: PassDocument) => void) | { text: string },
): Promise<string> {
  const dir = await tempDir('trailpass-variant-');
  await symlink(path.join(DEMO_DIR, 'media'), path.join(dir, 'media'));
  const file = path.join(dir, 'pass.json');
  if ('text' in change) {
    await writeFile(file, change.text);
  } else {
    const doc = await readDemo();
    change(doc);
    await writeFile(file, JSON.stringify(doc, null, 2));
  }
  return file;
}

/** Rows the demo should produce per table. */
export function expectedCounts(doc: PassDocument): Record<TableName, number> {
  const orders = doc.orders ?? [];
  const sum = <T>(list: T[], f: (x: T) => number) => list.reduce((n, x) => n + f(x), 0);
  const checkIns = new Set(doc.products.filter((p) => p.type === 'check-in').map((p) => p.id));
  return {
    provider_settings: 1,
    partners: doc.partners.length,
    categories: doc.categories?.length ?? 0,
    venues: doc.venues.length,
    offers: doc.offers.length,
    faqs: sum(doc.offers, (o) => o.faqs?.length ?? 0),
    deals: doc.deals.length,
    products: doc.products.length,
    packages: doc.packages?.length ?? 0,
    reward_items: doc.rewardItems?.length ?? 0,
    attributes: sum(doc.rewardItems ?? [], (r) => r.attributes?.length ?? 0),
    perks: doc.perks?.length ?? 0,
    media: collectMediaItems(doc).length,
    partner_users: doc.partnerUsers.length,
    passes: doc.passes.length,
    pass_links: doc.passLinks.length,
    sessions: doc.passLinks.length,
    modules: doc.modules?.length ?? 0,
    assignments: doc.assignments?.length ?? 0,
    messages: doc.messages?.length ?? 0,
    message_lists: doc.messageLists?.length ?? 0,
    subscriptions: doc.subscriptions?.length ?? 0,
    orders: orders.length,
    order_items: sum(orders, (o) => o.items.length),
    reward_stock_takes: 0,
    order_deals: sum(orders, (o) => o.orderDeals.length),
    order_packages: sum(orders, (o) => o.orderPackages.length),
    order_products: sum(orders, (o) => o.orderProducts.length),
    tickets: sum(orders, (o) => o.orderProducts.filter((p) => p.ticket).length),
    points_ledger: doc.pointsLedger?.length ?? 0,
    availability: doc.availability?.length ?? 0,
    pickup_points: sum(doc.availability ?? [], (a) => a.pickup_points.length),
    availability_dates: sum(doc.availability ?? [], (a) => a.dates.length),
    item_dates: 0,
    polls: doc.polls?.length ?? 0,
    poll_options: sum(doc.polls ?? [], (p) => p.options.length),
    ballots: sum(doc.polls ?? [], (p) => p.ballots?.length ?? 0),
    page_views: 0,
    ad_events: 0,
    // Each redeemed order product of a check-in product.
    check_ins: sum(
      orders,
      (o) => o.orderProducts.filter((p) => p.redeemed && checkIns.has(p.product_id)).length,
    ),
    pin_attempts: 0,
    login_codes: 0,
    suggestions: 0,
    help_requests: 0,
    error_reports: 0,
    idempotency_keys: 0,
  };
}

/** Every row of every table as JSON text, for "nothing changed" and "never stored" assertions. */
export async function dumpDatabase(db: DbExecutor): Promise<Record<TableName, string>> {
  const dump = {} as Record<TableName, string>;
  for (const name of TABLE_NAMES) {
    const rows = await db.select().from(TABLES[name]);
    rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    dump[name] = JSON.stringify(rows);
  }
  return dump;
}

export const describeDb = (database: TestDatabase) => (database.kind === 'postgres' ? 'Postgres' : 'PGlite');
