import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeFakeWebDist, type TestApp } from './helpers';

// The web build's list of each page's scripts (apps/web/src/build/route-preloads.ts), which the server names
// in that page's index.html as modulepreload hints (decision 0025, round two).
const ROUTES = {
  routes: [
    { path: '/login', files: ['/pass/assets/LoginPage-1.js'] },
    { path: '/experiences', files: ['/pass/assets/ThemedShell-1.js', '/pass/assets/ExperiencesPage-1.js'] },
    { path: '/orderdetails/:orderId', files: ['/pass/assets/ThemedShell-1.js', '/pass/assets/Order-1.js'] },
    { path: '/experiences/venue/:venueId/:tab?', files: ['/pass/assets/VenuePage-1.js'] },
  ],
};

let t: TestApp;
let bare: TestApp;
let webDist: string;
let plainDist: string;

beforeAll(async () => {
  webDist = await makeFakeWebDist();
  await mkdir(path.join(webDist, '.vite'));
  await writeFile(path.join(webDist, '.vite', 'route-preloads.json'), JSON.stringify(ROUTES));
  plainDist = await makeFakeWebDist();
  t = await createTestApp({ importDemo: false, webDist });
  bare = await createTestApp({ importDemo: false, webDist: plainDist });
});

afterAll(async () => {
  await t?.close();
  await bare?.close();
  await rm(webDist, { recursive: true, force: true });
  await rm(plainDist, { recursive: true, force: true });
});

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)">/g)].map(
    (match) => match[1],
  );

describe('modulepreload hints in a page’s index.html', () => {
  it('names the page’s scripts in its head, and only for that page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pass/experiences?t=abc' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(preloads(res.body)).toEqual([
      '/pass/assets/ThemedShell-1.js',
      '/pass/assets/ExperiencesPage-1.js',
    ]);
    // In the head, before the page's body; every hint at low priority, behind the entry.
    expect(res.body.indexOf('modulepreload')).toBeLessThan(res.body.indexOf('</head>'));
    expect(res.body.match(/rel="modulepreload"/g)).toHaveLength(2);
    expect(res.body).toContain('<div id="root">');

    const login = await t.app.inject({ method: 'GET', url: '/pass/login?t=abc' });
    expect(preloads(login.body)).toEqual(['/pass/assets/LoginPage-1.js']);
  });

  it('matches routes with parameters, optional ones too, and not longer paths', async () => {
    const order = await t.app.inject({ method: 'GET', url: '/pass/orderdetails/77' });
    expect(preloads(order.body)).toEqual(['/pass/assets/ThemedShell-1.js', '/pass/assets/Order-1.js']);
    for (const url of ['/pass/experiences/venue/5', '/pass/experiences/venue/5/2']) {
      const venue = await t.app.inject({ method: 'GET', url });
      expect(preloads(venue.body), url).toEqual(['/pass/assets/VenuePage-1.js']);
    }
    for (const url of ['/pass/orderdetails', '/pass/orderdetails/77/more', '/pass/explore', '/pass/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(preloads(res.body), url).toEqual([]);
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('keeps the page policy and compresses the page', async () => {
    const hinted = await t.app.inject({
      method: 'GET',
      url: '/pass/experiences?t=abc',
      headers: { 'accept-encoding': 'br' },
    });
    const plain = await bare.app.inject({
      method: 'GET',
      url: '/pass/experiences?t=abc',
      headers: { 'accept-encoding': 'br' },
    });
    expect(hinted.headers['content-security-policy']).toBeTruthy();
    expect(hinted.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
    expect(hinted.headers['content-encoding']).toBe('br');
    expect(preloads(brotliDecompressSync(hinted.rawPayload).toString())).toHaveLength(2);
  });

  it('serves the plain index.html when the build has no list', async () => {
    const res = await bare.app.inject({ method: 'GET', url: '/pass/experiences' });
    expect(res.statusCode).toBe(200);
    expect(preloads(res.body)).toEqual([]);
    expect(res.body).toContain('<div id="root">');
  });
});
