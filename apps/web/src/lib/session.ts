import { useSyncExternalStore } from 'react';

/**
 * Per-session browser state (spec 1): the token comes from query `t`; only the orders and the cart
 * are persisted, in sessionStorage under a key built from the token (`NO-TOKEN` when absent).
 */

export const TOKEN_QUERY = 't';
export const NO_TOKEN = 'NO-TOKEN';
export const SESSION_KEY_PREFIX = 'trailpass:';
/** Local-storage keys of the previous app's persisted state; the clear-storage button removes them. */
export const VUEX_PREFIX = 'vuex-';

// getToken is called by every query's options on every render; the query string rarely changes, so the
// last one's answer is kept rather than parsed again each time.
let lastSearch: string | null = null;
let lastToken: string | null = null;

export function getToken(search: string = window.location.search): string | null {
  if (search !== lastSearch) {
    const token = new URLSearchParams(search).get(TOKEN_QUERY);
    lastToken = token ? token : null;
    lastSearch = search;
  }
  return lastToken;
}

/** The page query with `t` set to `token`; every other parameter is kept, in its place. */
export function searchWithToken(search: string, token: string): string {
  const params = new URLSearchParams(search);
  params.set(TOKEN_QUERY, token);
  return `?${params.toString()}`;
}

/** Moves the app to the same page with another query, without a new history entry. */
type SearchReplacer = (search: string) => Promise<void>;

/** The address bar alone; main.tsx hands over to the router once it exists (replaceTokensThrough). */
let replaceSearch: SearchReplacer = async (search) => {
  const { pathname, hash } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}${hash}`);
};

/** What replaceTokensThrough needs of the app's data router (react-router's createBrowserRouter). */
export interface TokenRouter {
  state: { location: { hash: string } };
  navigate(
    to: { search: string; hash: string },
    options: { replace: true; preventScrollReset: true },
  ): Promise<void>;
}

/**
 * Token replacements go through `router` (which uses history.replaceState), so that its location, which every
 * link and redirect copies t from, changes with the address bar; they resolve once the router is there.
 */
export function replaceTokensThrough(router: TokenRouter): void {
  replaceSearch = (search) =>
    // No pathname: the current one, which the router resolves within its basename.
    router.navigate(
      { search, hash: router.state.location.hash },
      { replace: true, preventScrollReset: true },
    );
}

/**
 * Replaces `t` in the address bar (history.replaceState: the path, the other parameters and the history
 * entry stay), so that getToken(), every later call, a reload and the installed app's start URL (the
 * manifest link follows the token) all use `token` from now on. Decision 0022: a public link's visitor token.
 */
export function replaceToken(token: string): Promise<void> {
  return replaceSearch(searchWithToken(window.location.search, token));
}

export function sessionStorageKey(token: string | null): string {
  return `${SESSION_KEY_PREFIX}${token ?? NO_TOKEN}`;
}

export type CartItemType = 'product' | 'deal' | 'package';
export type DeliveryMethod = 'shipped' | 'picked_up';

/** One line of the one-item cart (spec 4). */
export interface StoredCartItem {
  itemId: number;
  itemType: CartItemType;
  attributeId: number | null;
  dealId: number | null;
  deliveryMethod: DeliveryMethod | null;
}

export interface StoredCart {
  /** The active (draft) order, or null before one is created. */
  orderId: number | null;
  items: StoredCartItem[];
  /** When the order expires (ISO date-time), or null without an order. */
  expiresAt: string | null;
}

/** A cached order of this session (orders are re-read from the server when shown). */
export interface StoredOrder {
  id: number;
  status: string;
}

interface StoredSession {
  orders: StoredOrder[];
  cart: StoredCart;
}

export const EMPTY_CART: StoredCart = Object.freeze({
  orderId: null,
  items: [],
  expiresAt: null,
}) as StoredCart;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readCart(value: unknown): StoredCart {
  if (!isRecord(value) || !Array.isArray(value.items)) return EMPTY_CART;
  return {
    orderId: typeof value.orderId === 'number' ? value.orderId : null,
    items: value.items.filter(
      (item): item is StoredCartItem => isRecord(item) && typeof item.itemId === 'number',
    ),
    expiresAt: typeof value.expiresAt === 'string' ? value.expiresAt : null,
  };
}

function readOrders(value: unknown): StoredOrder[] {
  if (!Array.isArray(value)) return [];
  return value.filter((order): order is StoredOrder => isRecord(order) && typeof order.id === 'number');
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be disabled (private mode, sandboxed frames): run without persistence.
    return null;
  }
}

function read(token: string | null): StoredSession {
  const raw = storage()?.getItem(sessionStorageKey(token));
  if (!raw) return { orders: [], cart: EMPTY_CART };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed)) return { orders: [], cart: EMPTY_CART };
    return { orders: readOrders(parsed.orders), cart: readCart(parsed.cart) };
  } catch {
    return { orders: [], cart: EMPTY_CART };
  }
}

const listeners = new Set<() => void>();
function notify() {
  for (const listener of listeners) listener();
}

function write(token: string | null, next: StoredSession) {
  try {
    storage()?.setItem(sessionStorageKey(token), JSON.stringify(next));
  } catch {
    // Quota or disabled storage: the in-page state still works for this page load.
  }
  notify();
}

export function getCart(token: string | null = getToken()): StoredCart {
  return read(token).cart;
}

export function setCart(cart: StoredCart, token: string | null = getToken()): void {
  write(token, { ...read(token), cart });
}

export function getOrders(token: string | null = getToken()): StoredOrder[] {
  return read(token).orders;
}

export function setOrders(orders: StoredOrder[], token: string | null = getToken()): void {
  write(token, { ...read(token), orders });
}

/** Removes the stored orders and cart of this token. */
export function clearSessionState(token: string | null = getToken()): void {
  storage()?.removeItem(sessionStorageKey(token));
  notify();
}

/** Removes local-storage keys with the `vuex-` prefix (spec 9). */
export function clearVuexLocalStorage(): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < window.localStorage.length; i += 1) {
      const key = window.localStorage.key(i);
      if (key?.startsWith(VUEX_PREFIX)) keys.push(key);
    }
    for (const key of keys) window.localStorage.removeItem(key);
  } catch {
    // Storage disabled: nothing to clear.
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(SESSION_KEY_PREFIX)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Number of items in the stored cart, kept in step with every setCart. */
export function useCartCount(): number {
  return useSyncExternalStore(subscribe, () => getCart().items.length);
}
