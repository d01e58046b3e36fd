import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getLocal,
  LOCAL_STORAGE_DEFAULT_EXPIRY_MS,
  localStorageKey,
  removeLocal,
  setLocal,
} from './local-storage';
import { clearVuexLocalStorage } from './session';

const START = new Date('2025-06-01T12:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ now: START, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('local-storage helper (spec 9)', () => {
  it('keeps a value for 1 hour by default, under the vuex- prefix, as JSON with its expiry', () => {
    expect(LOCAL_STORAGE_DEFAULT_EXPIRY_MS).toBe(3_600_000);
    expect(setLocal('filters', { venue: 301, open: true })).toBe(true);
    expect(localStorageKey('filters')).toBe('vuex-filters');
    expect(JSON.parse(window.localStorage.getItem('vuex-filters') ?? 'null')).toEqual({
      value: { venue: 301, open: true },
      expiresAt: START.getTime() + 3_600_000,
    });
    vi.setSystemTime(START.getTime() + 3_600_000 - 1);
    expect(getLocal('filters')).toEqual({ venue: 301, open: true });
  });

  it('reads an expired value as missing and removes it', () => {
    setLocal('filters', 'kept');
    vi.setSystemTime(START.getTime() + 3_600_000);
    expect(getLocal('filters')).toBeNull();
    expect(window.localStorage.getItem('vuex-filters')).toBeNull();
  });

  it('takes its own expiry', () => {
    setLocal('short', 1, { expiresInMs: 1000 });
    vi.setSystemTime(START.getTime() + 999);
    expect(getLocal('short')).toBe(1);
    vi.setSystemTime(START.getTime() + 1000);
    expect(getLocal('short')).toBeNull();
  });

  it('keeps falsy values apart from missing ones', () => {
    setLocal('zero', 0);
    setLocal('empty', '');
    setLocal('no', false);
    expect(getLocal('zero')).toBe(0);
    expect(getLocal('empty')).toBe('');
    expect(getLocal('no')).toBe(false);
    expect(getLocal('never-set')).toBeNull();
  });

  it('removes a value', () => {
    setLocal('filters', [1, 2]);
    removeLocal('filters');
    expect(getLocal('filters')).toBeNull();
  });

  it('reads a value of another format, or one the guard rejects, as missing', () => {
    window.localStorage.setItem('vuex-legacy', '{"cart":[1]}');
    window.localStorage.setItem('vuex-broken', '{not json');
    expect(getLocal('legacy')).toBeNull();
    expect(getLocal('broken')).toBeNull();
    setLocal('count', 'three');
    const isNumber = (value: unknown): value is number => typeof value === 'number';
    expect(getLocal('count', isNumber)).toBeNull();
    setLocal('count', 3);
    expect(getLocal('count', isNumber)).toBe(3);
  });

  it('is cleared by the staff clear-storage button (clearVuexLocalStorage), with nothing else', () => {
    setLocal('filters', 'x');
    window.localStorage.setItem('trailpass-install-prompt-dismissed', '1');
    clearVuexLocalStorage();
    expect(getLocal('filters')).toBeNull();
    expect(window.localStorage.getItem('trailpass-install-prompt-dismissed')).toBe('1');
  });

  it('never throws when storage is disabled', () => {
    const denied = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    try {
      expect(setLocal('filters', 'x')).toBe(false);
      expect(getLocal('filters')).toBeNull();
      expect(() => removeLocal('filters')).not.toThrow();
    } finally {
      // Before the shared afterEach clears storage.
      denied.mockRestore();
    }
  });

  it('when storage is full, makes room by removing expired values, else reports it could not store', () => {
    // jsdom allows 5,000,000 characters per origin, as browsers do.
    const big = 'x'.repeat(2_600_000);
    expect(setLocal('old', big, { expiresInMs: 1000 })).toBe(true);
    vi.setSystemTime(START.getTime() + 2000);
    // Does not fit next to the expired value: that one is removed to make room.
    expect(setLocal('new', big)).toBe(true);
    expect(window.localStorage.getItem('vuex-old')).toBeNull();
    expect(getLocal('new')).toBe(big);
    // Nothing has expired now: it cannot be stored, and nothing throws.
    expect(setLocal('another', big)).toBe(false);
    expect(getLocal('another')).toBeNull();
    expect(getLocal('new')).toBe(big);
  });

  it('does not store what JSON cannot hold', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(setLocal('cyclic', cyclic)).toBe(false);
  });
});
