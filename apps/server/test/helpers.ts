import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { API_VERSION, API_VERSION_HEADER, LANGUAGE_HEADER, TOKEN_HEADER } from '@trailpass/contract';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect, onTestFinished } from 'vitest';
import { type BuildAppOptions, buildApp } from '../src/app';
import { type Database, openDatabase, openTestDatabase } from '../src/db/client';
import { importPassDocument, importPassFile, loadPassFile, type PassDocument } from '../src/db/import';
import { mail_outbox, order_items, order_products, orders } from '../src/db/schema';
import { staleHolderSnapshots } from '../src/modules/data/holder-snapshots';
import { REPO_ROOT } from '../src/plugins/env';
import type { RateLimitSettings } from '../src/plugins/rate-limit';

export const DEMO_FILE = path.join(REPO_ROOT, 'demo', 'pass-demo.json');

/** The demo's pass link tokens (demo/README.md, "Pass links"). */
export const TOKENS = {
  avaBrew: 'demo-ava-brew-7Qx2mK9pL4vN8rT1',
  avaRewards: 'demo-ava-rewards-3Hk8sW2qZ6yB5nC0',
  guestBrew: 'demo-guest-brew-9Lm4tR7vX1pQ8wE2',
  guestHarbor: 'demo-guest-harbor-4Tq9vM2xK7pR1wB6',
  samStaff: 'demo-sam-staff-5Jd2nF8kP3sV6gH9',
  noahEmpty: 'demo-noah-empty-8Rb1cT6mW4xK2zL7',
  harperCheckin: 'demo-harper-checkin-2Vn7qY5hD9jS3fA6',
  previewProduct: 'demo-preview-product-4Gt8pL2xN6mQ1rZ5',
  previewVenue: 'demo-preview-venue-6Ks3wB9eH1vT7cM2',
  previewDealProduct: 'demo-preview-dealprod-1Xp5rJ8nC4gW2kD9',
  previewSubmission: 'demo-preview-submission-7Fq2mV6tL9bN3hS8',
  unregVenue301: 'demo-unreg-venue301-3Wc9kP1zR7dG5xM4',
} as const;

/** Collects the JSON log lines the app writes. */
export class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    callback();
  }
  text(): string {
    return this.lines.join('\n');
  }
}

export interface TestAppOptions {
  /** Import demo/pass-demo.json into the fresh database (default true). */
  importDemo?: boolean;
  webDist?: string;
  rateLimit?: RateLimitSettings;
  /** The import's and the app's clock. */
  now?: Date;
  /** The app's clock when it must move during a test (the import still uses `now`). */
  clock?: () => Date;
  /** Cart hold length (default 10 minutes). */
  cartHoldMs?: number;
  /** Told of every route as it is registered (the security suites' route catalogue). */
  onRoute?: BuildAppOptions['onRoute'];
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  logs: LogCapture;
  dataDir: string;
  importedAt: Date;
  close(): Promise<void>;
}

/** A fresh database (PGlite, or a throwaway Postgres database when TEST_DATABASE_URL is set) and app. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'trailpass-test-'));
  const mediaDir = path.join(dataDir, 'media');
  const importedAt = options.now ?? new Date();
  if (options.importDemo ?? true) {
    await importPassFile(database.db, DEMO_FILE, { replace: false, mediaDir, now: importedAt });
  }
  const logs = new LogCapture();
  const app = await buildApp({
    db: database.db,
    mediaDir,
    webDist: options.webDist,
    logger: { level: 'debug', stream: logs },
    rateLimit: options.rateLimit ?? { apiPerMinute: 10_000, loginPerMinute: 1_000 },
    now: options.clock ?? (options.now ? () => importedAt : undefined),
    cartHoldMs: options.cartHoldMs,
    onRoute: options.onRoute,
    // As on any machine with more than one core, whatever the one running the tests has.
    compressOnThread: true,
  });
  await app.ready();
  return {
    app,
    database,
    logs,
    dataDir,
    importedAt,
    async close() {
      await app.close();
      try {
        // Whatever the test wrote, the triggers must have kept every holder's snapshot current (decision 0030).
        expect(await staleHolderSnapshots(database.db), 'holder snapshots behind their tables').toEqual([]);
      } finally {
        await database.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * createTestApp for the running test alone, closed when that test ends: its database is then emptied and
 * handed to the next test (decision 0053) rather than staying open to the end of the file. Call it inside a
 * test; an app shared by several tests (a `beforeAll`'s) is createTestApp's, closed in `afterAll`.
 */
export async function testScopedApp(options: TestAppOptions = {}): Promise<TestApp> {
  const t = await createTestApp(options);
  onTestFinished(() => t.close());
  return t;
}

/** A second server instance on a test app's database (DESIGN.md section 6). */
export interface SecondInstance {
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * A second app on `t`'s database: on Postgres with a connection pool of its own, as a second process behind
 * a load balancer would have; on PGlite (one process) on the same embedded database.
 */
export async function startSecondInstance(
  t: TestApp,
  options: { rateLimit: RateLimitSettings; now?: Date; poolMax?: number; mail?: BuildAppOptions['mail'] },
): Promise<SecondInstance> {
  const url = (t.database as { url?: string }).url;
  const database = url
    ? await openDatabase({ databaseUrl: url, migrate: false, poolMax: options.poolMax ?? 2 })
    : null;
  const { now } = options;
  const app = await buildApp({
    db: database?.db ?? t.database.db,
    mediaDir: path.join(t.dataDir, 'media'),
    rateLimit: options.rateLimit,
    now: now ? () => now : undefined,
    mail: options.mail,
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database?.close();
    },
  };
}

/** Re-imports the demo file into `t`'s database with `edit` applied, as `npm run import -- --replace` would. */
export async function reimportDemo(t: TestApp, edit: (doc: PassDocument) => void): Promise<void> {
  const loaded = await loadPassFile(DEMO_FILE, { now: t.importedAt });
  edit(loaded.doc);
  await importPassDocument(t.database.db, loaded, {
    replace: true,
    mediaDir: path.join(t.dataDir, 'media'),
    now: t.importedAt,
    baseDir: path.dirname(DEMO_FILE),
  });
}

/**
 * A draft order and `copies` live copies of it with the same item, for races of parallel completes: the
 * draft's id first. One claim through the API makes the draft; the copies skip the one-cart rule on purpose.
 */
export async function copyDraft(database: Database, orderId: number, copies: number): Promise<number[]> {
  const db = database.db;
  const [template] = await db.select().from(orders).where(eq(orders.id, orderId));
  const [item] = await db.select().from(order_items).where(eq(order_items.order_id, orderId));
  if (!template || !item) throw new Error(`draft ${orderId} or its item is missing`);
  const ids = [orderId];
  for (let i = 0; i < copies; i++) {
    const [copy] = await db
      .insert(orders)
      .values({ ...template, id: undefined })
      .returning({ id: orders.id });
    if (!copy) throw new Error('copy failed');
    await db.insert(order_items).values({ ...item, id: undefined, order_id: copy.id });
    ids.push(copy.id);
  }
  return ids;
}

/**
 * A holder's first order product not yet redeemed, of a completed order on the offer (and of the deal when
 * given): one a test can redeem. Throws when there is none, since the test then tests nothing.
 */
export async function firstOpenOrderProduct(
  database: Database,
  where: { partnerUserId: number; offerId: number; dealId?: number },
): Promise<{ id: number; productId: number | null }> {
  const [open] = await database.db
    .select({ id: order_products.id, productId: order_products.product_id })
    .from(order_products)
    .innerJoin(orders, eq(orders.id, order_products.order_id))
    .where(
      and(
        eq(orders.partner_user_id, where.partnerUserId),
        eq(orders.offer_id, where.offerId),
        eq(orders.status, 'completed'),
        where.dealId === undefined ? undefined : eq(order_products.deal_id, where.dealId),
        isNull(order_products.redeemed),
      ),
    )
    .orderBy(asc(order_products.id))
    .limit(1);
  if (!open) throw new Error(`no unredeemed order product for ${JSON.stringify(where)}`);
  return open;
}

/** Headers the web client sends on every API call. */
export function passHeaders(token: string | undefined): Record<string, string> {
  return {
    [API_VERSION_HEADER]: API_VERSION,
    ...(token === undefined ? {} : { [TOKEN_HEADER]: token }),
  };
}

export function api(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  token: string | undefined,
  extra: Omit<InjectOptions, 'method' | 'url'> = {},
) {
  return app.inject({
    method,
    url: `/pass/api${url}`,
    ...extra,
    headers: { ...passHeaders(token), ...(extra.headers ?? {}) },
  });
}

/** A holder API call with `X-Pass-Language: language` (none when undefined), as the language tests make it. */
export function callInLanguage(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  language?: string,
  payload?: unknown,
  token: string = TOKENS.avaRewards,
) {
  return app.inject({
    method,
    url: `/pass/api${url}`,
    headers: { ...passHeaders(token), ...(language === undefined ? {} : { [LANGUAGE_HEADER]: language }) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A fake web build: index.html, a hashed asset and sw.js, each with .br and .gz siblings. */
export async function makeFakeWebDist(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'trailpass-web-'));
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  const files: Record<string, string> = {
    'index.html': `<!doctype html><html><head><title>Trailpass</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`,
    'assets/index-abc123.js': `console.log("trailpass");${' '.repeat(2000)}`,
    'sw.js': 'self.addEventListener("fetch", () => {});',
    'manifest.webmanifest': '{"name":"Trailpass"}',
  };
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    await writeFile(file, content);
    await writeFile(`${file}.br`, brotliCompressSync(Buffer.from(content)));
    await writeFile(`${file}.gz`, gzipSync(Buffer.from(content)));
  }
  return dir;
}

type InjectResponse = Awaited<ReturnType<FastifyInstance['inject']>>;

/** A 200 of a per-holder answer, which is never cached: its JSON body. */
export function expectOk(res: InjectResponse) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json();
}

/** A refusal in the one error shape of DESIGN.md section 4, with this status and code and nothing else. */
export function expectError(res: InjectResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { error: { code: string; message: string; fields?: Record<string, string> } };
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toBe(code);
  return body.error;
}

/**
 * A visitor session of a public link (decision 0022; the demo's guest link is one): the signed-out token a
 * browser gets when it opens the link, and signs in on.
 */
export async function mintVisitor(
  app: FastifyInstance,
  publicToken: string = TOKENS.guestBrew,
): Promise<string> {
  const res = await api(app, 'POST', '/sessions/visitor', publicToken);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { token: string }).token;
}

/** The newest outbox row of `kind`, which must be addressed to `to` (issue 29): what would be sent. */
export async function lastMail(t: TestApp, kind: string, to: string) {
  const [row] = await t.database.db
    .select()
    .from(mail_outbox)
    .where(eq(mail_outbox.kind, kind))
    .orderBy(desc(mail_outbox.id));
  expect(row?.to_address).toBe(to);
  return row as NonNullable<typeof row>;
}

/** How many e-mails the outbox holds. */
export async function outboxSize(t: TestApp): Promise<number> {
  return (await t.database.db.select().from(mail_outbox)).length;
}
