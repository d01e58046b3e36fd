import { API_BASE, apiPaths, rootApiPaths } from '@trailpass/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutesOf, type CataloguedApp, contractPathOf, createCataloguedApp } from './routes';

let t: CataloguedApp;

beforeAll(async () => {
  t = await createCataloguedApp({ importDemo: false });
});

afterAll(async () => {
  await t?.close();
});

// The security suites walk the catalogue: it must be exactly the contract's routes, so that a route added
// to the contract is served (and so walked), and a route served outside the contract fails here first.
describe('route catalogue', () => {
  it('serves every contract path', () => {
    const served = new Set(t.routes.map((route) => route.contractPath));
    const contract = [...Object.values(apiPaths), ...Object.values(rootApiPaths)];
    expect(contract.filter((path) => !served.has(path))).toEqual([]);
  });

  it('serves no API route outside the contract', () => {
    const outside = apiRoutesOf(t.registered)
      .filter(({ url }) => contractPathOf(url) === null)
      .map(({ method, url }) => `${method} ${url}`);
    expect(outside).toEqual([]);
  });

  it('tells contract paths from others', () => {
    expect(contractPathOf(`${API_BASE}${apiPaths.cartItem}`)).toBe(apiPaths.cartItem);
    expect(contractPathOf(rootApiPaths.product)).toBe(rootApiPaths.product);
    expect(contractPathOf(`${API_BASE}${apiPaths.docs}/static/*`)).toBe(apiPaths.docs);
    expect(contractPathOf(`${API_BASE}/partnerUser/:id/secret`)).toBeNull();
    expect(contractPathOf('/admin')).toBeNull();
    // A root route of the API that the contract lacks is caught too: only the web app's routes are skipped.
    expect(
      apiRoutesOf([{ method: 'GET', url: '/admin', handler: async () => null }]).map((r) => r.url),
    ).toEqual(['/admin']);
    expect(apiRoutesOf([{ method: 'GET', url: '/pass/*', handler: async () => null }])).toEqual([]);
  });

  it('has each route once, with its zod schemas, and marks the holder routes', () => {
    const names = t.routes.map((route) => route.name);
    expect(new Set(names).size).toBe(names.length);
    const byName = new Map(t.routes.map((route) => [route.name, route]));
    const vote = byName.get(`POST ${API_BASE}${apiPaths.pollVote}`);
    expect(vote?.holder).toBe(true);
    expect(Object.keys(vote?.schemas ?? {}).sort()).toEqual(['body', 'params', 'querystring']);
    expect(vote?.schemas.body?.safeParse({ votes: [1] }).success).toBe(true);
    expect(byName.get(`PUT ${API_BASE}${apiPaths.cartComplete}`)?.holder).toBe(true);
    expect(byName.get(`GET ${API_BASE}${apiPaths.data}`)?.holder).toBe(false);
    expect(byName.get(`GET ${rootApiPaths.product}`)?.holder).toBe(false);
  });
});
