import { useSyncExternalStore } from 'react';
import {
  type CartItemType,
  clearSessionState,
  type DeliveryMethod,
  EMPTY_CART,
  getCart,
  getToken,
  SESSION_KEY_PREFIX,
  type StoredCart,
  type StoredCartItem,
  sessionStorageKey,
  setCart,
  useCartCount,
} from '../../lib/session';

/**
 * The client side of the one-item cart (spec 1 and 4): kept in sessionStorage under the token's key by
 * lib/session (only orders and cart are persisted), so it survives a reload and is per pass. Zod-free and
 * React-light: the shell's My Bag badge reads its count through lib/session's useCartCount.
 */

export type { CartItemType, DeliveryMethod };

/**
 * The pickup slot the holder chose for a pickup reward with availability (spec 7 Availability): a
 * wall-clock date and time in the entry's time zone, at a pickup point (null when the entry has none),
 * with the names My Bag shows. Kept with the item so a reload keeps it; stored on the server with
 * `POST /partnerUser/{id}/itemDates` once the order is completed (the call takes completed orders' items).
 */
export interface PickupSlot {
  /** YYYY-MM-DD in `timezone`. */
  date: string;
  /** HH:MM in `timezone`. */
  time: string;
  timezone: string;
  pickupPointId: number | null;
  pickupPointName: string | null;
  venueName: string | null;
  address: string | null;
}

/** The reward item claimed, with what the pages show before the order has loaded. */
export interface CartItem extends StoredCartItem {
  // itemId is the reward item (typeId of /rewards/{type}/{typeId}), itemType its type.
  /** The order's own item id, for the cart item calls (/cart/{orderId}/{order_type}s/{id}). */
  orderItemId: number | null;
  name: string;
  attributeName: string | null;
  /** Points the item costs (points_ratio times the chosen retail price). */
  points: number;
  imageUrl: string | null;
  venueId: number | null;
  /** The offer gifts and the item is giftable: ShippingInfo offers Ship to Someone Else. */
  giftable: boolean;
  /** The chosen pickup slot (a pickup reward with availability), else null. */
  slot: PickupSlot | null;
}

export interface CartState {
  /** The active (draft) order, or null before one is created. */
  orderId: number | null;
  /** The one item (spec 4: the cart allows only one). */
  item: CartItem | null;
  /** When the hold runs out, on this device's clock (ISO); null without an order. */
  expiresAt: string | null;
}

const EMPTY_STATE: CartState = Object.freeze({ orderId: null, item: null, expiresAt: null }) as CartState;

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A stored slot, or null when it is missing or not whole (then the holder chooses again). */
function toSlot(value: unknown): PickupSlot | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Record<string, unknown>;
  const date = str(raw.date);
  const time = str(raw.time);
  const timezone = str(raw.timezone);
  if (!date || !DAY.test(date) || !time || !CLOCK.test(time) || !timezone) return null;
  return {
    date,
    time,
    timezone,
    pickupPointId: num(raw.pickupPointId),
    pickupPointName: str(raw.pickupPointName),
    venueName: str(raw.venueName),
    address: str(raw.address),
  };
}

/** Reads a stored line tolerantly: a line written by an older build still shows. */
function toCartItem(stored: StoredCartItem): CartItem {
  const raw = stored as StoredCartItem & Record<string, unknown>;
  const type: CartItemType = raw.itemType === 'deal' || raw.itemType === 'package' ? raw.itemType : 'product';
  const delivery: DeliveryMethod | null =
    raw.deliveryMethod === 'shipped' || raw.deliveryMethod === 'picked_up' ? raw.deliveryMethod : null;
  return {
    itemId: stored.itemId,
    itemType: type,
    attributeId: num(raw.attributeId),
    dealId: num(raw.dealId),
    deliveryMethod: delivery,
    orderItemId: num(raw.orderItemId),
    name: str(raw.name) ?? '',
    attributeName: str(raw.attributeName),
    points: num(raw.points) ?? 0,
    imageUrl: str(raw.imageUrl),
    venueId: num(raw.venueId),
    giftable: raw.giftable === true,
    // Only a pickup has a slot.
    slot: delivery === 'picked_up' ? toSlot(raw.slot) : null,
  };
}

function fromStored(cart: StoredCart): CartState {
  const first = cart.items[0];
  if (cart.orderId === null && !first) return EMPTY_STATE;
  return { orderId: cart.orderId, item: first ? toCartItem(first) : null, expiresAt: cart.expiresAt };
}

function toStored(state: CartState): StoredCart {
  return { orderId: state.orderId, items: state.item ? [state.item] : [], expiresAt: state.expiresAt };
}

const listeners = new Set<() => void>();
function notify() {
  for (const listener of listeners) listener();
}

/** The cart of this pass (the token of the current page). */
export function getCartState(token: string | null = getToken()): CartState {
  return fromStored(getCart(token));
}

/** Replaces the whole cart. */
export function saveCart(state: CartState, token: string | null = getToken()): void {
  setCart(toStored(state), token);
  notify();
}

/** Changes part of the cart (and of its item, when there is one). */
export function patchCart(
  patch: Partial<Omit<CartState, 'item'>> & { item?: Partial<CartItem> | null },
  token: string | null = getToken(),
): CartState {
  const current = getCartState(token);
  const { item: itemPatch, ...rest } = patch;
  const item =
    itemPatch === null ? null : itemPatch && current.item ? { ...current.item, ...itemPatch } : current.item;
  const next = { ...current, ...rest, item };
  saveCart(next, token);
  return next;
}

/** Sets when the hold runs out from the server's seconds left (its clock and ours may differ). */
export function expiryFromLeftTime(leftTimeSeconds: number, now: number = Date.now()): string {
  return new Date(now + Math.max(0, leftTimeSeconds) * 1000).toISOString();
}

/** Spec 4: completing or expiring resets the whole cart (the orders cached this session stay). */
export function resetCart(token: string | null = getToken()): void {
  setCart(EMPTY_CART, token);
  notify();
}

/** Spec 4: after completing, the session's stored data (orders and cart) is cleared. */
export function clearCartSession(token: string | null = getToken()): void {
  clearSessionState(token);
  notify();
}

/** Whether the cart holds this reward item. */
export function holdsItem(state: CartState, type: string, itemId: number): boolean {
  return state.item !== null && state.item.itemType === type && state.item.itemId === itemId;
}

// useSyncExternalStore wants the same object while nothing changed: cache by the stored text.
let cachedRaw: string | null | undefined;
let cachedState: CartState = EMPTY_STATE;
function snapshot(): CartState {
  const token = getToken();
  let raw: string | null = null;
  try {
    raw = `${token}\u0000${window.sessionStorage.getItem(sessionStorageKey(token))}`;
  } catch {
    raw = null;
  }
  if (raw !== null && raw === cachedRaw) return cachedState;
  cachedRaw = raw;
  cachedState = getCartState(token);
  return cachedState;
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

/** The cart, re-rendering on every change made through this module (and in other tabs). */
export function useCart(): CartState {
  return useSyncExternalStore(subscribe, snapshot, () => EMPTY_STATE);
}

/** Number of items in the cart, for the My Bag badge (lib/session keeps it in step with every write). */
export { useCartCount };
