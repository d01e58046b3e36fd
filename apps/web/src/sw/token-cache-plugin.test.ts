import { describe, expect, it } from 'vitest';
import type { WorkboxPlugin } from 'workbox-core/types';
import { HIDDEN_TIMER } from './ticket-timers';
import { hashToken, tokenCacheKey } from './token-cache-key';
import {
  CACHED_AT_HEADER,
  forgetToken,
  forgetTokenOnSessionChange,
  tokenCachePlugin,
} from './token-cache-plugin';

const ORIGIN = 'https://pass.example';
const AVA = 'demo-ava-brew-7Qx2mK9pL4vN8rT1';
const NOAH = 'demo-noah-empty-8Rb1cT6mW4xK2zL7';
const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);

const dataRequest = (token?: string) =>
  new Request(`${ORIGIN}/pass/api/data`, token ? { headers: { 'X-Pass-Token': token } } : {});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Encoding': 'gzip' },
  });

/** The plugin's callbacks as Workbox calls them (only the arguments they read). */
function callbacks(plugin: WorkboxPlugin) {
  const { cacheKeyWillBeUsed, cacheWillUpdate, cachedResponseWillBeUsed } = plugin;
  if (!cacheKeyWillBeUsed || !cacheWillUpdate || !cachedResponseWillBeUsed)
    throw new Error('missing callback');
  return {
    key: async (request: Request) => {
      const key = await cacheKeyWillBeUsed({ request, mode: 'read', state: {} } as never);
      return typeof key === 'string' ? key : key.url;
    },
    store: (request: Request, response: Response) =>
      cacheWillUpdate({ request, response, state: {} } as never) as Promise<Response | null>,
    serve: (key: string, cachedResponse: Response | undefined) =>
      cachedResponseWillBeUsed({
        request: new Request(key),
        cachedResponse,
        cacheName: 'api',
        state: {},
      } as never) as Promise<Response | null>,
  };
}

describe('tokenCachePlugin', () => {
  it('stores under the token key, which differs for each token', async () => {
    const plugin = callbacks(tokenCachePlugin());
    expect(await plugin.key(dataRequest(AVA))).toBe(await tokenCacheKey(dataRequest(AVA)));
    expect(await plugin.key(dataRequest(AVA))).not.toBe(await plugin.key(dataRequest(NOAH)));
  });

  it('keeps a 200 with the time it was stored, and nothing else', async () => {
    let now = T0;
    const plugin = callbacks(tokenCachePlugin(() => now));
    const stored = await plugin.store(dataRequest(AVA), json({ ok: true }));
    expect(stored?.status).toBe(200);
    expect(stored?.headers.get(CACHED_AT_HEADER)).toBe(String(T0));
    // The body is already decoded: it must not claim an encoding any more.
    expect(stored?.headers.get('Content-Encoding')).toBeNull();
    expect(await stored?.json()).toEqual({ ok: true });

    now += 1000;
    expect(await plugin.store(dataRequest(AVA), json({ error: {} }, 401))).toBeNull();
    expect(await plugin.store(dataRequest(AVA), json({ error: {} }, 500))).toBeNull();
    expect(await plugin.store(dataRequest(AVA), new Response(null, { status: 204 }))).toBeNull();
  });

  it('never stores an answer to a request without a token', async () => {
    const plugin = callbacks(tokenCachePlugin());
    expect(await plugin.store(dataRequest(), json({ ok: true }))).toBeNull();
  });

  it('never serves an entry found under a key without a token hash', async () => {
    const plugin = callbacks(tokenCachePlugin());
    expect(await plugin.serve(`${ORIGIN}/pass/api/data`, json({ ok: true }))).toBeNull();
    expect(await plugin.serve(await plugin.key(dataRequest(AVA)), undefined)).toBeNull();
  });

  it('serves a kept answer with its ticket timers counted down by the time it was kept', async () => {
    let now = T0;
    const plugin = callbacks(tokenCachePlugin(() => now));
    const body = { order_products: [{ id: 1, ticket: { id: 1, order_product_id: 1, timer: 540 } }] };
    const stored = await plugin.store(dataRequest(AVA), json(body));
    const key = await plugin.key(dataRequest(AVA));

    now = T0 + 120_000;
    const served = await plugin.serve(key, stored?.clone());
    expect(served?.status).toBe(200);
    expect(await served?.json()).toEqual({
      order_products: [{ id: 1, ticket: { id: 1, order_product_id: 1, timer: 420 } }],
    });

    now = T0 + 600_000;
    const later = await plugin.serve(key, stored?.clone());
    expect(await later?.json()).toEqual({
      order_products: [{ id: 1, ticket: { id: 1, order_product_id: 1, timer: HIDDEN_TIMER } }],
    });
  });
});

/** A cache with only the two calls forgetToken makes. */
function memoryCache(urls: string[]) {
  const entries = new Set(urls);
  return {
    urls: () => [...entries],
    keys: async () => [...entries].map((url) => new Request(url)),
    delete: async (request: RequestInfo | URL) =>
      entries.delete(request instanceof Request ? request.url : String(request)),
  };
}

describe('forgetToken', () => {
  it('deletes the kept answers of one token and keeps every other', async () => {
    const ava = (await tokenCacheKey(dataRequest(AVA))) ?? '';
    const noah = (await tokenCacheKey(dataRequest(NOAH))) ?? '';
    const avaPoints = `${ORIGIN}/pass/api/partnerUser/1001/points/current?sw-token-sha256=${await hashToken(AVA)}`;
    const cache = memoryCache([ava, avaPoints, noah, `${ORIGIN}/pass/media/growler.svg`]);
    await forgetToken(cache as unknown as Cache, AVA);
    expect(cache.urls()).toEqual([noah, `${ORIGIN}/pass/media/growler.svg`]);
  });
});

describe('forgetTokenOnSessionChange', () => {
  const logout = (token: string) =>
    new Request(`${ORIGIN}/pass/api/logout`, { method: 'POST', headers: { 'X-Pass-Token': token } });

  it('forgets the token once the server has signed it out, and hands the answer on', async () => {
    const ava = (await tokenCacheKey(dataRequest(AVA))) ?? '';
    const noah = (await tokenCacheKey(dataRequest(NOAH))) ?? '';
    const cache = memoryCache([ava, noah]);
    const plugin = forgetTokenOnSessionChange(async () => cache as unknown as Cache);
    const answer = json({ ok: true });
    const handed = await plugin.fetchDidSucceed?.({ request: logout(AVA), response: answer } as never);
    expect(handed).toBe(answer);
    expect(cache.urls()).toEqual([noah]);
  });

  it('keeps the kept answers when the server refused the change', async () => {
    const ava = (await tokenCacheKey(dataRequest(AVA))) ?? '';
    const cache = memoryCache([ava]);
    const plugin = forgetTokenOnSessionChange(async () => cache as unknown as Cache);
    await plugin.fetchDidSucceed?.({ request: logout(AVA), response: json({ error: {} }, 404) } as never);
    expect(cache.urls()).toEqual([ava]);
  });
});
