import { rm } from 'node:fs/promises';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeFakeWebDist, passHeaders, type TestApp } from './helpers';

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = await makeFakeWebDist();
  t = await createTestApp({ importDemo: false, webDist });
});

afterAll(async () => {
  await t?.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('public API routes', () => {
  it('answers the health check without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pass/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, database: 'up' });
  });

  it('publishes the OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pass/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/pass/api/data',
        '/pass/api/login',
        '/pass/api/logout',
        '/pass/api/events/page-view',
        '/pass/api/partnerUser/{id}/modules/assignment/{type}/assignmentId/{assignmentId}/location/{location}',
        '/products/{productId}',
        '/messageLists',
      ]),
    );
    // The pass API and the calls spec 7 places at the site root; no static files or docs pages.
    expect(
      Object.keys(doc.paths).every(
        (p: string) => p.startsWith('/pass/api/') || p === '/products/{productId}' || p === '/messageLists',
      ),
    ).toBe(true);
    expect(
      doc.paths['/pass/api/login'].post.requestBody.content['application/json'].schema.properties.email,
    ).toBeDefined();
    expect(doc.paths['/pass/api/data'].get.responses['200']).toBeDefined();
  });

  it('serves readable docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pass/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('security headers', () => {
  it('sends a strict CSP and no referrer on API and page responses', async () => {
    for (const url of ['/pass/api/health', '/pass/', '/pass/api/data']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("img-src 'self' data: https:");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("manifest-src 'self'");
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('static web app', () => {
  it('redirects / and /pass to /pass/, keeping the query', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/?t=abc' });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/pass/?t=abc');
    const pass = await t.app.inject({ method: 'GET', url: '/pass' });
    expect(pass.statusCode).toBe(302);
    expect(pass.headers.location).toBe('/pass/');
  });

  it('serves the precompressed brotli file for Accept-Encoding br', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/pass/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('console.log("trailpass")');
  });

  it('serves gzip or plain when brotli is not accepted', async () => {
    const gz = await t.app.inject({
      method: 'GET',
      url: '/pass/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/pass/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log("trailpass")');
  });

  it('caches hashed assets for a year and revalidates index.html, sw.js and the manifest', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/pass/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/pass/', '/pass/index.html', '/pass/sw.js', '/pass/manifest.webmanifest']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers history-mode routes with index.html', async () => {
    for (const url of ['/pass/experiences', '/pass/experiences/deal/201/product/504?t=x', '/pass/signup']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('gives a 404 for a missing asset instead of the app shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pass/assets/missing-123.js' });
    expect(res.statusCode).toBe(404);
  });

  it('answers unknown API routes with the JSON error shape', async () => {
    for (const [method, url] of [
      ['GET', '/pass/api/unknown'],
      ['POST', '/pass/api/unknown'],
      ['GET', '/pass/api'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: passHeaders('x') });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().error.code).toBe('not_found');
    }
  });

  it('gives a 404 for missing media', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pass/media/sunset-paddle.svg' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});

describe('without a web build', () => {
  it('still serves the API and explains the missing app', async () => {
    const bare = await createTestApp({ importDemo: false });
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/pass/api/health' })).statusCode).toBe(200);
      const page = await bare.app.inject({ method: 'GET', url: '/pass/experiences' });
      expect(page.statusCode).toBe(404);
      expect(page.json().error.message).toMatch(/not built/);
    } finally {
      await bare.close();
    }
  });
});

describe('server errors', () => {
  it('answer 500/503 in the error shape without internals when the database is gone', async () => {
    const broken = await createTestApp({ importDemo: false });
    try {
      await broken.database.close();
      const data = await broken.app.inject({
        method: 'GET',
        url: '/pass/api/data',
        headers: passHeaders('some-token'),
      });
      expect(data.statusCode).toBe(500);
      expect(data.json()).toEqual({
        error: { code: 'internal', message: 'Something went wrong on our side. Please try again later.' },
      });
      const health = await broken.app.inject({ method: 'GET', url: '/pass/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json().error).toEqual({ code: 'internal', message: 'The database is not reachable.' });
      expect(broken.logs.text()).toContain('request failed');
    } finally {
      await broken.app.close();
      await rm(broken.dataDir, { recursive: true, force: true });
    }
  });
});
