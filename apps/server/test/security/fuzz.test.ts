import { apiPaths, IDEMPOTENCY_KEY_HEADER, LANGUAGE_HEADER } from '@trailpass/contract';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { TableName } from '../../src/db/tables';
import { TOKENS } from '../helpers';
import { ChangeWatch } from './digest';
import { errorShapeProblem } from './error-shape';
import { NAUGHTY_BODIES, NAUGHTY_NUMBERS, NAUGHTY_STRINGS } from './naughty';
import { type ApiRequest, type BuiltRequest, send, urlOf, validRequests } from './requests';
import { type CatalogueRoute, createCataloguedApp } from './routes';
import { AVA, KINDS, OTHERS } from './world';

/**
 * Fuzzing (issue 10): every route of the catalogue driven with generated and hostile input in its path
 * params, query and body, from a valid request of Ava's with up to three mutations: a field set to
 * something hostile, a field dropped, an unknown key added, a whole part replaced, a malformed body, an id
 * swapped for another. Whatever comes in: never a 5xx, every refusal in the one error shape, and a refused
 * request changes nothing.
 */

/**
 * Runs per route: about 10 ms to 30 ms each on PGlite, so the suite stays well under a minute. FUZZ_RUNS
 * sets more for a deeper run by hand (FUZZ_RUNS=500 npx vitest run --project server test/security/fuzz).
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 12);
/** FUZZ_SEED replays a run: the seed fast-check prints with a failure (with `-t` naming its route). */
const SEED = process.env.FUZZ_SEED === undefined ? {} : { seed: Number(process.env.FUZZ_SEED) };
/** The default 30 s per route, and more for a deeper run. */
const TIMEOUT_MS = 30_000 + RUNS_PER_ROUTE * 500;

/**
 * Routes that act on the session itself get another token than Ava's: a sign-out or a sign-in with a
 * generated e-mail must not take her session from the other routes (Noah is used nowhere else here), and
 * only a public link's token gets as far as minting a visitor session (decision 0022).
 */
const TOKEN_OF_ROUTE: Record<string, string> = {
  [apiPaths.login]: TOKENS.noahEmpty,
  [apiPaths.logout]: TOKENS.noahEmpty,
  [apiPaths.visitorSession]: TOKENS.guestBrew,
};

/**
 * Writes a refusal may make, by design: a wrong validation code is counted against its target (DESIGN.md
 * section 5), and an answered request with an Idempotency-Key is kept for its repeats (decision 0019).
 */
const REFUSAL_WRITES: Record<string, TableName[]> = {
  [apiPaths.redeem]: ['pin_attempts', 'idempotency_keys'],
  [apiPaths.checkIn]: ['pin_attempts', 'idempotency_keys'],
  [apiPaths.previewRedeem]: ['pin_attempts'],
  [apiPaths.previewCheckIn]: ['pin_attempts'],
};

/** The routes whose schema takes an Idempotency-Key: the header is fuzzed too. */
const IDEMPOTENT = new Set<string>([apiPaths.redeem, apiPaths.checkIn]);

const t = await createCataloguedApp({
  // Thousands of calls a minute from one token and address: the ordinary limits would answer 429.
  rateLimit: { apiPerMinute: 1_000_000, loginPerMinute: 1_000_000, accountWritesPerMinute: 1_000_000 },
});
const watch = await ChangeWatch.start(t.database.db);
let cases = 0;

afterAll(async () => {
  console.log(`fuzz: ${t.routes.length} routes, ${cases} cases (${watch.digests} digests)`);
  await t.close();
});

// ----- hostile values ------------------------------------------------------------------------------------

/** Arrays nested `depth` deep around a value. */
const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? [value] : { a: value };
  return value;
};

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NAUGHTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  // Any UTF-16 code units, lone surrogates included.
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 200 }).map((n) => 'é'.repeat(n * 40)) },
);

/** An id-like number: the demo's ids of everyone, or any integer near and far. */
const allIds = [...new Set([AVA, ...OTHERS].flatMap((world) => KINDS.flatMap((kind) => world.ids[kind])))];
const someId = fc.oneof(
  fc.constantFrom(...allIds),
  fc.integer({ min: -5, max: 20_000 }),
  fc.maxSafeInteger(),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 3, arbitrary: fc.constantFrom(...NAUGHTY_NUMBERS) },
  { weight: 2, arbitrary: someId },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(hostileString, someId), { maxLength: 30 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, fc.oneof(hostileString, someId), { maxKeys: 5 }) },
  { weight: 1, arbitrary: fc.integer({ min: 20, max: 2000 }).map(nested) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const extraKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'id',
    'partnerUserId',
    'x'.repeat(300),
  ),
  hostileString,
);

// ----- mutations -----------------------------------------------------------------------------------------

type Part = 'params' | 'query' | 'body';

type Mutation =
  | { op: 'set'; part: Part; pick: number; value: unknown }
  | { op: 'drop'; part: Part; pick: number }
  | { op: 'extra'; part: Part; pick: number; key: string; value: unknown }
  | { op: 'whole'; part: Part; value: unknown }
  | { op: 'raw'; body: string }
  | { op: 'id'; pick: number; id: number };

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
      pick: fc.nat(),
      key: extraKey,
      value: hostileValue,
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('whole' as const), part, value: hostileValue }) },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('raw' as const), body: fc.constantFrom(...NAUGHTY_BODIES) }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('id' as const), pick: fc.nat(), id: someId }) },
);

/** Every object and array in a value, with the keys (or indices) under it: where a mutation can act. */
function containersOf(value: unknown): { node: Record<string, unknown> | unknown[]; keys: string[] }[] {
  const out: { node: Record<string, unknown> | unknown[]; keys: string[] }[] = [];
  const walk = (node: unknown) => {
    if (node === null || typeof node !== 'object') return;
    const container = node as Record<string, unknown>;
    out.push({ node: container, keys: Object.keys(container) });
    for (const child of Object.values(container)) walk(child);
  };
  walk(value);
  return out;
}

function mutate(base: BuiltRequest, mutations: Mutation[]): ApiRequest {
  const request: ApiRequest = structuredClone({
    route: undefined as unknown as CatalogueRoute,
    params: base.params,
    query: base.query,
    body: base.body,
  });
  request.route = base.route;
  const hasBody = base.route.schemas.body !== undefined;
  for (const m of mutations) {
    if (m.op === 'raw') {
      if (hasBody) request.rawBody = m.body;
      continue;
    }
    if (m.op === 'id') {
      const field = base.fields[m.pick % Math.max(1, base.fields.length)];
      if (!field) continue;
      const container =
        field.field.location === 'params'
          ? 'params'
          : field.field.location === 'querystring'
            ? 'query'
            : 'body';
      const leaf = containersOf(request[container]).find(({ keys }) =>
        keys.includes(field.field.path.at(-1) ?? ''),
      );
      if (leaf)
        (leaf.node as Record<string, unknown>)[field.field.path.at(-1) ?? ''] =
          field.field.location === 'body' ? m.id : String(m.id);
      continue;
    }
    if (m.part === 'body' && !hasBody) continue;
    if (m.op === 'whole') {
      if (m.part === 'body') request.body = m.value;
      // Path and query parts are always objects; each of their values gets the hostile one.
      else
        for (const key of Object.keys(request[m.part] as object))
          (request[m.part] as Record<string, unknown>)[key] = m.value;
      continue;
    }
    const containers = containersOf(request[m.part]);
    const target = containers[m.pick % Math.max(1, containers.length)];
    if (!target) continue;
    const key = target.keys[m.pick % Math.max(1, target.keys.length)];
    if (m.op === 'extra') {
      // A path's parameters are the route's: an extra one cannot be sent. On an array only an index is sent
      // (JSON.stringify leaves other keys out), and not a huge one: "2147483648" made an array of two billion
      // holes, which JSON.stringify could not send. `length` is no index: "1;2" threw a RangeError here.
      const unsendable = Array.isArray(target.node) && !(/^\d+$/.test(m.key) && Number(m.key) <= 1000);
      if (m.part !== 'params' && !unsendable) (target.node as Record<string, unknown>)[m.key] = m.value;
    } else if (key !== undefined) {
      if (m.op === 'set') (target.node as Record<string, unknown>)[key] = m.value;
      else if (Array.isArray(target.node) && /^\d+$/.test(key)) {
        // An item out, the rest moved up, without splice: splice makes its result through the array's
        // `constructor` (Symbol.species), which an earlier mutation may have set to a hostile value, as it may
        // an own `copyWithin`, hence the prototype's.
        Array.prototype.copyWithin.call(target.node, Number(key), Number(key) + 1);
        target.node.length -= 1;
      } else delete (target.node as Record<string, unknown>)[key];
    }
  }
  return request;
}

const idempotencyKey = fc.oneof(fc.constant(undefined), fc.uuid(), hostileString);
/** The app's languages (decision 0049): a refusal is told again in one, from the hostile input it names. */
const language = fc.constantFrom(undefined, 'es', 'fr', 'de');

// ----- the property --------------------------------------------------------------------------------------

async function exercise(
  route: CatalogueRoute,
  request: ApiRequest,
  key: string | undefined,
  lang: string | undefined,
): Promise<void> {
  cases += 1;
  const token = TOKEN_OF_ROUTE[route.contractPath] ?? AVA.token;
  const headers: Record<string, string> = {
    ...(key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key }),
    ...(lang === undefined ? {} : { [LANGUAGE_HEADER]: lang }),
  };
  const res = await send(t.app, request, token, headers);
  const where = `${route.method} ${urlOf(request)} ${request.rawBody?.slice(0, 100) ?? JSON.stringify(request.body)?.slice(0, 300)}`;
  expect(res.statusCode, `${where}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    expect(errorShapeProblem(route, res), `${where}: ${res.body.slice(0, 300)}`).toBeNull();
  }
  const changed = await watch.changes();
  if (res.statusCode >= 300) {
    const allowed = REFUSAL_WRITES[route.contractPath] ?? [];
    expect(
      changed.filter((name) => !allowed.includes(name)),
      `${where}: a ${res.statusCode} changed the database`,
    ).toEqual([]);
  }
}

describe('fuzzing', () => {
  for (const route of t.routes) {
    it(
      `${route.name} stays up, answers refusals in the one error shape and changes nothing when it refuses`,
      async () => {
        const bases = validRequests(route, { idFor: (_, kind) => AVA.ids[kind][0], email: AVA.email });
        expect(bases.length, 'its schemas admit a request built from Ava’s ids').toBeGreaterThan(0);
        const input = fc.record({
          base: fc.constantFrom(...bases),
          mutations: fc.array(mutation, { maxLength: 3 }),
          key: IDEMPOTENT.has(route.contractPath) ? idempotencyKey : fc.constant(undefined),
          lang: language,
        });
        await fc.assert(
          fc.asyncProperty(input, async ({ base, mutations, key, lang }) =>
            exercise(route, mutate(base, mutations), key, lang),
          ),
          { numRuns: RUNS_PER_ROUTE, ...SEED },
        );
      },
      TIMEOUT_MS,
    );
  }
});
