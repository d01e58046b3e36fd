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

const dataRequest = (token?: string, language?: string) =>
  new Request(`${ORIGIN}/pass/api/data`, {
    headers: {
      ...(token ? { 'X-Pass-Token': token } : {}),
      ...(language ? { 'X-Pass-Language': language } : {}),
    },
  });

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
    serve: (key: string, cachedResponse: Response | undefined, cacheName = 'api') =>
      cachedResponseWillBeUsed({
        request: new Request(key),
        cachedResponse,
        cacheName,
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
    const cache = answerCache([[`${ORIGIN}/pass/api/data`, json({ ok: true })]]);
    const plugin = callbacks(tokenCachePlugin(Date.now, cache.open));
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

/** A cache of kept answers, with the two calls a look-up in another language makes. */
function answerCache(entries: Array<[string, Response]>) {
  const opened: string[] = [];
  const cache = {
    keys: async () => entries.map(([url]) => new Request(url)),
    match: async (request: RequestInfo | URL) => {
      const url = request instanceof Request ? request.url : String(request);
      return entries.find(([key]) => key === url)?.[1].clone();
    },
  };
  return {
    opened,
    open: async (name: string) => {
      opened.push(name);
      return cache;
    },
  };
}

describe('tokenCachePlugin in another language', () => {
  const PATH = '/pass/api/partnerUser/1001/points/current?offerId=101';
  const points = (token: string, language?: string, path = PATH) =>
    new Request(`${ORIGIN}${path}`, {
      headers: { 'X-Pass-Token': token, ...(language ? { 'X-Pass-Language': language } : {}) },
    });

  /** The answers kept for each (request, body, time of storing), by the plugin's own key and stamp. */
  async function kept(answers: Array<[Request, unknown, number]>) {
    const entries: Array<[string, Response]> = [];
    for (const [request, body, at] of answers) {
      const plugin = callbacks(tokenCachePlugin(() => at));
      const stored = await plugin.store(request, json(body));
      if (!stored) throw new Error('not stored');
      entries.push([await plugin.key(request), stored]);
    }
    return answerCache(entries);
  }

  it('keeps each language under its own key, and serves the asked one before a later one in another', async () => {
    const plugin = callbacks(tokenCachePlugin());
    const spanish = await plugin.key(points(AVA, 'es'));
    expect(spanish).not.toBe(await plugin.key(points(AVA, 'de')));
    expect(spanish).not.toBe(await plugin.key(points(AVA)));
    const cache = await kept([
      [points(AVA, 'es'), { points: 'es' }, T0],
      [points(AVA, 'de'), { points: 'de' }, T0 + 1000],
    ]);
    const served = callbacks(tokenCachePlugin(() => T0 + 2000, cache.open));
    // What Workbox found under the Spanish key.
    const found = await (await cache.open('api')).match(spanish);
    expect(await (await served.serve(spanish, found))?.json()).toEqual({ points: 'es' });
  });

  it('serves the same read of the same token last kept in another language when the asked one never was', async () => {
    const cache = await kept([
      [points(AVA, 'es'), { points: 'es' }, T0],
      [points(AVA, 'de'), { points: 'de' }, T0 + 1000],
      // Another token's, and another read's, later still: never these.
      [points(NOAH, 'fr'), { points: 'noah' }, T0 + 2000],
      [
        points(AVA, 'fr', '/pass/api/partnerUser/1001/points/current?offerId=102'),
        { points: 'other' },
        T0 + 3000,
      ],
    ]);
    const plugin = callbacks(tokenCachePlugin(() => T0 + 5000, cache.open));
    // Switched to French offline, and an English browser's first /data-like read without a language.
    for (const request of [points(AVA, 'fr'), points(AVA)]) {
      const served = await plugin.serve(await plugin.key(request), undefined, 'trailpass-api-v1');
      expect(await served?.json()).toEqual({ points: 'de' });
    }
    expect(cache.opened).toEqual(['trailpass-api-v1', 'trailpass-api-v1']);
    // Noah's link finds his own in another language, never Ava's.
    const noah = await plugin.serve(await plugin.key(points(NOAH, 'es')), undefined);
    expect(await noah?.json()).toEqual({ points: 'noah' });
    const empty = callbacks(tokenCachePlugin(() => T0, (await kept([])).open));
    expect(await empty.serve(await empty.key(points(AVA, 'fr')), undefined)).toBeNull();
  });

  it('serves an answer kept before the language was in the key, and ages its ticket timers too', async () => {
    const body = { order_products: [{ id: 1, ticket: { id: 1, order_product_id: 1, timer: 540 } }] };
    const withoutLanguage = `${ORIGIN}/pass/api/data?sw-token-sha256=${await hashToken(AVA)}`;
    const stored = await callbacks(tokenCachePlugin(() => T0)).store(dataRequest(AVA), json(body));
    const cache = answerCache([[withoutLanguage, stored as Response]]);
    const plugin = callbacks(tokenCachePlugin(() => T0 + 120_000, cache.open));
    const served = await plugin.serve(await plugin.key(dataRequest(AVA, 'es')), undefined);
    expect(served).not.toBeNull();
    expect((await (served as Response).json()).order_products[0].ticket.timer).toBe(420);
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
