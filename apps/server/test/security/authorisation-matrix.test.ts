import { apiPaths, rootApiPaths } from '@trailpass/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableName } from '../../src/db/tables';
import { api, expectOk, TOKENS } from '../helpers';
import { ChangeWatch } from './digest';
import { errorShapeProblem } from './error-shape';
import {
  type BuiltRequest,
  fieldName,
  type JsonSchema,
  jsonSchemaOf,
  kindOf,
  type Location,
  send,
  validRequests,
  withId,
} from './requests';
import { type CataloguedApp, type CatalogueRoute, createCataloguedApp } from './routes';
import { AVA, type Kind, OTHERS, secretsOf, USER_KINDS, type World } from './world';

/**
 * The authorisation matrix (issue 10, DESIGN.md section 4): every route of the catalogue, called with no
 * token, a preview token, an unregistered link's token, and user A's (Ava's) token against the ids of
 * others. A holder route answers 401, 403, 403 and 404; a route meant for other sessions is on ALLOWED with
 * what it answers. No answer shows another user's data, and no refusal changes the database.
 */

type Case = 'none' | 'preview' | 'unregistered' | 'cross';
type Status = number | readonly number[];

interface Expected {
  /** The request the session cases send, from the route's requests built with Ava's ids (default: the first). */
  probe?: (requests: BuiltRequest[]) => BuiltRequest | undefined;
  none: Status;
  preview: Status;
  unregistered: Status;
  /** Ava's token with another pass's ids (only for routes that name objects). */
  cross?: Status;
  /** Tables an answer with 2xx may write to. */
  writes?: TableName[];
}

/**
 * The routes that do not act for a pass holder, keyed `METHOD contract path`, with the status each case
 * gets. A route that is neither a holder route (routes.ts) nor listed here fails the matrix: a new route
 * must be classified.
 */
const ALLOWED: Record<string, Expected> = {
  // Liveness, the OpenAPI document and the docs pages are public: no token needed (app.ts, openapi.ts).
  [`GET ${apiPaths.health}`]: { none: 200, preview: 200, unregistered: 200 },
  [`GET ${apiPaths.openapi}`]: { none: 200, preview: 200, unregistered: 200 },
  // swagger-ui's own routes; its static index.html redirects to the docs page.
  [`GET ${apiPaths.docs}`]: { none: [200, 302], preview: [200, 302], unregistered: [200, 302] },
  // The pass's data for whatever the token opens: a preview's offer, an unregistered link's sign-up page.
  [`GET ${apiPaths.data}`]: { none: 401, preview: 200, unregistered: 200 },
  // Signing in binds the token's own session; a preview or check-in link has no pass to sign in to.
  [`POST ${apiPaths.login}`]: { none: 401, preview: 403, unregistered: 403 },
  // The code of a verified sign-in and lost-link recovery (issue 29): the same sessions as signing in.
  [`POST ${apiPaths.loginCode}`]: { none: 401, preview: 403, unregistered: 403 },
  [`POST ${apiPaths.lostLink}`]: { none: 401, preview: 403, unregistered: 403 },
  // Signing out a session without a user changes nothing and says so.
  [`POST ${apiPaths.logout}`]: { none: 401, preview: 200, unregistered: 200 },
  // Only a public link's token buys a visitor session (decision 0022); Ava's is a holder's link.
  [`POST ${apiPaths.visitorSession}`]: { none: 401, preview: 403, unregistered: 403 },
  // Page views and error reports of any pass page, stored with the session's ids (spec 8, decision 0019).
  // A page view stores the ids the page shows as they are: analytics, naming nothing it acts on.
  [`POST ${apiPaths.pageView}`]: {
    none: 401,
    preview: 204,
    unregistered: 204,
    cross: 204,
    writes: ['page_views'],
  },
  [`POST ${apiPaths.errorReport}`]: { none: 401, preview: 204, unregistered: 204, writes: ['error_reports'] },
  // The web manifest of the token's offer (o must be it); an unregistered link has none.
  [`GET ${apiPaths.manifest}`]: { none: 401, preview: 200, unregistered: 404, cross: 404 },
  // The preview and unregistered forms of the module calls answer their own kind of link only.
  [`GET ${apiPaths.previewAssignment}`]: { none: 401, preview: 200, unregistered: 403, cross: 403 },
  [`GET ${apiPaths.previewModuleAssignment}`]: { none: 401, preview: 200, unregistered: 403, cross: 403 },
  // (The unregistered link's page: its venue's, for no offer, offerId 0.)
  [`GET ${apiPaths.unregisteredAssignment}`]: {
    probe: (requests) => {
      const venue = requests.find((request) => request.params.type === 'venue');
      return venue && { ...venue, query: { ...venue.query, offerId: '0' } };
    },
    none: 401,
    preview: 403,
    unregistered: 200,
    cross: 403,
  },
  // A preview tries a product's code as a holder would and stores nothing: product 501 is a check-in
  // (400 on the redeem form), and without a code the check-in is refused (422).
  [`POST ${apiPaths.previewRedeem}`]: { none: 401, preview: 400, unregistered: 403, cross: 403 },
  [`POST ${apiPaths.previewCheckIn}`]: { none: 401, preview: 422, unregistered: 403, cross: 403 },
  // A product of the token's offer (spec 7, outside the pass prefix); another offer's is 404.
  [`GET ${rootApiPaths.product}`]: { none: 401, preview: 200, unregistered: 404, cross: 404 },
  // The partner's mailing lists, without anyone's choices; an unregistered link has no partner: none.
  [`GET ${rootApiPaths.messageLists}`]: { none: 401, preview: 200, unregistered: 200 },
};

/** A holder route (DESIGN.md section 4): 401 without a token, 403 for a preview or check-in link, else 404. */
const HOLDER: Expected = { none: 401, preview: 403, unregistered: 403, cross: 404 };

/** Holder routes whose own-state refusal comes before the ids swapped in, with that status. */
const HOLDER_ALSO: Record<string, number[]> = {
  // Ava's draft already holds its one item (one item per cart): 409 before the reward's ids are looked at.
  // POST /cart (create) checks the same body's ids.
  [`POST ${apiPaths.cartItems}`]: [409],
};

const TOKEN_OF: Record<Exclude<Case, 'cross'>, string | undefined> = {
  none: undefined,
  preview: TOKENS.previewProduct,
  unregistered: TOKENS.unregVenue301,
};

/** Every user's personal data and messages: nothing a token-less, preview or check-in call may show. */
const EVERYONE_SECRETS = [AVA, ...OTHERS].flatMap((world) => [...world.personal, ...world.messageSubjects]);

/**
 * An option of an object the route has found (a reward's attribute, a poll's option) that is not one of
 * its options is invalid input, as the contract says (400), rather than an object of someone else's.
 */
const OPTION_KINDS: ReadonlySet<Kind> = new Set(['attribute', 'pollOption']);

let t: CataloguedApp;
/** Ava with a draft order of hers, so that the cart calls get past her own order to the ids swapped in. */
let ava: World;

beforeAll(async () => {
  t = await createCataloguedApp({
    // The matrix calls the account writes (suggestions, Need Help) far more often than a person could.
    rateLimit: { apiPerMinute: 100_000, loginPerMinute: 1_000, accountWritesPerMinute: 100_000 },
    // Ava's draft must outlive the matrix however slow the machine: a run-out hold is 409 before any id.
    cartHoldMs: 24 * 60 * 60_000,
  });
  const res = await api(t.app, 'POST', apiPaths.cart, AVA.token, {
    payload: {
      offerId: 101,
      partnerUserId: 1001,
      dealId: 201,
      qty: 1,
      itemId: 1203,
      itemType: 'product',
      deliveryMethod: 'shipped',
      payWithPoints: true,
    },
  });
  const draft = expectOk(res) as { orderId: number; order: { products: { id: number }[] } };
  const itemIds = draft.order.products.map((item) => item.id);
  ava = {
    ...AVA,
    ids: {
      ...AVA.ids,
      order: [draft.orderId, ...AVA.ids.order],
      orderItem: [...itemIds, ...AVA.ids.orderItem],
    },
  };
});

afterAll(async () => {
  await t?.close();
});

const keyOf = (route: CatalogueRoute) => `${route.method} ${route.contractPath}`;
const matches = (status: number, expected: Status) =>
  typeof expected === 'number' ? status === expected : expected.includes(status);

interface CrossRequest {
  request: BuiltRequest;
  /** Which ids are the other pass's. */
  label: string;
  /**
   * It may be refused as invalid input (400) too: only one of two fields naming the same object was
   * swapped (the mismatch is invalid), or the id is an option (OPTION_KINDS).
   */
  invalid: boolean;
}

/** The query fields a route requires: an optional one (the client's dealId context) names nothing it acts on. */
function requiredQuery(route: CatalogueRoute): Set<string> {
  return new Set(route.schemas.querystring ? (jsonSchemaOf(route.schemas.querystring).required ?? []) : []);
}

/**
 * Ava's token against `other`'s ids: `other`'s whole request when it names a user (B's id in :id and in
 * the body), and Ava's own requests with `other`'s object swapped in for each object they name, in every
 * field naming it and in each field alone.
 */
function crossRequests(route: CatalogueRoute, own: BuiltRequest[], other: World): CrossRequest[] {
  const out: CrossRequest[] = [];
  if (other.userId !== ava.userId) {
    const theirs = validRequests(route, { idFor: (_, kind) => other.ids[kind][0], email: other.email });
    const named = theirs.find((request) => request.fields.some((f) => f.kind === 'user'));
    if (named) out.push({ request: named, label: 'their own request', invalid: false });
  }
  const query = requiredQuery(route);
  const done = new Set<string>();
  for (const request of own) {
    const fields = request.fields.filter(
      ({ field, kind }) =>
        (field.location !== 'querystring' || query.has(field.path.join('.'))) &&
        // Offer-level objects are shared by the holders of one offer: only their own records differ.
        (other.offerId !== ava.offerId || USER_KINDS.has(kind)),
    );
    for (const kind of new Set(fields.map((f) => f.kind))) {
      const id = other.ids[kind].find((value) => !ava.ids[kind].includes(value));
      if (id === undefined) continue;
      const ofKind = fields.filter((f) => f.kind === kind);
      const key = `${kind}:${ofKind.map((f) => fieldName(f.field)).join(',')}`;
      if (done.has(key)) continue;
      done.add(key);
      const all = ofKind.reduce((req, f) => withId(req, f.field, id), request);
      const option = OPTION_KINDS.has(kind);
      out.push({
        request: all,
        label: `${kind} ${id} in ${ofKind.map((f) => fieldName(f.field)).join(', ')}`,
        invalid: option,
      });
      if (ofKind.length > 1) {
        for (const f of ofKind) {
          out.push({
            request: withId(request, f.field, id),
            label: `${kind} ${id} in ${fieldName(f.field)} only`,
            invalid: true,
          });
        }
      }
    }
  }
  return out;
}

/** Fields named like ids that name no object of the database: the app's own device ids. */
const NOT_OBJECT_IDS = new Set(['session_device_id', 'local_device_id']);
const ID_LIKE = /^id$|Ids?$|_ids?$/;

/** Every key path in a schema with the object schema it is in. */
function keysOf(node: JsonSchema, path: string[] = []): { path: string[]; parent: JsonSchema }[] {
  const out: { path: string[]; parent: JsonSchema }[] = [];
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    out.push({ path: [...path, key], parent: node }, ...keysOf(child, [...path, key]));
  }
  for (const child of [...(node.anyOf ?? []), ...(node.items ? [node.items] : [])])
    out.push(...keysOf(child, path));
  return out;
}

describe('authorisation matrix', () => {
  // The matrix swaps only the fields it knows to name objects (requests.ts kindOf): a new route's id field
  // must be taught there, or it would never be tried with someone else's id.
  it('knows what every id field of every route names', () => {
    const unknown: string[] = [];
    for (const route of t.routes) {
      const parts: [Location, JsonSchema | undefined][] = [
        ['params', route.schemas.params && jsonSchemaOf(route.schemas.params)],
        ['querystring', route.schemas.querystring && jsonSchemaOf(route.schemas.querystring)],
        ['body', route.schemas.body && jsonSchemaOf(route.schemas.body)],
      ];
      for (const [location, schema] of parts) {
        for (const { path, parent } of schema ? keysOf(schema) : []) {
          const key = path.at(-1) ?? '';
          if (!ID_LIKE.test(key) || NOT_OBJECT_IDS.has(key)) continue;
          const field = { location, path };
          if (kindOf(route, field, { type: 'offer' }, parent) === undefined) {
            unknown.push(`${route.name} ${fieldName(field)}`);
          }
        }
      }
    }
    expect(unknown).toEqual([]);
  });

  it('refuses every holder route to no token, a preview, a check-in link and another user, leaking nothing and changing nothing', async () => {
    const failures: string[] = [];
    let cases = 0;
    const watch = await ChangeWatch.start(t.database.db);

    const check = async (
      route: CatalogueRoute,
      request: BuiltRequest,
      token: string | undefined,
      expected: Status,
      secrets: string[],
      writes: TableName[],
      label: string,
    ) => {
      cases += 1;
      const res = await send(t.app, request, token);
      const where = `${route.name} [${label}] ${JSON.stringify([request.params, request.query, request.body])}`;
      if (!matches(res.statusCode, expected)) {
        failures.push(`${where}: ${res.statusCode}, expected ${String(expected)}: ${res.body.slice(0, 300)}`);
      }
      if (res.statusCode >= 400) {
        const problem = errorShapeProblem(route, res);
        if (problem) failures.push(`${where}: error shape: ${problem}`);
      }
      const leaked = secrets.filter((secret) => res.body.includes(secret));
      if (leaked.length > 0) failures.push(`${where}: the answer shows ${leaked.join(', ')}`);
      const allowed = res.statusCode < 300 ? writes : [];
      const changed = (await watch.changes()).filter((name) => !allowed.includes(name));
      if (changed.length > 0)
        failures.push(`${where}: ${res.statusCode}, and it changed ${changed.join(', ')}`);
    };

    for (const route of t.routes) {
      const allowed = ALLOWED[keyOf(route)];
      if (route.holder === (allowed !== undefined)) {
        failures.push(
          `${route.name}: ${route.holder ? 'a holder route on the allow-list' : 'neither a holder route (routes.ts) nor on the allow-list'}`,
        );
        continue;
      }
      const expected = allowed ?? { ...HOLDER, cross: [404, ...(HOLDER_ALSO[keyOf(route)] ?? [])] };
      const own = validRequests(route, { idFor: (_, kind) => ava.ids[kind][0], email: ava.email });
      const plain = expected.probe ? expected.probe(own) : own[0];
      if (!plain) {
        failures.push(`${route.name}: its schemas admit no request built from Ava's ids`);
        continue;
      }
      const writes = expected.writes ?? [];
      for (const kase of ['none', 'preview', 'unregistered'] as const) {
        await check(route, plain, TOKEN_OF[kase], expected[kase], EVERYONE_SECRETS, writes, kase);
      }
      for (const other of OTHERS) {
        const requests = crossRequests(route, own, other);
        if (requests.length > 0 && expected.cross === undefined) {
          failures.push(`${route.name}: names objects but its allow-list entry has no cross status`);
          continue;
        }
        for (const { request, label, invalid } of requests) {
          const status = invalid ? [400, ...[expected.cross ?? []].flat()] : (expected.cross ?? []);
          const secrets = secretsOf(other, AVA);
          await check(route, request, AVA.token, status, secrets, writes, `cross, ${other.label}: ${label}`);
        }
      }
    }

    console.log(`authorisation matrix: ${t.routes.length} routes, ${cases} cases (${watch.digests} digests)`);
    expect(failures).toEqual([]);
    // Every route was walked, each with its own cases.
    expect(cases).toBeGreaterThan(t.routes.length * 3);
  }, 120_000);
});
