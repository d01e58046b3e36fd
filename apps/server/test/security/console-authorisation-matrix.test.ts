import { createHash } from 'node:crypto';
import {
  type ConsoleError,
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
import type { RouteOptions } from 'fastify';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content_versions } from '../../src/db/schema';
import { type InjectResponse, makeStaff, pathOf, type StaffClient, signIn } from '../console/console-helpers';
import { seedInbox } from '../console/inbox-seed';
import { createTestApp, type TestApp } from '../helpers';
import { type ConsoleRoute, changedIn, consoleCatalogueOf, consoleDigest } from './console-routes';

/**
 * The console's authorisation matrix (issue 30): every console route of the catalogue, called signed out
 * (401), by the staff of another partner (404: its ids do not leak), with a holder of another offer of the
 * caller's own partner (404), by a viewer when it changes something (403), and without or with a wrong CSRF
 * token when its method is unsafe (403 CSRF). Each refusal is in the consoleError shape and changes nothing
 * in the database. Then the route's own call, by its partner's owner, succeeds: the rows are not refused for
 * a reason of their own. A route without a row in ROWS fails.
 */

/** A valid call of each route on partner 1's objects (offer 101, its holder Ava 1001). */
interface Row {
  /** Who may call it, written here rather than read from the route, so that a route that lets too many in fails. */
  who: 'any staff' | 'viewer' | 'manager' | 'owner';
  params: Record<string, number | string>;
  body?: unknown;
  query?: string;
  /** The owner's own call answers this. */
  ok: number;
}

const BREW = { offerId: 101 };
const AVA = { offerId: 101, holderId: 1001 };
const ROWS: Record<string, Row> = {
  [`GET ${consolePaths.session}`]: { who: 'any staff', params: {}, ok: 200 },
  [`GET ${consolePaths.audit}`]: { who: 'viewer', params: { partnerId: 1 }, ok: 200 },
  [`GET ${consolePaths.holders}`]: { who: 'viewer', params: BREW, ok: 200 },
  [`POST ${consolePaths.holders}`]: {
    who: 'manager',
    params: BREW,
    body: { firstName: 'Matrix', lastName: 'Holder', email: 'matrix@example.com' },
    ok: 201,
  },
  [`GET ${consolePaths.holder}`]: { who: 'viewer', params: AVA, ok: 200 },
  [`POST ${consolePaths.holderPoints}`]: {
    who: 'manager',
    params: AVA,
    body: { dealId: 201, points: 3, reason: 'matrix' },
    ok: 200,
  },
  [`POST ${consolePaths.holderLink}`]: { who: 'manager', params: AVA, ok: 201 },
  [`DELETE ${consolePaths.holderLink}`]: { who: 'manager', params: AVA, ok: 204 },
  [`POST ${consolePaths.holderLinkEmail}`]: { who: 'manager', params: AVA, ok: 202 },
  [`GET ${consolePaths.staff}`]: { who: 'owner', params: { partnerId: 1 }, ok: 200 },
  [`POST ${consolePaths.staff}`]: {
    who: 'owner',
    params: { partnerId: 1 },
    body: { email: 'matrix-staff@example.com', role: 'viewer' },
    ok: 201,
  },
  // Their staffId is the target account's, filled in by call().
  [`PATCH ${consolePaths.staffMember}`]: {
    who: 'owner',
    params: { partnerId: 1 },
    body: { role: 'manager' },
    ok: 200,
  },
  [`DELETE ${consolePaths.staffMember}`]: { who: 'owner', params: { partnerId: 1 }, ok: 204 },
  // The demo's queue on offer 101: Sam's pint glasses to ship, Ava's growler and mug pickups (issue 30 item 3).
  [`GET ${fulfilmentPaths.queue}`]: { who: 'viewer', params: BREW, query: '?kind=pickup', ok: 200 },
  [`POST ${fulfilmentPaths.ship}`]: {
    who: 'manager',
    params: { offerId: 101, itemId: 9408 },
    body: { carrier: 'UPS', trackingNumber: '1Z999' },
    ok: 200,
  },
  [`POST ${fulfilmentPaths.pickedUp}`]: { who: 'manager', params: { offerId: 101, itemId: 9412 }, ok: 200 },
  [`POST ${fulfilmentPaths.cancel}`]: {
    who: 'manager',
    params: { offerId: 101, itemId: 9413 },
    body: { reason: 'matrix' },
    ok: 200,
  },
  // Messages (issue 30 item 4): the owner's POST schedules message 1 (the first), which the DELETE cancels.
  [`GET ${messagePaths.messages}`]: { who: 'viewer', params: BREW, ok: 200 },
  [`POST ${messagePaths.messages}`]: {
    who: 'manager',
    params: BREW,
    body: {
      title: 'Matrix',
      html: '<p>Hello</p>',
      sendAt: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
    },
    ok: 201,
  },
  [`DELETE ${messagePaths.message}`]: { who: 'manager', params: { offerId: 101, messageId: 1 }, ok: 200 },
  // The holder CSV import (issue 30 item 2).
  [`POST ${holderImportPaths.preview}`]: {
    who: 'manager',
    params: BREW,
    body: { csv: 'first_name,last_name,email\nMat,Rix,matrix-import@example.com\n' },
    ok: 200,
  },
  [`POST ${holderImportPaths.apply}`]: {
    who: 'manager',
    params: BREW,
    body: { csv: 'first_name,last_name,email\nMat,Rix,matrix-import@example.com\n' },
    ok: 201,
  },
  // The inbox (issue 30 item 5); the item ids and fingerprints are seedInbox's, filled in by beforeAll.
  [`GET ${inboxPaths.items}`]: { who: 'viewer', params: BREW, query: '?handled=all', ok: 200 },
  [`PATCH ${inboxPaths.item}`]: {
    who: 'manager',
    params: { offerId: 101, kind: 'help' },
    body: { handled: true },
    ok: 200,
  },
  [`GET ${inboxPaths.errors}`]: { who: 'viewer', params: BREW, ok: 200 },
  [`PATCH ${inboxPaths.errorGroup}`]: {
    who: 'manager',
    params: { offerId: 101 },
    body: { handled: true },
    ok: 200,
  },
  [`GET ${contentPaths.catalogue}`]: { who: 'viewer', params: BREW, ok: 200 },
  [`PATCH ${contentPaths.reward}`]: {
    who: 'manager',
    params: { offerId: 101, rewardId: 1202 },
    body: { pointsPrice: 85 },
    ok: 200,
  },
  [`PATCH ${contentPaths.deal}`]: {
    who: 'manager',
    params: { offerId: 101, dealId: 203 },
    body: { pointsValidUntil: '2030-01-31T23:59:00Z' },
    ok: 200,
  },
  [`PUT ${contentPaths.venueCode}`]: {
    who: 'manager',
    params: { offerId: 101, venueId: 302 },
    body: {},
    ok: 200,
  },
  [`POST ${contentPaths.previewLinks}`]: {
    who: 'manager',
    params: BREW,
    body: { type: 'product', id: 507, dealId: 201 },
    ok: 201,
  },
  // A manager's though it changes nothing: the document holds the venues' check-in codes (decision 0046).
  [`GET ${contentExportPaths.export}`]: { who: 'manager', params: BREW, ok: 200 },
  // The body is offer 101's own export document (beforeAll): a dry run writes nothing, even the owner's.
  [`POST ${contentImportPaths.dryRun}`]: { who: 'manager', params: BREW, ok: 200 },
  // The same body with its checksum (beforeAll): the owner's apply of the content as it is writes nothing.
  [`POST ${contentApplyPaths.apply}`]: { who: 'manager', params: BREW, ok: 200 },
  [`GET ${contentApplyPaths.versions}`]: { who: 'viewer', params: BREW, ok: 200 },
  // A version made in beforeAll (the export's zip): a manager's, as the export, for the check-in codes.
  [`GET ${contentApplyPaths.versionDownload}`]: {
    who: 'manager',
    params: { offerId: 101, versionId: 0 },
    ok: 200,
  },
  [`POST ${contentApplyPaths.versionDryRun}`]: {
    who: 'manager',
    params: { offerId: 101, versionId: 0 },
    ok: 200,
  },
  [`POST ${contentApplyPaths.versionRestore}`]: {
    who: 'manager',
    params: { offerId: 101, versionId: 0 },
    ok: 200,
  },
  [`GET ${reportPaths.report}`]: { who: 'viewer', params: { offerId: 101, report: 'points' }, ok: 200 },
  [`GET ${reportPaths.csv}`]: { who: 'viewer', params: { offerId: 101, report: 'page-views' }, ok: 200 },
  // Reports sent without an offer are a provider admin's: any other staff member, an owner too, gets 403.
  [`GET ${inboxPaths.providerErrors}`]: { who: 'any staff', params: {}, ok: 403 },
  [`PATCH ${inboxPaths.providerErrorGroup}`]: {
    who: 'any staff',
    params: {},
    body: { handled: true },
    ok: 403,
  },
};

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let t: TestApp;
let routes: ConsoleRoute[];
let owner: StaffClient;
let viewer: StaffClient;
let manager: StaffClient;
let stranger: StaffClient;
/** The staff id of the staff member routes' calls: an account of its own, changed and then removed. */
let staffId: string;

beforeAll(async () => {
  const registered: RouteOptions[] = [];
  t = await createTestApp({ onRoute: (route) => registered.push(route) });
  routes = consoleCatalogueOf(registered);
  await makeStaff(t, 'owner@lakeshore.test', { partnerId: 1, role: 'owner' });
  await makeStaff(t, 'viewer@lakeshore.test', { partnerId: 1, role: 'viewer' });
  staffId = await makeStaff(t, 'target@lakeshore.test', { partnerId: 1, role: 'viewer' });
  await makeStaff(t, 'manager@lakeshore.test', { partnerId: 1, role: 'manager' });
  await makeStaff(t, 'owner@northwoods.test', { partnerId: 3, role: 'owner' });
  owner = await signIn(t.app, 'owner@lakeshore.test');
  viewer = await signIn(t.app, 'viewer@lakeshore.test');
  manager = await signIn(t.app, 'manager@lakeshore.test');
  stranger = await signIn(t.app, 'owner@northwoods.test');
  const inbox = await seedInbox(t.database.db);
  Object.assign(ROWS[`PATCH ${inboxPaths.item}`]?.params ?? {}, { itemId: inbox.helpId });
  Object.assign(ROWS[`PATCH ${inboxPaths.errorGroup}`]?.params ?? {}, { fingerprint: inbox.fingerprint });
  Object.assign(ROWS[`PATCH ${inboxPaths.providerErrorGroup}`]?.params ?? {}, {
    fingerprint: inbox.offerlessFingerprint,
  });
  const exported = await owner.request({ method: 'GET', url: pathOf(contentExportPaths.export, BREW) });
  const document = unzipSync(new Uint8Array(exported.rawPayload))['pass.json'];
  const dryRun = ROWS[`POST ${contentImportPaths.dryRun}`];
  if (dryRun && document) dryRun.body = JSON.parse(new TextDecoder().decode(document));
  const applyRow = ROWS[`POST ${contentApplyPaths.apply}`];
  if (applyRow && document) {
    applyRow.body = dryRun?.body;
    applyRow.query = `?checksum=${createHash('sha256').update(JSON.stringify(applyRow.body)).digest('hex')}`;
  }
  // A version of offer 101: the export's zip as it is, so its restore writes nothing either.
  const zip = Buffer.from(exported.rawPayload);
  const [version] = await t.database.db
    .insert(content_versions)
    .values({
      offer_id: 101,
      created_at: new Date(),
      created_by: 'owner@lakeshore.test',
      kind: 'baseline',
      checksum: createHash('sha256').update(zip).digest('hex'),
      counts: { added: 0, changed: 0, removed: 0, mediaAdded: 0, mediaReplaced: 0 },
      zip,
    })
    .returning({ id: content_versions.id });
  for (const key of ['versionDownload', 'versionDryRun', 'versionRestore'] as const) {
    const row = ROWS[`${key === 'versionDownload' ? 'GET' : 'POST'} ${contentApplyPaths[key]}`];
    if (row && version) row.params.versionId = version.id;
  }
  const restore = ROWS[`POST ${contentApplyPaths.versionRestore}`];
  if (restore) restore.query = `?checksum=${createHash('sha256').update(zip).digest('hex')}`;
});

afterAll(async () => {
  await t?.close();
});

function call(
  client: StaffClient | null,
  route: ConsoleRoute,
  row: Row,
  over: Partial<{ params: Record<string, number | string>; csrf: string | null }> = {},
) {
  const params = { ...(over.params ?? row.params), ...(route.url.includes(':staffId') ? { staffId } : {}) };
  const url = `${pathOf(route.url, params)}${row.query ?? ''}`;
  const payload = row.body === undefined ? {} : { payload: row.body as Record<string, unknown> };
  if (!client) {
    return t.app.inject({
      method: route.method,
      url,
      ...payload,
      headers: { origin: 'http://localhost:80' },
    });
  }
  return client.request({
    method: route.method,
    url,
    ...payload,
    ...('csrf' in over ? { csrf: over.csrf } : {}),
  });
}

function expectRefusal(res: InjectResponse, status: number, code: ConsoleError['code'], what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
  const body = consoleError.safeParse(res.json());
  expect(body.success, `${what}: ${res.body}`).toBe(true);
  expect(body.data?.code, what).toBe(code);
}

describe('console authorisation matrix', () => {
  it('has a row for every console route, and a route for every row', () => {
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.map((route) => route.name).filter((name) => !(name in ROWS))).toEqual([]);
    expect(Object.keys(ROWS).filter((name) => !routes.some((route) => route.name === name))).toEqual([]);
  });

  it('refuses every route signed out, cross-partner, to a viewer (writes) and without CSRF (unsafe), changing nothing', async () => {
    for (const route of routes) {
      const row = ROWS[route.name];
      if (!row) continue;
      const before = await consoleDigest(t.database.db);
      const name = route.name;

      expectRefusal(await call(null, route, row), 401, 'UNAUTHENTICATED', `${name} signed out`);

      if (row.who !== 'any staff') {
        expectRefusal(
          await call(stranger, route, row),
          404,
          'NOT_FOUND',
          `${name} by another partner's owner`,
        );
      }
      if ('holderId' in row.params) {
        // Harper holds offer 103 (partner 942), not 101: not a holder of this offer.
        const params = { ...row.params, holderId: 1004 };
        expectRefusal(
          await call(owner, route, row, { params }),
          404,
          'NOT_FOUND',
          `${name} on another offer's holder`,
        );
      }
      if (row.who === 'manager' || row.who === 'owner') {
        expectRefusal(await call(viewer, route, row), 403, 'FORBIDDEN', `${name} by a viewer`);
      }
      if (row.who === 'owner') {
        expectRefusal(await call(manager, route, row), 403, 'FORBIDDEN', `${name} by a manager`);
      }
      if (UNSAFE.has(route.method)) {
        expectRefusal(
          await call(owner, route, row, { csrf: null }),
          403,
          'CSRF',
          `${name} without CSRF token`,
        );
        expectRefusal(
          await call(owner, route, row, { csrf: 'x'.repeat(43) }),
          403,
          'CSRF',
          `${name} with a wrong CSRF token`,
        );
        // Another session's token is no good either.
        expectRefusal(
          await call(owner, route, row, { csrf: viewer.csrf }),
          403,
          'CSRF',
          `${name} with another session's token`,
        );
      }
      expect(
        changedIn(before, await consoleDigest(t.database.db)),
        `${name}: tables changed by refusals`,
      ).toEqual([]);

      const res = await call(owner, route, row);
      expect(res.statusCode, `${name} by the owner: ${res.body}`).toBe(row.ok);
    }
  });

  it('lets a provider admin reach every partner', async () => {
    await makeStaff(t, 'admin@trailpass.test', 'provider_admin');
    const admin = await signIn(t.app, 'admin@trailpass.test');
    const res = await admin.request({ method: 'GET', url: pathOf(consolePaths.holders, { offerId: 104 }) });
    expect(res.statusCode, res.body).toBe(200);
    const session = (await admin.request({ method: 'GET', url: consolePaths.session })).json();
    expect(session.staff.isProviderAdmin).toBe(true);
    expect(session.memberships.map((m: { partnerId: number }) => m.partnerId)).toEqual([1, 3, 942]);
  });

  it('answers an unknown console API path with the console’s 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/console/api/nothing/here' });
    expectRefusal(res, 404, 'NOT_FOUND', 'unknown path');
  });
});
