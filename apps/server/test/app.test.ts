import { readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync as gunzip, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupErrorHandler } from '../src/plugins/errors';
import { cacheControlFor } from '../src/plugins/static';
import { createTestApp, makeFakeWebDist, passHeaders, type TestApp } from './helpers';

let t: TestApp;
let webDist: string;

/** Files the fake build gains here, beside makeFakeWebDist's: one of each kind a build holds. */
const TEXT_FILES: Record<string, string> = {
  'assets/style-d4e5f6.css': `body{margin:0}${'.x{color:red}'.repeat(200)}`,
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'assets/data-a1b2c3.json': JSON.stringify({ list: Array.from({ length: 300 }, (_, i) => i) }),
  // The list of each page's scripts (page-html.ts): Pass Login's page is made and compressed at start-up.
  '.vite/route-preloads.json': JSON.stringify({
    routes: [{ path: '/login', files: ['/pass/assets/index-abc123.js'] }],
    moduleTypes: {},
  }),
};
/** Files a build holds without compressed siblings. */
const BINARY_FILES: Record<string, Buffer> = {
  'icon-192.png': Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256)),
  'assets/font-a1b2c3.woff2': Buffer.from(Array.from({ length: 1500 }, (_, i) => (i * 13) % 256)),
  'assets/blob-a1b2c3.bin': Buffer.from('not a known kind of file'),
};

beforeAll(async () => {
  webDist = await makeFakeWebDist();
  for (const [name, content] of Object.entries(TEXT_FILES)) {
    const file = path.join(webDist, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
    if (name.startsWith('.')) continue;
    await writeFile(`${file}.br`, brotliCompressSync(Buffer.from(content)));
    await writeFile(`${file}.gz`, gzipSync(Buffer.from(content)));
  }
  for (const [name, content] of Object.entries(BINARY_FILES))
    await writeFile(path.join(webDist, name), content);
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
    // The pass API, the calls spec 7 places at the site root and the partner console's API (issue 30); no
    // static files or docs pages.
    expect(
      Object.keys(doc.paths).filter(
        (p: string) =>
          !p.startsWith('/pass/api/') &&
          !p.startsWith('/console/api/') &&
          p !== '/products/{productId}' &&
          p !== '/messageLists',
      ),
    ).toEqual([]);
    expect(Object.keys(doc.paths)).toContain('/console/api/session');
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

/**
 * The calls of this process into Node's file system binding while `run` runs: every fs function (sync,
 * callback or promise, however imported) goes through it. `name path-or-fd` of each.
 */
async function fsCallsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const binding = (process as unknown as { binding(name: 'fs'): Record<string, unknown> }).binding('fs');
  const calls: string[] = [];
  const originals = new Map<string, (...args: unknown[]) => unknown>();
  for (const [name, value] of Object.entries(binding)) {
    // Functions only, not the classes (FSReqCallback, FileHandle, StatWatcher).
    if (typeof value !== 'function' || /^[A-Z]/.test(name)) continue;
    const original = value as (...args: unknown[]) => unknown;
    originals.set(name, original);
    binding[name] = function (this: unknown, ...args: unknown[]) {
      calls.push(`${name} ${String(args[0])}`);
      return original.apply(this, args);
    };
  }
  try {
    await run();
  } finally {
    for (const [name, original] of originals) binding[name] = original;
  }
  return calls;
}

describe('the built app from memory (issue 28)', () => {
  it('counts a file system call when there is one (so the test below can fail)', async () => {
    const calls = await fsCallsDuring(() => t.app.inject({ method: 'GET', url: '/pass/media/missing.png' }));
    expect(calls.length).toBeGreaterThan(0);
  });

  it('answers files, pages, unknown API paths and missing files with no file system call', async () => {
    const requests: Array<[string, string, Record<string, string>]> = [];
    for (const encoding of [undefined, 'br', 'gzip', 'gzip, deflate, br, zstd']) {
      const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
      for (const url of [
        '/pass/assets/index-abc123.js',
        '/pass/assets/style-d4e5f6.css',
        '/pass/icon-192.png',
        '/pass/',
        '/pass/index.html',
        '/pass/sw.js',
        // Pages: index.html as it is, and Pass Login's, made at start-up with its script named.
        '/pass/experiences',
        '/pass/login',
        '/pass/signup',
        // The one 404 of an unknown API path, a missing file and a path refused as @fastify/static refused it.
        '/pass/api/nope',
        '/pass/api/nope/deeper?x=1',
        '/pass/api',
        '/pass/assets/missing-1.js',
        '/pass/missing.png',
        '/pass/.vite/route-preloads.json',
      ])
        requests.push(['GET', url, headers]);
      requests.push(['HEAD', '/pass/assets/index-abc123.js', headers]);
      requests.push(['HEAD', '/pass/login', headers]);
    }
    const asset = await t.app.inject({ method: 'GET', url: '/pass/assets/index-abc123.js' });
    requests.push(['GET', '/pass/assets/index-abc123.js', { 'if-none-match': String(asset.headers.etag) }]);
    requests.push(['GET', '/pass/assets/index-abc123.js', { range: 'bytes=0-9' }]);
    requests.push(['GET', '/pass/assets/index-abc123.js', { range: 'bytes=99999-' }]);
    requests.push(['GET', '/pass/assets/index-abc123.js', { 'if-match': '"other"' }]);

    const statuses: string[] = [];
    const calls = await fsCallsDuring(async () => {
      for (const [method, url, headers] of requests) {
        const res = await t.app.inject({ method: method as 'GET' | 'HEAD', url, headers });
        statuses.push(`${method} ${url} ${res.statusCode}`);
      }
    });
    expect(calls).toEqual([]);
    // The answers are the ones expected of each (the comparison below checks the files' in full).
    expect(new Set(statuses)).toEqual(
      new Set([
        'GET /pass/assets/index-abc123.js 200',
        'GET /pass/assets/style-d4e5f6.css 200',
        'GET /pass/icon-192.png 200',
        'GET /pass/ 200',
        'GET /pass/index.html 200',
        'GET /pass/sw.js 200',
        'GET /pass/experiences 200',
        'GET /pass/login 200',
        'GET /pass/signup 200',
        'GET /pass/api/nope 404',
        'GET /pass/api/nope/deeper?x=1 404',
        'GET /pass/api 404',
        'GET /pass/assets/missing-1.js 404',
        'GET /pass/missing.png 404',
        'GET /pass/.vite/route-preloads.json 403',
        'HEAD /pass/assets/index-abc123.js 200',
        'HEAD /pass/login 200',
        'GET /pass/assets/index-abc123.js 304',
        'GET /pass/assets/index-abc123.js 206',
        'GET /pass/assets/index-abc123.js 416',
        'GET /pass/assets/index-abc123.js 412',
      ]),
    );
  });

  it('sends Pass Login made once, with its script named, compressed in each encoding', async () => {
    for (const encoding of [undefined, 'br', 'gzip'] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/pass/login',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toBe(encoding ? 'accept-encoding' : undefined);
      expect(res.headers['cache-control']).toBe('no-cache');
      const html = (
        encoding === 'br'
          ? brotliDecompressSync(res.rawPayload)
          : encoding === 'gzip'
            ? gunzip(res.rawPayload)
            : res.rawPayload
      ).toString('utf8');
      expect(html).toContain(
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/pass/assets/index-abc123.js"></head>',
      );
    }
  });

  /**
   * The web build as @fastify/static served it before issue 28 (with the app's error handler, for its 412):
   * what every answer of a file is compared with. Without the app's compress plugin, which had nothing to do
   * for a file with compressed siblings, and did two odd things to the others' streams, which the app no
   * longer does (decision 0036): it marked the 304 of a file without siblings (the icons) as compressed in the
   * client's encoding, and compressed small files of a compressible type without siblings (none in a build).
   */
  async function staticAsBefore(): Promise<FastifyInstance> {
    const before = Fastify();
    setupErrorHandler(before);
    await before.register(fastifyStatic, {
      root: webDist,
      prefix: '/pass/',
      preCompressed: true,
      index: ['index.html'],
      list: false,
      dotfiles: 'deny',
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlFor(path.relative(webDist, filePath)));
      },
    });
    await before.ready();
    return before;
  }

  /** The headers helmet adds to every answer of the app (test/security/headers.test.ts pins them). */
  const SECURITY_HEADERS = new Set([
    'content-security-policy',
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
    'origin-agent-cluster',
    'referrer-policy',
    'strict-transport-security',
    'x-content-type-options',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-frame-options',
    'x-permitted-cross-domain-policies',
    'x-xss-protection',
  ]);

  it('answers every file of the build as @fastify/static did, byte for byte, in every encoding', async () => {
    const before = await staticAsBefore();
    try {
      const files = [
        'index.html',
        'assets/index-abc123.js',
        'sw.js',
        'manifest.webmanifest',
        ...Object.keys(TEXT_FILES).filter((name) => !name.startsWith('.')),
        ...Object.keys(BINARY_FILES),
      ];
      let compared = 0;
      for (const file of files) {
        const url = `/pass/${file}`;
        for (const encoding of [
          undefined,
          'br',
          'gzip',
          'gzip, deflate, br, zstd',
          'deflate',
          'identity',
          '*',
        ]) {
          const accept: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
          const first = await before.inject({ method: 'GET', url, headers: accept });
          const etag = String(first.headers.etag);
          const modified = String(first.headers['last-modified']);
          const cases: Array<['GET' | 'HEAD', Record<string, string>]> = [
            ['GET', {}],
            ['HEAD', {}],
            ['GET', { 'if-none-match': etag }],
            ['GET', { 'if-none-match': `"other", ${etag}` }],
            ['GET', { 'if-none-match': etag, 'cache-control': 'no-cache' }],
            ['GET', { 'if-modified-since': modified }],
            ['GET', { 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' }],
            ['GET', { 'if-match': '"other"' }],
            ['GET', { 'if-match': etag }],
            ['GET', { 'if-unmodified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' }],
            ['GET', { range: 'bytes=0-9' }],
            ['GET', { range: 'bytes=-5' }],
            ['GET', { range: 'bytes=3-' }],
            ['GET', { range: 'bytes=0-1,5-9' }],
            ['GET', { range: 'bytes=0-9', 'if-range': etag }],
            ['GET', { range: 'bytes=0-9', 'if-range': '"other"' }],
          ];
          for (const [method, extra] of cases) {
            const headers = { ...accept, ...extra };
            const [was, now] = await Promise.all([
              before.inject({ method, url, headers }),
              t.app.inject({ method, url, headers }),
            ]);
            const label = `${method} ${url} ${JSON.stringify(headers)}`;
            const { date: _wasDate, ...wasHeaders } = was.headers;
            const { date: _nowDate, ...nowHeaders } = now.headers;
            expect(now.statusCode, label).toBe(was.statusCode);
            expect(
              Object.fromEntries(Object.entries(nowHeaders).filter(([name]) => !SECURITY_HEADERS.has(name))),
              label,
            ).toEqual(wasHeaders);
            expect(now.rawPayload.equals(was.rawPayload), label).toBe(true);
            compared++;
          }
          // And the whole body is the file of the encoding sent, as it is on disk.
          const now = await t.app.inject({ method: 'GET', url, headers: accept });
          const suffix = { br: '.br', gzip: '.gz' }[String(now.headers['content-encoding'])] ?? '';
          expect(now.rawPayload.equals(readFileSync(path.join(webDist, `${file}${suffix}`))), url).toBe(true);
        }
      }
      expect(compared).toBe(10 * 7 * 16);
    } finally {
      await before.close();
    }
  });

  it('names the size in a refused range (416), which @fastify/static left out', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/pass/assets/index-abc123.js',
      headers: { range: 'bytes=99999-' },
    });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(
      `bytes */${readFileSync(path.join(webDist, 'assets/index-abc123.js')).length}`,
    );
    expect(res.json().error.code).toBe('invalid_input');
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
