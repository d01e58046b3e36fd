import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { CONSOLE_CSP } from '../../src/console/static';
import { type Database, openTestDatabase } from '../../src/db/client';

let database: Database;
let dist: string;
let built: FastifyInstance;
let unbuilt: FastifyInstance;

const INDEX =
  '<!doctype html><html><head><title>Console</title><script type="module" src="/console/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  database = await openTestDatabase();
  dist = await mkdtemp(path.join(tmpdir(), 'trailpass-console-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'assets', 'index-abc.js'), 'console.log("console");');
  built = await buildApp({ db: database.db, mediaDir: path.join(dist, '..', 'media-c'), consoleDist: dist });
  unbuilt = await buildApp({
    db: database.db,
    mediaDir: path.join(dist, '..', 'media-c'),
    consoleDist: path.join(dist, 'nothing'),
  });
});

afterAll(async () => {
  await built?.close();
  await unbuilt?.close();
  await database?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the console build under /console/', () => {
  it('serves index.html with the console policy, and falls back to it for the console’s pages', async () => {
    for (const url of ['/console/', '/console/holders/12', '/console/reset-password?token=abc']) {
      const res = await built.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-security-policy']).toBe(CONSOLE_CSP);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
    expect(CONSOLE_CSP).toContain("script-src 'self'");
    expect(CONSOLE_CSP).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('serves the build’s files, immutable, and a 404 for a missing one', async () => {
    const js = await built.inject({ method: 'GET', url: '/console/assets/index-abc.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toContain('immutable');
    const missing = await built.inject({ method: 'GET', url: '/console/assets/gone.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('redirects /console to /console/', async () => {
    const res = await built.inject({ method: 'GET', url: '/console' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/console/');
  });

  it('answers an unknown /console/api path with the console API’s 404, not the page', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await built.inject({ method, url: '/console/api/offers/1/nothing' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('starts without the build: its paths are a 404 that says so, and the API answers', async () => {
    const page = await unbuilt.inject({ method: 'GET', url: '/console/' });
    expect(page.statusCode).toBe(404);
    expect(page.json().error.message).toMatch(/not built/);
    const api = await unbuilt.inject({ method: 'GET', url: '/console/api/session' });
    expect(api.statusCode).toBe(401);
  });
});
