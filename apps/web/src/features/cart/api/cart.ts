import { type Query, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AddCartItemRequest,
  type Address,
  apiPaths,
  type CartOrder,
  type CartResponse,
  type CompleteCartRequest,
  type CompleteCartResponse,
  type CartItemType as ContractCartItemType,
  type CreateCartRequest,
  type DeleteCartItemRequest,
  ORDER_HOLD_MS,
  type OrderItem,
  type OrderItemType,
  type UpdateCartItemRequest,
  type UpdateCartRequest,
} from '@trailpass/contract';
import { englishText, translate } from '../../../i18n';
import { apiPath, apiRequest, isApiError } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';
import { dataQueryKey } from '../../app-data';
import {
  type CartItem,
  type CartState,
  type DeliveryMethod,
  expiryFromLeftTime,
  getCartState,
  type PickupSlot,
  patchCart,
  resetCart,
  saveCart,
  useCart,
} from '../cart-store';

/** Spec 7: cart item paths name the item's type in the `order_{type}s` form. */
export function cartItemPathType(type: OrderItemType): ContractCartItemType {
  return `order_${type}s`;
}

/** A cart item as the item calls name it. */
export interface CartItemRef {
  itemType: ContractCartItemType;
  itemId: number;
}

// --- fetchers (one per spec 7 cart call) ---------------------------------------------------------------

export function fetchCartOrder(orderId: number, signal?: AbortSignal): Promise<CartResponse> {
  return apiRequest<CartResponse>(apiPath(apiPaths.cartOrder, { orderId }), signal ? { signal } : {});
}

export function createCart(body: CreateCartRequest): Promise<CartResponse> {
  return apiRequest<CartResponse>(apiPaths.cart, { method: 'POST', body });
}

export function addCartItem(orderId: number, body: AddCartItemRequest): Promise<unknown> {
  return apiRequest<unknown>(apiPath(apiPaths.cartItems, { orderId }), { method: 'POST', body });
}

export function updateCart(orderId: number, body: UpdateCartRequest): Promise<unknown> {
  return apiRequest<unknown>(apiPath(apiPaths.cartOrder, { orderId }), { method: 'PUT', body });
}

export function updateCartItem(
  orderId: number,
  ref: CartItemRef,
  body: UpdateCartItemRequest,
): Promise<unknown> {
  return apiRequest<unknown>(apiPath(apiPaths.cartItem, { orderId, ...ref }), { method: 'PUT', body });
}

export function deleteCartItem(
  orderId: number,
  ref: CartItemRef,
  body?: DeleteCartItemRequest,
): Promise<unknown> {
  return apiRequest<unknown>(apiPath(apiPaths.cartItem, { orderId, ...ref }), {
    method: 'DELETE',
    ...(body ? { body } : {}),
  });
}

export function keepOrderAlive(orderId: number): Promise<unknown> {
  return apiRequest<unknown>(apiPath(apiPaths.cartKeepAlive, { orderId }), {
    method: 'PUT',
    body: { orderId },
  });
}

export function completeCart(orderId: number, body: CompleteCartRequest): Promise<CompleteCartResponse> {
  return apiRequest<CompleteCartResponse>(apiPath(apiPaths.cartComplete, { orderId }), {
    method: 'PUT',
    body,
  });
}

// --- reading an order ----------------------------------------------------------------------------------

/** The order's items in the spec's order: deals, packages, products. */
export function orderItems(order: Pick<CartOrder, 'deals' | 'packages' | 'products'>): OrderItem[] {
  return [...order.deals, ...order.packages, ...order.products];
}

/** An answer that carries the cart order (create and get do; the others may). */
export function asCartResponse(value: unknown): CartResponse | null {
  if (typeof value !== 'object' || value === null || !('order' in value)) return null;
  const order: unknown = value.order;
  if (typeof order !== 'object' || order === null || !('leftTime' in order)) return null;
  return typeof order.leftTime === 'number' ? (value as CartResponse) : null;
}

function itemFromOrder(item: OrderItem, previous: CartItem | null, dealId: number | null): CartItem {
  const same =
    previous !== null &&
    previous.itemType === item.type &&
    previous.itemId === (item.reward_item_id ?? item.parent.id);
  return {
    itemId: item.reward_item_id ?? item.parent.id,
    itemType: item.type,
    attributeId: item.attribute?.id ?? null,
    dealId: same ? previous.dealId : dealId,
    deliveryMethod: item.delivery_method,
    orderItemId: item.id,
    name: item.name,
    attributeName: item.attribute?.name ?? null,
    points: item.points_paid,
    imageUrl: same ? previous.imageUrl : null,
    venueId: item.venue_id,
    giftable: same ? previous.giftable : false,
    // The order does not carry the slot (it is stored once the order is completed): keep the chosen one.
    slot: same && item.delivery_method === 'picked_up' ? previous.slot : null,
  };
}

/**
 * Brings the stored cart in line with the server's order: the hold's end (from its seconds left), and the
 * item as ordered. A completed or cancelled order resets the cart.
 */
export function syncCartFromOrder(response: CartResponse, token: string | null = getToken()): CartState {
  const { order } = response;
  if (order.status !== 'draft') {
    resetCart(token);
    return getCartState(token);
  }
  const current = getCartState(token);
  const items = orderItems(order);
  const match =
    items.find(
      (item) =>
        current.item !== null &&
        item.type === current.item.itemType &&
        (item.reward_item_id ?? item.parent.id) === current.item.itemId,
    ) ?? items[0];
  const next: CartState = {
    orderId: response.orderId,
    item: match ? itemFromOrder(match, current.item, order.deal_id) : null,
    expiresAt: match ? expiryFromLeftTime(order.leftTime) : null,
  };
  saveCart(next, token);
  return next;
}

// --- errors --------------------------------------------------------------------------------------------

/**
 * The hold ran out: the server answers 409 with the spec 4 wording, in the request's language (decision
 * 0049), so the English one or the chosen language's (the server's catalogue says it as cart.json does).
 */
export function isOrderExpiredError(error: unknown): boolean {
  if (!isApiError(error, 409)) return false;
  const message = error.message.trim();
  return /expired/i.test(message) || message === translate('cart:orderExpired');
}

// The English texts, for the tests; the holder reads them in the chosen language (cartErrorMessage).
export const CART_FAILED_MESSAGE = englishText('cart:cartFailed');
export const ORDER_GONE_MESSAGE = englishText('cart:orderGone');

/**
 * What to tell the holder when a cart call fails: the server's own words for a rule it refused on
 * (spec 5 messages, sold out, expired), else a plain sentence of ours.
 */
export function cartErrorMessage(error: unknown, fallback?: string): string {
  const ours = fallback ?? translate('cart:cartFailed');
  if (!isApiError(error)) return ours;
  if (error.status === 404) return translate('cart:orderGone');
  if ((error.status === 409 || error.status === 422) && error.code !== 'unknown' && error.message.trim()) {
    return error.message;
  }
  return ours;
}

/** Marks the hold as run out, so the page's OrderTimer asks Would you like more time?. */
function markExpired(error: unknown) {
  if (isOrderExpiredError(error) && getCartState().orderId !== null) {
    patchCart({ expiresAt: new Date().toISOString() });
  }
}

// --- the active order query ----------------------------------------------------------------------------

export const cartQueryRoot = 'cart';
export const cartOrderQueryKey = (orderId: number | null, token: string | null = getToken()) =>
  [cartQueryRoot, 'order', token, orderId] as const;

/**
 * GET /cart/{orderId} for the stored order: its lines, totals, addresses and seconds left. Each answer
 * updates the stored cart. Spec 8: a failure is logged (Grabbing the active Order failed: ) and leaves the
 * cart as it was, except that an order the server no longer has as a draft (404) empties it, and a run-out
 * hold (409) shows as expired.
 */
export function useActiveOrder() {
  const { orderId } = useCart();
  const token = getToken();
  return useQuery({
    queryKey: cartOrderQueryKey(orderId, token),
    queryFn: async ({ signal }) => {
      if (orderId === null) throw new Error('No active order.');
      try {
        const response = await fetchCartOrder(orderId, signal);
        // The cart may have moved on (removed, completed) while this was on its way.
        if (getCartState(token).orderId === orderId) syncCartFromOrder(response, token);
        return response;
      } catch (error) {
        console.error('Grabbing the active Order failed: ', error);
        if (isApiError(error, 404) && getCartState(token).orderId === orderId) resetCart(token);
        markExpired(error);
        throw error;
      }
    },
    enabled: orderId !== null,
    staleTime: 0,
    retry: false,
  });
}

// --- claiming (spec 4 Submit from ClaimReward) ---------------------------------------------------------

export interface ClaimInput {
  offerId: number;
  partnerUserId: number;
  /** The deal whose points pay (gamified offers), else null. */
  dealId: number | null;
  item: {
    id: number;
    type: OrderItemType;
    name: string;
    imageUrl: string | null;
    venueId: number | null;
    giftable: boolean;
  };
  attribute: { id: number; name: string } | null;
  deliveryMethod: DeliveryMethod;
  points: number;
  /** The holder's details as known (first name, e-mail…), stored on a new order. */
  customer?: Address;
  /** The chosen pickup slot of a pickup reward with availability (kept with the item). */
  slot?: PickupSlot | null;
}

/** Which spec 4 branch a submit takes. */
export type ClaimBranch = 'create' | 'update' | 'add';

export function claimBranch(cart: CartState, item: { id: number; type: string }): ClaimBranch {
  if (cart.orderId === null) return 'create';
  if (cart.item && cart.item.itemType === item.type && cart.item.itemId === item.id) return 'update';
  return 'add';
}

function claimedItem(input: ClaimInput, orderItemId: number | null): CartItem {
  return {
    itemId: input.item.id,
    itemType: input.item.type,
    attributeId: input.attribute?.id ?? null,
    dealId: input.dealId,
    deliveryMethod: input.deliveryMethod,
    orderItemId,
    name: input.item.name,
    attributeName: input.attribute?.name ?? null,
    points: input.points,
    imageUrl: input.item.imageUrl,
    venueId: input.item.venueId,
    giftable: input.item.giftable,
    slot: input.deliveryMethod === 'picked_up' ? (input.slot ?? null) : null,
  };
}

function findOrderItem(order: CartOrder, input: Pick<ClaimInput, 'item'>): OrderItem | undefined {
  return orderItems(order).find(
    (line) => line.type === input.item.type && (line.reward_item_id ?? line.parent.id) === input.item.id,
  );
}

function createBody(input: ClaimInput): CreateCartRequest {
  return {
    offerId: input.offerId,
    partnerUserId: input.partnerUserId,
    dealId: input.dealId,
    qty: input.attribute ? { [String(input.attribute.id)]: 1 } : 1,
    itemId: input.item.id,
    itemType: input.item.type,
    deliveryMethod: input.deliveryMethod,
    payWithPoints: true,
    ...(input.customer ? { customer: input.customer } : {}),
  };
}

/** Stores the claimed item with the order the server answered (or re-reads the order when it did not). */
async function storeClaim(orderId: number, input: ClaimInput, answer: unknown): Promise<CartState> {
  const response = asCartResponse(answer) ?? (await fetchCartOrder(orderId));
  const line = findOrderItem(response.order, input);
  const state: CartState = {
    orderId: response.orderId,
    item: claimedItem(input, line?.id ?? null),
    expiresAt: expiryFromLeftTime(response.order.leftTime),
  };
  saveCart(state);
  return state;
}

async function createOrder(input: ClaimInput): Promise<CartState> {
  let response: CartResponse;
  try {
    response = await createCart(createBody(input));
  } catch (error) {
    // Spec 8: logged; the page tells the holder and they may try again.
    console.error('We could not create your order', error);
    throw error;
  }
  return storeClaim(response.orderId, input, response);
}

/** The stored item's reference for the item calls, reading the order when it is not known yet. */
export async function resolveItemRef(orderId: number, item: CartItem): Promise<CartItemRef> {
  if (item.orderItemId !== null)
    return { itemType: cartItemPathType(item.itemType), itemId: item.orderItemId };
  const { order } = await fetchCartOrder(orderId);
  const line = orderItems(order).find(
    (candidate) =>
      candidate.type === item.itemType && (candidate.reward_item_id ?? candidate.parent.id) === item.itemId,
  );
  if (!line) throw new Error('The item is not in the order.');
  return { itemType: cartItemPathType(line.type), itemId: line.id };
}

/**
 * Spec 4: no active order creates one; the order already holding the item updates it (delivery method and
 * option); otherwise the item is added to the existing order (which, when that order is gone, creates a
 * new one). The caller then goes on to ShippingInfo or ReviewOrder.
 */
export async function claimReward(input: ClaimInput): Promise<CartState> {
  const cart = getCartState();
  const branch = claimBranch(cart, input.item);
  if (branch === 'create' || cart.orderId === null) return createOrder(input);
  const orderId = cart.orderId;
  if (branch === 'update' && cart.item) {
    const ref = await resolveItemRef(orderId, cart.item);
    const answer = await updateCartItem(orderId, ref, {
      deliveryMethod: input.deliveryMethod,
      attributeId: input.attribute?.id ?? null,
    });
    return storeClaim(orderId, input, answer);
  }
  try {
    const answer = await addCartItem(orderId, {
      ...createBody(input),
      orderId,
      attributeId: input.attribute?.id ?? null,
    });
    return await storeClaim(orderId, input, answer);
  } catch (error) {
    if (isApiError(error, 404) || isOrderExpiredError(error)) {
      // The stored order is no longer a live draft: start a new one.
      resetCart();
      return createOrder(input);
    }
    throw error;
  }
}

export function useClaimReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimReward,
    onSuccess: (state) => {
      void queryClient.invalidateQueries({ queryKey: cartOrderQueryKey(state.orderId) });
    },
  });
}

// --- removing, expiring, keeping alive -----------------------------------------------------------------

/**
 * DELETE the cart's item. Spec 4: Remove (ReviewOrder) and Yes in the existing-item dialog delete it and
 * reset the cart; spec 8: when the server refuses, the cart is left as it was and the caller shows why.
 */
export function useRemoveCartItem(options: { onRemoved?: () => void } = {}) {
  const queryClient = useQueryClient();
  const { onRemoved } = options;
  return useMutation({
    mutationFn: async () => {
      const { orderId, item } = getCartState();
      if (orderId === null || item === null) return;
      const ref = await resolveItemRef(orderId, item);
      try {
        await deleteCartItem(orderId, ref);
      } catch (error) {
        // Already gone from the server: nothing left to remove.
        if (!isApiError(error, 404)) throw error;
      }
    },
    onSuccess: () => {
      // Before the reset, so that a page can move on in the same render as the cart empties.
      onRemoved?.();
      resetCart();
      // The hold is released: the catalogue's counts change.
      void queryClient.invalidateQueries({ queryKey: ['rewards'] });
    },
  });
}

/**
 * The holder said No (or closed the dialog) after the hold ran out: the expiry notice (moreTime false)
 * deletes the item on the server; the cart is reset whatever the answer, as the hold is over either way.
 */
export function useExpireCartItem(options: { onExpired?: () => void } = {}) {
  const queryClient = useQueryClient();
  const { onExpired } = options;
  return useMutation({
    mutationFn: async () => {
      const { orderId, item } = getCartState();
      try {
        if (orderId === null || item === null) return;
        const ref = await resolveItemRef(orderId, item);
        await deleteCartItem(orderId, ref, { orderId, ...ref, moreTime: false });
      } catch (error) {
        console.warn('The expiry notice failed', error);
      } finally {
        // Before the reset: the page that showed the timer may unmount once the cart is empty.
        onExpired?.();
        resetCart();
        void queryClient.invalidateQueries({ queryKey: ['rewards'] });
      }
    },
  });
}

/** PUT keepOrderAlive: the hold starts again (spec 9: restored to 10 minutes). */
export function useKeepOrderAlive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { orderId } = getCartState();
      if (orderId === null) throw new Error('No active order.');
      const answer = await keepOrderAlive(orderId);
      const response = asCartResponse(answer);
      const leftTime =
        response && response.order.leftTime > 0 ? response.order.leftTime : ORDER_HOLD_MS / 1000;
      patchCart({ expiresAt: expiryFromLeftTime(leftTime) });
      return answer;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [cartQueryRoot] });
    },
  });
}

// --- the shipping form's update ------------------------------------------------------------------------

export interface UpdateOrderInput {
  distribute?: Address | false;
  customer?: Address;
}

/**
 * PUT /cart/{orderId} with the shipping form's recipient (false when shipping to oneself) and customer,
 * then re-reads the order (spec 8: not after a refusal, which the caller gets).
 */
export function useUpdateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ distribute, customer }: UpdateOrderInput) => {
      const { orderId, item } = getCartState();
      if (orderId === null) throw new Error('No active order.');
      // Spec 7 Update order: the addresses, and the item with its option (the server re-checks it).
      const body: UpdateCartRequest = {
        orderId,
        ...(distribute === undefined ? {} : { distribute }),
        ...(customer === undefined ? {} : { customer }),
        ...(item?.orderItemId
          ? {
              itemId: item.orderItemId,
              itemType: cartItemPathType(item.itemType),
              attributeId: item.attributeId,
            }
          : {}),
      };
      try {
        const answer = await updateCart(orderId, body);
        const response = asCartResponse(answer);
        if (response && response.orderId === orderId) {
          // My Bag shows the saved addresses at once.
          queryClient.setQueryData(cartOrderQueryKey(orderId), response);
          syncCartFromOrder(response);
        }
        return answer;
      } catch (error) {
        markExpired(error);
        throw error;
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [cartQueryRoot] }),
  });
}

// --- completing ----------------------------------------------------------------------------------------

/** Every query whose key mentions points (current, history, the rewards' points), spec 4 "points reload". */
export function mentionsPoints(query: Pick<Query, 'queryKey'>): boolean {
  return query.queryKey.some((part) => typeof part === 'string' && /points/i.test(part));
}

/** After completing: points, /data (balance, orders, purchased items) and the rewards' stock. */
export function refreshAfterCompletion(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ predicate: mentionsPoints });
  void queryClient.invalidateQueries({ queryKey: dataQueryKey() });
  void queryClient.invalidateQueries({ queryKey: ['rewards'] });
}

type CompletableOrder = Pick<CartOrder, 'id' | 'distribute' | 'customer'>;

/** The English text, for the tests; the error carries the chosen language's. */
export const SLOT_GONE_MESSAGE = englishText('cart:slotGone');

/** The chosen slot is no longer offered: the order is not completed, the holder chooses again. */
export class SlotGoneError extends Error {
  override readonly name = 'SlotGoneError';
  constructor() {
    super(translate('cart:slotGone'));
  }
}

/** The server's refusal of the slot the completion was to take (422 with fields under `pickupSlot`). */
function isSlotRefusal(error: unknown): boolean {
  return (
    isApiError(error, 422) && Object.keys(error.fields ?? {}).some((field) => field.startsWith('pickupSlot'))
  );
}

/**
 * PUT /cart/{orderId}/complete. A chosen pickup slot goes with it and is taken in the completion's own
 * transaction: when it is no longer offered, nothing is completed (SlotGoneError) and the holder chooses
 * again. Success is an answer with a message (spec 4): points and /data reload and the cart is reset; the
 * page then shows its modal and, 2 seconds later, clears the session's stored data and goes to
 * RewardsHistory.
 */
export function useCompleteOrder(
  options: { onCompleted?: (answer: CompleteCartResponse, order: CompletableOrder) => void } = {},
) {
  const queryClient = useQueryClient();
  const { onCompleted } = options;
  return useMutation({
    mutationFn: async (order: CompletableOrder) => {
      const { item } = getCartState();
      const slot = item?.deliveryMethod === 'picked_up' ? item.slot : null;
      let answer: CompleteCartResponse;
      try {
        answer = await completeCart(order.id, {
          orderId: order.id,
          distribute: order.distribute ?? '',
          customer: order.customer ?? '',
          ...(slot
            ? { pickupSlot: { date: slot.date, time: slot.time, pickupPoint: slot.pickupPointId } }
            : {}),
        });
      } catch (error) {
        if (isSlotRefusal(error)) throw new SlotGoneError();
        console.warn('Completing the order failed', error);
        markExpired(error);
        throw error;
      }
      if (!answer || typeof answer.message !== 'string' || answer.message === '') {
        throw new Error('The order was not completed.');
      }
      return { answer, order };
    },
    onSuccess: ({ answer, order }) => {
      // Before the reset, so that the page shows its modal in the same render as the cart empties.
      onCompleted?.(answer, order);
      resetCart();
      refreshAfterCompletion(queryClient);
    },
  });
}
