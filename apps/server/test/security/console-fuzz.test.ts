import { createHash } from 'node:crypto';
import {
  consoleError,
  consolePaths,
  contentApplyPaths,
  contentExportPaths,
  contentImportPaths,
  contentPaths,
  fulfilmentPaths,
  holderImportPaths,
  inboxPaths,
  messagePaths,
  reportPaths,
} from '@trailpass/contract/console';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content_versions } from '../../src/db/schema';
import { makeStaff, type StaffClient, signIn } from '../console/console-helpers';
import { seedInbox } from '../console/inbox-seed';
import { createTestApp, type TestApp } from '../helpers';
import { type ConsoleRoute, changedIn, consoleCatalogueOf, consoleDigest } from './console-routes';
import { NAUGHTY_BODIES, NAUGHTY_NUMBERS, NAUGHTY_STRINGS } from './naughty';
import { textOf } from './requests';

/**
 * Fuzzing of the console API (issue 30), as fuzz.test.ts does the pass API: every route of the console's
 * catalogue, signed in as the partner's owner with a valid CSRF token, from a valid call with up to three
 * mutations of its path, query or body (a field set to something hostile, dropped, an unknown key, a whole
 * part replaced, a malformed body). Never a 5xx, every refusal in the consoleError shape, and a refusal
 * changes nothing. FUZZ_RUNS sets the runs per route (default 12).
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 12);
/** FUZZ_SEED replays a run: the seed fast-check prints with a failure (with `-t` naming its route). */
const SEED = process.env.FUZZ_SEED === undefined ? {} : { seed: Number(process.env.FUZZ_SEED) };
const TIMEOUT_MS = 30_000 + RUNS_PER_ROUTE * 500;

/** Stands for the id of the account the staff member routes change and remove (made in beforeAll). */
const STAFF_ID = '{staffId}';

interface Base {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body?: unknown;
}

/** A valid call of each route on partner 1's objects; a console route without one fails. */
const BASES: Record<string, Base[]> = {
  [`GET ${consolePaths.session}`]: [{ params: {}, query: {} }],
  [`GET ${consolePaths.audit}`]: [
    {
      params: { partnerId: '1' },
      query: { page: '1', perPage: '10', sort: 'at', order: 'desc', action: 'x' },
    },
  ],
  [`GET ${consolePaths.holders}`]: [
    {
      params: { offerId: '101' },
      query: { page: '1', perPage: '25', sort: 'points', order: 'desc', q: 'a' },
    },
  ],
  [`POST ${consolePaths.holders}`]: [
    {
      params: { offerId: '101' },
      query: {},
      body: { firstName: 'Fuzz', lastName: 'Holder', email: 'fuzz@example.com', phone: '+19205550123' },
    },
  ],
  [`GET ${consolePaths.holder}`]: [{ params: { offerId: '101', holderId: '1001' }, query: {} }],
  [`POST ${consolePaths.holderPoints}`]: [
    {
      params: { offerId: '101', holderId: '1001' },
      query: {},
      body: { dealId: 201, points: 1, reason: 'fuzz' },
    },
  ],
  [`POST ${consolePaths.holderLink}`]: [{ params: { offerId: '101', holderId: '1002' }, query: {} }],
  [`DELETE ${consolePaths.holderLink}`]: [{ params: { offerId: '101', holderId: '1002' }, query: {} }],
  [`POST ${consolePaths.holderLinkEmail}`]: [{ params: { offerId: '101', holderId: '1003' }, query: {} }],
  [`GET ${consolePaths.staff}`]: [{ params: { partnerId: '1' }, query: {} }],
  [`POST ${consolePaths.staff}`]: [
    {
      params: { partnerId: '1' },
      query: {},
      body: { email: 'fuzz-staff@example.com', name: 'Fuzz', role: 'viewer' },
    },
  ],
  [`PATCH ${consolePaths.staffMember}`]: [
    { params: { partnerId: '1', staffId: STAFF_ID }, query: {}, body: { role: 'manager' } },
  ],
  [`DELETE ${consolePaths.staffMember}`]: [{ params: { partnerId: '1', staffId: STAFF_ID }, query: {} }],
  [`GET ${fulfilmentPaths.queue}`]: [
    {
      params: { offerId: '101' },
      query: { kind: 'pickup', page: '1', perPage: '25', sort: 'reward', order: 'desc', q: 'a' },
    },
  ],
  [`POST ${fulfilmentPaths.ship}`]: [
    {
      params: { offerId: '101', itemId: '9408' },
      query: {},
      body: { carrier: 'UPS', trackingNumber: '1Z999', trackingUrl: 'https://ups.example/t/1Z999' },
    },
  ],
  [`POST ${fulfilmentPaths.pickedUp}`]: [{ params: { offerId: '101', itemId: '9412' }, query: {} }],
  [`POST ${fulfilmentPaths.cancel}`]: [
    { params: { offerId: '101', itemId: '9413' }, query: {}, body: { reason: 'fuzz' } },
  ],
  [`GET ${messagePaths.messages}`]: [
    {
      params: { offerId: '101' },
      query: { status: 'scheduled', page: '1', perPage: '10', sort: 'title', order: 'desc', q: 'a' },
    },
  ],
  // A scheduled message (the first is id 1, which the DELETE's base cancels).
  [`POST ${messagePaths.messages}`]: [
    {
      params: { offerId: '101' },
      query: {},
      body: {
        title: 'Fuzz',
        html: '<p>Hello <a href="https://example.com">there</a></p>',
        holderId: 1001,
        sendAt: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
      },
    },
  ],
  [`DELETE ${messagePaths.message}`]: [{ params: { offerId: '101', messageId: '1' }, query: {} }],
  [`POST ${holderImportPaths.preview}`]: [
    {
      params: { offerId: '101' },
      query: {},
      body: {
        csv: 'first_name,last_name,email,phone\r\n"Fu, zz",Import,fuzz-import@example.com,+19205550123\r\n',
      },
    },
  ],
  [`POST ${holderImportPaths.apply}`]: [
    {
      params: { offerId: '101' },
      query: {},
      body: { csv: 'first_name,last_name,email\nFuzz,Import,fuzz-import@example.com\n', fileName: 'f.csv' },
    },
  ],
  // Ids and fingerprints stand for seedInbox's rows (filled in by beforeAll).
  [`GET ${inboxPaths.items}`]: [
    { params: { offerId: '101' }, query: { kind: 'help', handled: 'all', page: '1', perPage: '10', q: 'a' } },
  ],
  [`PATCH ${inboxPaths.item}`]: [
    {
      params: { offerId: '101', kind: 'suggestion', itemId: '{suggestionId}' },
      query: {},
      body: { handled: true },
    },
  ],
  [`GET ${inboxPaths.errors}`]: [
    { params: { offerId: '101' }, query: { handled: 'all', sort: 'count', order: 'asc', q: 'x' } },
  ],
  [`PATCH ${inboxPaths.errorGroup}`]: [
    { params: { offerId: '101', fingerprint: '{fingerprint}' }, query: {}, body: { handled: true } },
  ],
  [`GET ${inboxPaths.providerErrors}`]: [{ params: {}, query: { handled: 'all' } }],
  [`PATCH ${inboxPaths.providerErrorGroup}`]: [
    { params: { fingerprint: '{offerlessFingerprint}' }, query: {}, body: { handled: false } },
  ],
  [`GET ${reportPaths.report}`]: [
    { params: { offerId: '101', report: 'check-ins' }, query: { from: '2026-01-01', to: '2026-03-31' } },
  ],
  [`GET ${reportPaths.csv}`]: [
    { params: { offerId: '101', report: 'rewards' }, query: { to: '2026-06-30' } },
  ],
  [`GET ${contentPaths.catalogue}`]: [{ params: { offerId: '101' }, query: {} }],
  [`PATCH ${contentPaths.reward}`]: [
    {
      params: { offerId: '101', rewardId: '1202' },
      query: {},
      body: { pointsPrice: 85, stock: [{ key: '0', left: 9 }] },
    },
    {
      params: { offerId: '101', rewardId: '1201' },
      query: {},
      body: {
        options: [{ id: 1301, pointsPrice: 125 }],
        stock: [
          { key: '1301', left: 3 },
          { key: '1303', left: null },
        ],
      },
    },
  ],
  [`PATCH ${contentPaths.deal}`]: [
    {
      params: { offerId: '101', dealId: '203' },
      query: {},
      body: { pointsValidUntil: '2030-01-31T23:59:00Z' },
    },
  ],
  [`PUT ${contentPaths.venueCode}`]: [
    { params: { offerId: '101', venueId: '302' }, query: {}, body: { code: '2580' } },
  ],
  [`POST ${contentPaths.previewLinks}`]: [
    { params: { offerId: '101' }, query: {}, body: { type: 'venue', id: 302, dealId: 201 } },
  ],
  [`GET ${contentExportPaths.export}`]: [{ params: { offerId: '101' }, query: {} }],
  // The body becomes offer 101's own export document in beforeAll.
  [`POST ${contentImportPaths.dryRun}`]: [{ params: { offerId: '101' }, query: {}, body: {} }],
  // The same body, and its checksum (beforeAll).
  [`POST ${contentApplyPaths.apply}`]: [{ params: { offerId: '101' }, query: { checksum: '' }, body: {} }],
  [`GET ${contentApplyPaths.versions}`]: [
    { params: { offerId: '101' }, query: { page: '1', perPage: '10' } },
  ],
  // {versionId}: a version of offer 101 made in beforeAll (the export's zip).
  [`GET ${contentApplyPaths.versionDownload}`]: [
    { params: { offerId: '101', versionId: '{versionId}' }, query: {} },
  ],
  [`POST ${contentApplyPaths.versionDryRun}`]: [
    { params: { offerId: '101', versionId: '{versionId}' }, query: {} },
  ],
  [`POST ${contentApplyPaths.versionRestore}`]: [
    { params: { offerId: '101', versionId: '{versionId}' }, query: { checksum: '' } },
  ],
};

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NAUGHTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);
const someId = fc.oneof(
  fc.constantFrom(1, 3, 942, 101, 102, 103, 104, 1001, 1002, 1003, 1004, 201, 204),
  fc.integer({ min: -5, max: 20_000 }),
  fc.maxSafeInteger(),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 3, arbitrary: fc.constantFrom(...NAUGHTY_NUMBERS) },
  { weight: 2, arbitrary: someId },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(hostileString, someId), { maxLength: 10 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

type Part = 'params' | 'query' | 'body';
type Mutation =
  | { op: 'set'; part: Part; pick: number; value: unknown }
  | { op: 'drop'; part: Part; pick: number }
  | { op: 'extra'; part: Part; key: string; value: unknown }
  | { op: 'whole'; value: unknown }
  | { op: 'raw'; body: string };

const part = fc.constantFrom<Part>('params', 'query', 'body');
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ op: fc.constant('set' as const), part, pick: fc.nat(), value: hostileValue }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('drop' as const), part, pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('extra' as const),
      part,
      key: fc.oneof(
        fc.constantFrom('__proto__', 'constructor', 'partnerId', 'isProviderAdmin'),
        hostileString,
      ),
      value: hostileValue,
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('whole' as const), value: hostileValue }) },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('raw' as const), body: fc.constantFrom(...NAUGHTY_BODIES) }),
  },
);

interface Call extends Base {
  rawBody?: string;
}

function mutate(base: Base, mutations: Mutation[]): Call {
  const call: Call = structuredClone(base);
  for (const m of mutations) {
    if (m.op === 'raw') {
      if (base.body !== undefined) call.rawBody = m.body;
      continue;
    }
    if (m.op === 'whole') {
      if (base.body !== undefined) call.body = m.value;
      continue;
    }
    const target = m.part === 'body' ? call.body : m.part === 'params' ? call.params : call.query;
    if (target === null || typeof target !== 'object' || Array.isArray(target)) continue;
    const record = target as Record<string, unknown>;
    const keys = Object.keys(record);
    if (m.op === 'extra') {
      // A path has the route's parameters only.
      if (m.part !== 'params') record[m.key] = m.value;
      continue;
    }
    const key = keys[m.pick % Math.max(1, keys.length)];
    if (key === undefined) continue;
    if (m.op === 'set') record[key] = m.part === 'params' ? textOf(m.value) : m.value;
    // A path parameter cannot be left out; an empty one is the nearest thing.
    else if (m.part === 'params') record[key] = '';
    else delete record[key];
  }
  return call;
}

/**
 * Every byte of the value's UTF-8 as %XX: encodeURIComponent throws on a lone surrogate (a failure of the
 * harness, not of the server), which UTF-8 turns into the replacement character, as a browser would send it.
 */
function percentEncoded(value: string): string {
  return [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}

function urlOf(route: ConsoleRoute, call: Call): string {
  const path = route.url.replace(/:([a-zA-Z]+)/g, (_, name: string) => {
    const value = String(call.params[name] ?? '');
    // Own keys only: a generated "__proto__" or "constructor" must stay itself, not find the prototype's.
    const placeholder = Object.hasOwn(inboxIds, value) ? inboxIds[value] : undefined;
    return percentEncoded(value === STAFF_ID ? targetId : (placeholder ?? value));
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(call.query)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      query.append(key, typeof one === 'string' ? one : (JSON.stringify(one) ?? ''));
    }
  }
  const text = query.toString();
  return text === '' ? path : `${path}?${text}`;
}

let t: TestApp;
let routes: ConsoleRoute[];
let owner: StaffClient;
let cases = 0;
let targetId: string;
/** seedInbox's ids and fingerprints, by the `{name}` a base stands them with. */
const inboxIds: Record<string, string> = {};

beforeAll(async () => {
  const registered: RouteOptions[] = [];
  t = await createTestApp({ onRoute: (route) => registered.push(route) });
  routes = consoleCatalogueOf(registered);
  await makeStaff(t, 'owner@lakeshore.test', { partnerId: 1, role: 'owner' });
  targetId = await makeStaff(t, 'target@lakeshore.test', { partnerId: 1, role: 'viewer' });
  for (const [name, value] of Object.entries(await seedInbox(t.database.db)))
    inboxIds[`{${name}}`] = String(value);
  owner = await signIn(t.app, 'owner@lakeshore.test');
  const exported = await owner.request({
    method: 'GET',
    url: contentExportPaths.export.replace(':offerId', '101'),
  });
  const document = unzipSync(new Uint8Array(exported.rawPayload))['pass.json'];
  for (const base of BASES[`POST ${contentImportPaths.dryRun}`] ?? []) {
    if (document) base.body = JSON.parse(new TextDecoder().decode(document));
  }
  for (const base of BASES[`POST ${contentApplyPaths.apply}`] ?? []) {
    if (!document) continue;
    base.body = JSON.parse(new TextDecoder().decode(document));
    base.query.checksum = createHash('sha256').update(JSON.stringify(base.body)).digest('hex');
  }
  const zip = Buffer.from(exported.rawPayload);
  const checksum = createHash('sha256').update(zip).digest('hex');
  const [version] = await t.database.db
    .insert(content_versions)
    .values({
      offer_id: 101,
      created_at: new Date(),
      created_by: 'owner@lakeshore.test',
      kind: 'baseline',
      checksum,
      counts: { added: 0, changed: 0, removed: 0, mediaAdded: 0, mediaReplaced: 0 },
      zip,
    })
    .returning({ id: content_versions.id });
  inboxIds['{versionId}'] = String(version?.id);
  for (const base of BASES[`POST ${contentApplyPaths.versionRestore}`] ?? []) base.query.checksum = checksum;
});

afterAll(async () => {
  console.log(`console fuzz: ${routes?.length ?? 0} routes, ${cases} cases`);
  await t?.close();
});

async function exercise(route: ConsoleRoute, call: Call): Promise<void> {
  cases += 1;
  const before = await consoleDigest(t.database.db);
  const hasBody = call.rawBody !== undefined || call.body !== undefined;
  const res = await owner.request({
    method: route.method,
    url: urlOf(route, call),
    ...(hasBody
      ? {
          payload: call.rawBody ?? JSON.stringify(call.body),
          headers: { 'content-type': 'application/json' },
        }
      : {}),
  });
  const where = `${route.method} ${urlOf(route, call)} ${call.rawBody?.slice(0, 100) ?? JSON.stringify(call.body)?.slice(0, 200)}`;
  expect(res.statusCode, `${where}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 300) {
    expect(consoleError.safeParse(res.json()).success, `${where}: ${res.body.slice(0, 300)}`).toBe(true);
    expect(
      changedIn(before, await consoleDigest(t.database.db)),
      `${where}: a ${res.statusCode} changed the database`,
    ).toEqual([]);
  }
}

describe('console fuzzing', () => {
  it('has a valid call for every console route', () => {
    expect(routes.map((route) => route.name).filter((name) => !(name in BASES))).toEqual([]);
  });

  for (const name of Object.keys(BASES)) {
    it(
      `${name} stays up, answers refusals in the consoleError shape and changes nothing when it refuses`,
      async () => {
        const route = routes.find((candidate) => candidate.name === name);
        expect(route, `${name} is served`).toBeDefined();
        if (!route) return;
        const input = fc.record({
          base: fc.constantFrom(...(BASES[name] ?? [])),
          mutations: fc.array(mutation, { maxLength: 3 }),
        });
        await fc.assert(
          fc.asyncProperty(input, async ({ base, mutations }) => exercise(route, mutate(base, mutations))),
          { numRuns: RUNS_PER_ROUTE, ...SEED },
        );
      },
      TIMEOUT_MS,
    );
  }
});
