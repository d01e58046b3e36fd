import { describe, expect, it } from 'vitest';
import {
  hashToken,
  LANGUAGE_PARAM,
  readOfKey,
  requestLanguageOf,
  requestToken,
  TOKEN_HASH_PARAM,
  tokenCacheKey,
  tokenHashOfKey,
} from './token-cache-key';

const ORIGIN = 'https://pass.example';
const AVA = 'demo-ava-brew-7Qx2mK9pL4vN8rT1';
const NOAH = 'demo-noah-empty-8Rb1cT6mW4xK2zL7';

function apiRequest(path: string, token?: string, language?: string): Request {
  const headers: Record<string, string> = {};
  if (token) headers['X-Pass-Token'] = token;
  if (language !== undefined) headers['X-Pass-Language'] = language;
  return new Request(`${ORIGIN}${path}`, { headers });
}

describe('requestToken', () => {
  it('reads the X-Pass-Token header, else ?t=, as the server does', () => {
    expect(requestToken(apiRequest('/pass/api/data', AVA))).toBe(AVA);
    expect(requestToken(apiRequest(`/pass/api/data?t=${NOAH}`))).toBe(NOAH);
    expect(requestToken(apiRequest(`/pass/api/data?t=${NOAH}`, AVA))).toBe(AVA);
  });

  it('is null without a token, or with an empty one', () => {
    expect(requestToken(apiRequest('/pass/api/data'))).toBeNull();
    expect(requestToken(apiRequest('/pass/api/data?t='))).toBeNull();
  });
});

describe('hashToken', () => {
  it('is the hex SHA-256 of the token', async () => {
    expect(await hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('tokenCacheKey', () => {
  it('gives the same URL a different key for each token', async () => {
    const ava = await tokenCacheKey(apiRequest('/pass/api/data', AVA));
    const noah = await tokenCacheKey(apiRequest('/pass/api/data', NOAH));
    expect(ava).not.toBeNull();
    expect(noah).not.toBeNull();
    expect(ava).not.toBe(noah);
  });

  it('puts the hash of the token in the key, never the token', async () => {
    const key = await tokenCacheKey(apiRequest(`/pass/api/data?t=${AVA}`, AVA));
    expect(key).not.toContain(AVA);
    expect(key).toBe(
      `${ORIGIN}/pass/api/data?${LANGUAGE_PARAM}=&${TOKEN_HASH_PARAM}=${await hashToken(AVA)}`,
    );
    expect(tokenHashOfKey(key ?? '')).toBe(await hashToken(AVA));
  });

  it('finds the same entry whether the token came in the header or the query', async () => {
    const path = '/pass/api/partnerUser/1001/points/current?offerId=101&dealId=201';
    expect(await tokenCacheKey(apiRequest(`${path}&t=${AVA}`))).toBe(
      await tokenCacheKey(apiRequest(path, AVA)),
    );
  });

  it('keys by the header token when the query names another one, as the server answers for the header', async () => {
    expect(await tokenCacheKey(apiRequest(`/pass/api/data?t=${NOAH}`, AVA))).toBe(
      await tokenCacheKey(apiRequest('/pass/api/data', AVA)),
    );
  });

  it('keeps the rest of the query, in one order, so another deal or page is another entry', async () => {
    const a = await tokenCacheKey(apiRequest('/pass/api/x?offerId=101&dealId=201', AVA));
    const b = await tokenCacheKey(apiRequest('/pass/api/x?dealId=201&offerId=101', AVA));
    const c = await tokenCacheKey(apiRequest('/pass/api/x?offerId=101&dealId=202', AVA));
    expect(a).toBe(b);
    expect(a).not.toBe(c);
    expect(new URL(a ?? '').searchParams.get('dealId')).toBe('201');
  });

  it('cannot be steered to another token by a hash parameter in the request', async () => {
    const forged = `/pass/api/data?${TOKEN_HASH_PARAM}=${await hashToken(AVA)}`;
    expect(await tokenCacheKey(apiRequest(forged, NOAH))).toBe(
      await tokenCacheKey(apiRequest('/pass/api/data', NOAH)),
    );
  });

  it('gives the same read a different key for each language it is asked in (X-Pass-Language)', async () => {
    const path =
      '/pass/api/partnerUser/1001/modules/assignment/offer/assignmentId/101/location/pass?offerId=101';
    const keys = await Promise.all(
      ['es', 'de', 'en', undefined].map((language) => tokenCacheKey(apiRequest(path, AVA, language))),
    );
    expect(new Set(keys).size).toBe(4);
    expect(new URL(keys[0] ?? '').searchParams.get(LANGUAGE_PARAM)).toBe('es');
    // Each of them still the token's only.
    for (const key of keys) expect(tokenHashOfKey(key ?? '')).toBe(await hashToken(AVA));
  });

  it('keys a request without a usable language as one without any, as the server ignores it', async () => {
    const none = await tokenCacheKey(apiRequest('/pass/api/data', AVA));
    expect(new URL(none ?? '').searchParams.get(LANGUAGE_PARAM)).toBe('');
    for (const ignored of ['', 'ES', 'es-MX', 'xx', 'es, fr']) {
      expect(await tokenCacheKey(apiRequest('/pass/api/data', AVA, ignored)), ignored).toBe(none);
    }
  });

  it('cannot be steered to another language by a language parameter in the request', async () => {
    expect(await tokenCacheKey(apiRequest(`/pass/api/data?${LANGUAGE_PARAM}=de`, AVA, 'es'))).toBe(
      await tokenCacheKey(apiRequest('/pass/api/data', AVA, 'es')),
    );
  });

  it('is null for a request without a token, which is never cached', async () => {
    expect(await tokenCacheKey(apiRequest('/pass/api/data'))).toBeNull();
  });
});

describe('requestLanguageOf', () => {
  it('reads X-Pass-Language as the server does: a pass language, else none', () => {
    expect(requestLanguageOf(apiRequest('/pass/api/data', AVA, 'de'))).toBe('de');
    expect(requestLanguageOf(apiRequest('/pass/api/data', AVA, 'DE'))).toBe('');
    expect(requestLanguageOf(apiRequest('/pass/api/data', AVA))).toBe('');
  });
});

describe('readOfKey', () => {
  it('is the same for one read of one token in every language, and differs for another token', async () => {
    const reads = await Promise.all(
      [apiRequest('/pass/api/data', AVA, 'es'), apiRequest('/pass/api/data', AVA)].map(tokenCacheKey),
    );
    expect(readOfKey(reads[0] ?? '')).toBe(readOfKey(reads[1] ?? ''));
    // A key kept before the language was in it is the same read too.
    const before = `${ORIGIN}/pass/api/data?${TOKEN_HASH_PARAM}=${await hashToken(AVA)}`;
    expect(readOfKey(before)).toBe(readOfKey(reads[0] ?? ''));
    const noah = await tokenCacheKey(apiRequest('/pass/api/data', NOAH, 'es'));
    expect(readOfKey(noah ?? '')).not.toBe(readOfKey(reads[0] ?? ''));
  });
});

describe('tokenHashOfKey', () => {
  it('is null for a key of another kind', () => {
    expect(tokenHashOfKey(`${ORIGIN}/pass/media/growler.svg`)).toBeNull();
  });
});
