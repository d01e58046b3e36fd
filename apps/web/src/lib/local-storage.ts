import { VUEX_PREFIX } from './session';

/**
 * Spec 9 local-storage helper: values kept in localStorage with an expiry, 1 hour by default. They are
 * stored under the `vuex-` prefix, the previous app's persisted state, so the staff clear-storage button
 * (session.ts clearVuexLocalStorage) clears them with the rest. Each value is JSON with its expiry; an
 * expired one reads as missing and is removed. Disabled or full storage never throws: a value that cannot
 * be kept is simply not there next time.
 */

/** Spec 9: the default expiry, 1 hour. */
export const LOCAL_STORAGE_DEFAULT_EXPIRY_MS = 3_600_000;

interface StoredValue {
  value: unknown;
  /** Epoch milliseconds after which the value is gone. */
  expiresAt: number;
}

export function localStorageKey(key: string): string {
  return `${VUEX_PREFIX}${key}`;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Disabled storage (private mode, blocked cookies) throws on access.
    return null;
  }
}

function parse(raw: string): StoredValue | null {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'expiresAt' in parsed &&
      typeof parsed.expiresAt === 'number' &&
      'value' in parsed
    ) {
      return { value: parsed.value, expiresAt: parsed.expiresAt };
    }
  } catch {
    // Not ours, or damaged: treated as missing.
  }
  return null;
}

function removeRaw(store: Storage, fullKey: string): void {
  try {
    store.removeItem(fullKey);
  } catch {
    // Nothing more to do.
  }
}

/** Removes every expired (or unreadable) value of this helper, to make room when storage is full. */
function removeExpired(store: Storage, now: number): void {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key?.startsWith(VUEX_PREFIX)) keys.push(key);
  }
  for (const key of keys) {
    const raw = store.getItem(key);
    const stored = raw === null ? null : parse(raw);
    if (!stored || stored.expiresAt <= now) removeRaw(store, key);
  }
}

export interface SetLocalOptions {
  /** How long the value lives; LOCAL_STORAGE_DEFAULT_EXPIRY_MS by default. */
  expiresInMs?: number;
}

/**
 * Keeps `value` (anything JSON can hold) for `expiresInMs`. False when it could not be stored: disabled
 * storage, or storage still full after the expired values were removed.
 */
export function setLocal(key: string, value: unknown, options: SetLocalOptions = {}): boolean {
  const store = storage();
  if (!store) return false;
  const now = Date.now();
  let raw: string;
  try {
    raw = JSON.stringify({
      value,
      expiresAt: now + (options.expiresInMs ?? LOCAL_STORAGE_DEFAULT_EXPIRY_MS),
    } satisfies StoredValue);
  } catch {
    return false;
  }
  const fullKey = localStorageKey(key);
  try {
    store.setItem(fullKey, raw);
    return true;
  } catch {
    // Full: make room by dropping what has expired, then try once more.
  }
  try {
    removeExpired(store, now);
    store.setItem(fullKey, raw);
    return true;
  } catch {
    return false;
  }
}

/**
 * The value stored under `key`, or null when there is none, it has expired (it is removed then), it is not
 * this helper's format, or `isValid` rejects it.
 */
export function getLocal<T = unknown>(key: string, isValid?: (value: unknown) => value is T): T | null {
  const store = storage();
  if (!store) return null;
  const fullKey = localStorageKey(key);
  let raw: string | null;
  try {
    raw = store.getItem(fullKey);
  } catch {
    return null;
  }
  if (raw === null) return null;
  const stored = parse(raw);
  if (!stored || stored.expiresAt <= Date.now()) {
    removeRaw(store, fullKey);
    return null;
  }
  if (isValid && !isValid(stored.value)) return null;
  return stored.value as T;
}

export function removeLocal(key: string): void {
  const store = storage();
  if (store) removeRaw(store, localStorageKey(key));
}
