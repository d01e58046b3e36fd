import {
  type AddCartItemRequest,
  type Address,
  type CartItemType,
  type CartOrder,
  type CartResponse,
  COMPLETION_BLOCK_MESSAGES,
  type CompleteCartRequest,
  type CompleteCartResponse,
  type CreateCartRequest,
  completionBlock,
  type DeleteCartItemRequest,
  NOT_ENOUGH_POINTS_MESSAGE,
  ORDER_EXPIRED_MESSAGE,
  pointsNeeded,
  SOLD_OUT_MESSAGE,
  type UpdateCartItemRequest,
  type UpdateCartRequest,
} from '@trailpass/contract';
import type { AppDb, DbExecutor } from '../../db/client';
import type { AttributeSnapshot, DeliveryMethod } from '../../db/schema';
import { badRequest, conflict, notFound, unprocessable } from '../../plugins/errors';
import type { HolderSession } from '../../plugins/session';
import { type TakenPickupSlot, takePickupSlot } from '../availability/service';
import { type DealForOrdering, headlinePointsDeal, iso } from '../data/domain';
import type { MailSettings } from '../mail';
import { toOrders } from '../orders/mappers';
import { findHolderOrder, loadOrderRows, type OrderRows, orderRowsFromJson } from '../orders/repository';
import { currentBalance } from '../points/ledger';
import type { PassSession } from '../sessions/repository';
import {
  type CompletionPlan,
  changeForCompletion,
  lockForCompletion,
  readCompletionPlan,
  type StockTurn,
} from './completion';
import {
  type ConfirmationTarget,
  confirmationTarget,
  enqueueOrderConfirmation,
  orderConfirmationOutbox,
} from './confirmation';
import { grantReward, grantsToOrder } from './grants';
import {
  type CartItemRow,
  type CartOrderRow,
  cancelOtherDrafts,
  deleteCartItem,
  findOfferForPayment,
  findPartnerUserAddress,
  insertCartItem,
  insertDraftOrder,
  listAttributes,
  listOrderItems,
  lockRewardItem,
  type RewardItemRow,
  updateCartItem,
  updateOrder,
} from './repository';
import { availableTickets, listLiveHolds, lockStockForClaim, stockKey, stockLockKey } from './stock';

export const ORDER_COMPLETED_MESSAGE = 'Your order has been received.';
export const ITEM_ALREADY_IN_CART_MESSAGE =
  'Your bag already holds an item. Remove it before adding another.';
export const CHOOSE_OPTION_MESSAGE = 'Choose one of the options of this reward.';
export const NO_OPTIONS_MESSAGE = 'This reward has no options.';
export const DELIVERY_METHOD_NOT_OFFERED_MESSAGE = 'This reward is not offered with that delivery method.';
export const ORDER_CHANGED_MESSAGE = 'The order changed while it was being completed. Try again.';
const ITEM_TYPE_OF: Record<CartItemType, string> = {
  order_products: 'product',
  order_deals: 'deal',
  order_packages: 'package',
};

export interface CartSettings {
  holdMs: number;
  now: Date;
}

const isLive = (order: CartOrderRow, now: Date) =>
  order.status === 'draft' && order.expires_at !== null && order.expires_at > now;

async function cartAnswer(db: DbExecutor, order: CartOrderRow, now: Date): Promise<CartResponse> {
  const rows = await loadOrderRows(db, [order.id]);
  const [view] = toOrders(rows, [order.id], now);
  if (!view) throw notFound();
  // Read back, not taken from `order`: the call may just have moved the hold.
  const expiresAt = view.status === 'draft' ? (rows.orders[0]?.expires_at ?? null) : null;
  const leftMs = expiresAt ? Math.max(0, expiresAt.getTime() - now.getTime()) : 0;
  const cart: CartOrder = { ...view, leftTime: Math.floor(leftMs / 1000), expires_at: iso(expiresAt) };
  return { orderId: order.id, order: cart };
}

/** The deal whose points pay for a reward: the item's gamified deal, else the points offer's deal. */
function payingDealId(
  reward: Pick<RewardItemRow, 'deal_id'>,
  payment: { offer: { use_points: boolean }; deals: readonly DealForOrdering[] },
): number | null {
  if (reward.deal_id !== null) return reward.deal_id;
  return headlinePointsDeal(payment.offer, payment.deals)?.id ?? null;
}

interface Claim {
  reward: RewardItemRow;
  attribute: AttributeSnapshot | null;
  deliveryMethod: DeliveryMethod;
  cost: number;
  dealId: number;
}

/**
 * Checks a claim of one reward item under its row lock: the item is the offer's (and the deal's, when
 * the request names one), the option is one of its own, the delivery method one it offers, the holder
 * has the points, and, after the live holds of other carts, one is left. Returns what the order item
 * needs.
 */
async function checkClaim(
  tx: DbExecutor,
  holder: HolderSession,
  request: {
    itemId: number;
    itemType: string;
    dealId?: number | null | undefined;
    attributeId: number | null;
    deliveryMethod: DeliveryMethod;
  },
  settings: CartSettings,
  exceptOrderId: number | null,
): Promise<Claim> {
  // The reward's stock in turn (decision 0016): completions of it in flight commit first, new ones wait.
  await lockStockForClaim(tx, request.itemId);
  const reward = await lockRewardItem(tx, { rewardItemId: request.itemId, offerId: holder.offerId });
  if (!reward || reward.type !== request.itemType) throw notFound();
  if (request.dealId != null && reward.deal_id !== null && reward.deal_id !== request.dealId)
    throw notFound();
  const options = await listAttributes(tx, reward.id);
  let attribute: AttributeSnapshot | null = null;
  if (options.length > 0) {
    const chosen = options.find((option) => option.id === request.attributeId);
    if (!chosen) throw badRequest(CHOOSE_OPTION_MESSAGE, { qty: 'Choose one option.' });
    attribute = chosen;
  } else if (request.attributeId !== null) {
    throw badRequest(NO_OPTIONS_MESSAGE, { qty: 'Send qty 1.' });
  }
  const offered = request.deliveryMethod === 'shipped' ? reward.shipped : reward.picked_up;
  if (!offered) {
    throw badRequest(DELIVERY_METHOD_NOT_OFFERED_MESSAGE, {
      deliveryMethod: 'Choose a delivery method this reward offers.',
    });
  }
  const payment = await findOfferForPayment(tx, holder.offerId);
  const dealId = payment ? payingDealId(reward, payment) : null;
  if (!payment || dealId === null) throw notFound();
  const cost = pointsNeeded(payment.offer.points_ratio, attribute?.retail_price ?? reward.retail_price);
  const balance = await currentBalance(tx, {
    partnerUserId: holder.partnerUserId,
    offerId: holder.offerId,
    dealId,
  });
  if (balance < cost) throw unprocessable(NOT_ENOUGH_POINTS_MESSAGE);
  const holds = await listLiveHolds(tx, [reward.id], settings.now, exceptOrderId);
  const left = availableTickets(reward.tickets_available, holds);
  const key = stockKey(reward.tickets_available, attribute?.id ?? null);
  const count = key === null || !left ? null : left[key];
  if (count !== null && count !== undefined && count <= 0) throw conflict(SOLD_OUT_MESSAGE);
  return { reward, attribute, deliveryMethod: request.deliveryMethod, cost, dealId };
}

/** The chosen option of a spec 7 qty: 1 (no options) or a map of one attribute id to 1. */
function attributeOf(qty: CreateCartRequest['qty'], attributeId?: number | null): number | null {
  if (attributeId != null) return attributeId;
  if (qty === 1) return null;
  const [key] = Object.keys(qty);
  return key === undefined ? null : Number(key);
}

function requireSameHolder(holder: HolderSession, body: { offerId: number; partnerUserId: number }): void {
  if (body.offerId !== holder.offerId || body.partnerUserId !== holder.partnerUserId) throw notFound();
}

/**
 * Ids a body repeats from its path (orderId; the delete call's itemType and itemId) must be the path's,
 * else 400 before anything is done: the call acts on its path, never on an order it was not sent for.
 */
function requireSameAsPath(path: Record<string, string | number>, body: object | null | undefined): void {
  for (const [name, value] of Object.entries(path)) {
    const given = (body as Record<string, unknown> | null | undefined)?.[name];
    if (given !== undefined && given !== value) {
      throw badRequest(`${name} must match the path.`, { [name]: 'Use the path’s value.' });
    }
  }
}

/** POST /cart: a new draft order holding the reward for the hold time; the holder's other drafts end. */
export async function createCart(
  db: AppDb,
  holder: HolderSession,
  body: CreateCartRequest,
  settings: CartSettings,
): Promise<CartResponse> {
  requireSameHolder(holder, body);
  return db.transaction(async (tx) => {
    await cancelOtherDrafts(tx, {
      partnerUserId: holder.partnerUserId,
      offerId: holder.offerId,
      keepOrderId: null,
    });
    const claim = await checkClaim(
      tx,
      holder,
      { ...body, attributeId: attributeOf(body.qty) },
      settings,
      null,
    );
    const customer = body.customer ?? (await findPartnerUserAddress(tx, holder.partnerUserId));
    const order = await insertDraftOrder(tx, {
      offerId: holder.offerId,
      partnerUserId: holder.partnerUserId,
      dealId: claim.reward.deal_id,
      customer,
      fields: body.fields ?? {},
      expiresAt: new Date(settings.now.getTime() + settings.holdMs),
    });
    await insertCartItem(tx, {
      orderId: order.id,
      rewardItem: claim.reward,
      attribute: claim.attribute,
      deliveryMethod: claim.deliveryMethod,
      pointsPaid: claim.cost,
    });
    return cartAnswer(tx, order, settings.now);
  });
}

/** The holder's draft, live (its hold has not run out) unless `allowExpired`; 404 / 409 otherwise. */
async function requireDraft(
  tx: DbExecutor,
  holder: HolderSession,
  orderId: number,
  now: Date,
  options: { allowExpired?: boolean; lock?: boolean } = {},
): Promise<CartOrderRow> {
  const order = await findHolderOrder(
    tx,
    { orderId, partnerUserId: holder.partnerUserId, offerId: holder.offerId },
    options.lock ?? true,
  );
  if (!order) throw notFound();
  if (order.status === 'draft' && (options.allowExpired || isLive(order, now))) return order;
  throw conflict(ORDER_EXPIRED_MESSAGE);
}

/** POST /cart/{orderId}/items: the item into a draft that holds none (spec 4: one item per cart). */
export async function addCartItem(
  db: AppDb,
  holder: HolderSession,
  orderId: number,
  body: AddCartItemRequest,
  settings: CartSettings,
): Promise<CartResponse> {
  requireSameHolder(holder, body);
  if (body.orderId !== orderId)
    throw badRequest('orderId must match the path.', { orderId: 'Use the path’s id.' });
  return db.transaction(async (tx) => {
    const order = await requireDraft(tx, holder, orderId, settings.now);
    if ((await listOrderItems(tx, order.id)).length > 0) throw conflict(ITEM_ALREADY_IN_CART_MESSAGE);
    const claim = await checkClaim(
      tx,
      holder,
      { ...body, attributeId: attributeOf(body.qty, body.attributeId) },
      settings,
      order.id,
    );
    await insertCartItem(tx, {
      orderId: order.id,
      rewardItem: claim.reward,
      attribute: claim.attribute,
      deliveryMethod: claim.deliveryMethod,
      pointsPaid: claim.cost,
    });
    await updateOrder(tx, order.id, {
      expires_at: new Date(settings.now.getTime() + settings.holdMs),
      ...(body.customer ? { customer: body.customer } : {}),
    });
    return cartAnswer(tx, order, settings.now);
  });
}

/** GET /cart/{orderId}: the holder's order as the cart shows it (leftTime 0 once the hold has run out). */
export async function getCart(
  db: AppDb,
  holder: HolderSession,
  orderId: number,
  now: Date,
): Promise<CartResponse> {
  const order = await findHolderOrder(db, {
    orderId,
    partnerUserId: holder.partnerUserId,
    offerId: holder.offerId,
  });
  if (!order) throw notFound();
  return cartAnswer(db, order, now);
}

async function requireItem(
  tx: DbExecutor,
  order: CartOrderRow,
  itemType: CartItemType,
  itemId: number,
): Promise<CartItemRow> {
  const item = (await listOrderItems(tx, order.id)).find((row) => row.id === itemId);
  if (!item || item.type !== ITEM_TYPE_OF[itemType]) throw notFound();
  return item;
}

/** Re-claims the item with a new option or delivery method (re-checking points and stock). */
async function changeItem(
  tx: DbExecutor,
  holder: HolderSession,
  order: CartOrderRow,
  item: CartItemRow,
  change: { attributeId?: number | null | undefined; deliveryMethod?: DeliveryMethod | undefined },
  settings: CartSettings,
): Promise<void> {
  if (item.reward_item_id === null) throw notFound();
  const claim = await checkClaim(
    tx,
    holder,
    {
      itemId: item.reward_item_id,
      itemType: item.type,
      attributeId: change.attributeId !== undefined ? change.attributeId : item.attribute_id,
      deliveryMethod: change.deliveryMethod ?? item.delivery_method ?? 'shipped',
    },
    settings,
    order.id,
  );
  await updateCartItem(tx, item.id, {
    attribute: claim.attribute,
    deliveryMethod: claim.deliveryMethod,
    pointsPaid: claim.cost,
    rewardItem: claim.reward,
  });
}

/** PUT /cart/{orderId}: the recipient (or none), the customer, and the item's option. */
export async function updateCart(
  db: AppDb,
  holder: HolderSession,
  orderId: number,
  body: UpdateCartRequest,
  settings: CartSettings,
): Promise<CartResponse> {
  if (body.orderId !== orderId)
    throw badRequest('orderId must match the path.', { orderId: 'Use the path’s id.' });
  if (body.partnerUser && body.partnerUser.id !== holder.partnerUserId) throw notFound();
  return db.transaction(async (tx) => {
    const order = await requireDraft(tx, holder, orderId, settings.now);
    if (body.itemId !== undefined || body.attributeId !== undefined) {
      if (body.itemId === undefined || body.itemType === undefined) {
        throw badRequest('Name the item (itemId and itemType) whose option changes.');
      }
      const item = await requireItem(tx, order, body.itemType, body.itemId);
      if (body.attributeId !== undefined)
        await changeItem(tx, holder, order, item, { attributeId: body.attributeId }, settings);
    }
    await updateOrder(tx, order.id, {
      ...(body.customer ? { customer: body.customer as Address } : {}),
      ...(body.distribute !== undefined
        ? { distribute: body.distribute === false ? null : body.distribute }
        : {}),
    });
    return cartAnswer(tx, order, settings.now);
  });
}

/** PUT /cart/{orderId}/{itemType}/{itemId}: the item's delivery method or option. */
export async function updateCartItemOf(
  db: AppDb,
  holder: HolderSession,
  ref: { orderId: number; itemType: CartItemType; itemId: number },
  body: UpdateCartItemRequest,
  settings: CartSettings,
): Promise<CartResponse> {
  return db.transaction(async (tx) => {
    const order = await requireDraft(tx, holder, ref.orderId, settings.now);
    const item = await requireItem(tx, order, ref.itemType, ref.itemId);
    await changeItem(tx, holder, order, item, body, settings);
    return cartAnswer(tx, order, settings.now);
  });
}

/**
 * DELETE /cart/{orderId}/{itemType}/{itemId}: the item leaves the bag and its hold ends. With moreTime
 * false (the hold ran out and the holder said No) the order is marked expired.
 */
export async function deleteItem(
  db: AppDb,
  holder: HolderSession,
  ref: { orderId: number; itemType: CartItemType; itemId: number },
  body: DeleteCartItemRequest,
  now: Date,
): Promise<CartResponse> {
  requireSameAsPath(ref, body);
  const moreTime = body?.moreTime;
  return db.transaction(async (tx) => {
    const order = await requireDraft(tx, holder, ref.orderId, now, { allowExpired: true });
    const item = await requireItem(tx, order, ref.itemType, ref.itemId);
    await deleteCartItem(tx, item.id);
    if (moreTime === false) await updateOrder(tx, order.id, { status: 'expired', expires_at: null });
    return cartAnswer(tx, order, now);
  });
}

/**
 * PUT /cart/{orderId}/keepOrderAlive: the hold starts again at its full length (spec 4: Yes to more
 * time). A hold that has already run out comes back only if its item is still there for the taking.
 */
export async function keepAlive(
  db: AppDb,
  holder: HolderSession,
  orderId: number,
  body: { orderId: number } | null | undefined,
  settings: CartSettings,
): Promise<CartResponse> {
  requireSameAsPath({ orderId }, body);
  return db.transaction(async (tx) => {
    const order = await requireDraft(tx, holder, orderId, settings.now, { allowExpired: true });
    if (!isLive(order, settings.now)) {
      for (const item of await listOrderItems(tx, order.id)) {
        await changeItem(tx, holder, order, item, {}, settings);
      }
    }
    await updateOrder(tx, order.id, { expires_at: new Date(settings.now.getTime() + settings.holdMs) });
    return cartAnswer(tx, order, settings.now);
  });
}

/**
 * PUT /cart/{orderId}/complete (spec 4 and 5; decision 0016, "Completing"). A completed order answers again
 * without charging (idempotent), from a plain read; an order whose hold has run out is 409. Otherwise, in one
 * transaction under the order's row lock: the spec 5 rules, then one statement that takes the item from the
 * stock, debits the points (never below 0) and completes the order, all or nothing. A deal or package reward
 * is granted in the same transaction (grants.ts).
 *
 * Completions of one reward do not wait for each other while plenty is left: they share the reward's stock
 * lock, and take without waiting for its row (completion.ts). Near the end of the stock they take turns.
 *
 * The holder's order confirmation e-mail is enqueued in the same transaction (confirmation.ts, issue 29), so a
 * replay sends none.
 */
export async function completeCart(
  db: AppDb,
  mail: MailSettings,
  request: { tokenHash: string; holderOf: (session: PassSession | null) => HolderSession },
  orderId: number,
  body: CompleteCartRequest,
  clock: () => Date,
): Promise<CompleteCartResponse> {
  const now = clock();
  let exclusive = false;
  let answer: OrderRows | null = null;
  for (let attempt = 1; ; attempt += 1) {
    // The session is read with the plan (decision 0023, round three). A completed order stays completed,
    // so a replay (a retried tap, a flaky network) is answered from plain reads (this one, then the order's
    // rows): through the transaction it would wait for the order's row lock behind every other replay.
    const plan = await readCompletionPlan(db, { orderId, tokenHash: request.tokenHash });
    const holder = request.holderOf(plan.session);
    if (body.orderId !== orderId)
      throw badRequest('orderId must match the path.', { orderId: 'Use the path’s id.' });
    if (!plan.order) throw notFound();
    if (plan.order.status === 'completed') break;
    const ids = { orderId, partnerUserId: holder.partnerUserId, offerId: holder.offerId };
    const confirmation = confirmationTarget(plan, mail);
    const outcome = await completeInTransaction(db, ids, body, plan, confirmation, { now, clock, exclusive });
    if (typeof outcome === 'object') {
      answer = outcome.answer;
      break;
    }
    // The order changed between the plan and the lock, or less was left than a shared turn needs: again,
    // from a new plan (the second time in turns, which always decides).
    if (outcome === 'take-turns') exclusive = true;
    if (attempt >= 5) throw conflict(ORDER_CHANGED_MESSAGE);
  }
  const rows = answer ?? (await loadOrderRows(db, [orderId]));
  const [view] = toOrders(rows, [orderId], now);
  if (!view) throw notFound();
  return { message: ORDER_COMPLETED_MESSAGE, order: view };
}

/**
 * completeCart's checks and changes under the order's row lock, with the plan read before it. Answers the
 * completed order's rows (null: read them after the commit; also when another request completed it first),
 * `changed` when the order's item is no longer the one planned for, `take-turns` when a shared turn found too
 * little left; throws the refusals.
 */
async function completeInTransaction(
  db: AppDb,
  ids: { orderId: number; partnerUserId: number; offerId: number },
  body: CompleteCartRequest,
  plan: CompletionPlan,
  confirmation: ConfirmationTarget | null,
  time: { now: Date; clock: () => Date; exclusive: boolean },
): Promise<{ answer: OrderRows | null } | 'changed' | 'take-turns'> {
  const [item, ...more] = plan.items;
  const reward = item?.reward_item_id == null ? null : plan.reward;
  const payment = plan.offer ? { offer: plan.offer, deals: plan.deals } : null;
  const dealId = reward && payment ? payingDealId(reward, payment) : null;
  // Limited stock: a key whose stored count is a number (null or absent is unlimited).
  const key = reward ? stockKey(reward.tickets_available, item?.attribute_id ?? null) : null;
  const count = key === null ? null : reward?.tickets_available?.[key];
  const limitedKey = key !== null && count !== null && count !== undefined ? key : null;
  const left = limitedKey === null ? 0 : (count ?? 0) - (plan.pending[limitedKey] ?? 0);
  const turn: StockTurn =
    limitedKey === null || dealId === null
      ? 'none'
      : !time.exclusive && left >= plan.maxConnections
        ? 'shared'
        : 'exclusive';

  return db.transaction(async (tx) => {
    const order = await lockForCompletion(tx, ids, dealId, {
      lockKey: stockLockKey(reward?.id ?? 0),
      turn,
    });
    if (!order) throw notFound();
    // Completed meanwhile by a request that held the lock first: answered as a replay.
    if (order.status === 'completed') return { answer: null };
    // The hold is checked by the clock as it is now that the stock lock is held: a claim that took its turn
    // before has counted this hold as lapsed only if it has lapsed by now (decision 0016).
    const at = time.clock();
    if (order.status !== 'draft' || order.expires_at === null || order.expires_at <= at.getTime())
      throw conflict(ORDER_EXPIRED_MESSAGE);
    if (more.length > 0) throw conflict(ITEM_ALREADY_IN_CART_MESSAGE);
    if (!item || item.reward_item_id === null) throw unprocessable(COMPLETION_BLOCK_MESSAGES['no-order']);
    if (!reward || dealId === null) throw notFound();
    const customer = body.customer ? (body.customer as Address) : (order.customer as Address);
    const distribute =
      body.distribute === false
        ? null
        : body.distribute
          ? (body.distribute as Address)
          : (order.distribute as Address | null);
    const block = completionBlock({
      hasOrderAndItem: true,
      currentPoints: plan.balances[String(dealId)] ?? 0,
      itemPoints: item.points_paid,
      deliveryMethod: item.delivery_method,
      distribute,
      customer,
    });
    if (block) throw unprocessable(COMPLETION_BLOCK_MESSAGES[block]);

    // The holder's order confirmation, from what is at hand. Written by the change's statement, so that it
    // exists exactly when the order is completed; with a pickup slot, after the slot is taken (its e-mail
    // names it).
    const confirmed = (slot: TakenPickupSlot | null) =>
      confirmation && {
        target: confirmation,
        order: { ...ids, items: plan.items, pricePaid: order.price_paid, customer, distribute, slot },
      };
    const mailNow = body.pickupSlot ? null : confirmed(null);
    const change = await changeForCompletion(tx, turn, {
      orderId: ids.orderId,
      item,
      rewardItemId: reward.id,
      partnerUserId: ids.partnerUserId,
      offerId: ids.offerId,
      dealId,
      reasonText: item.attribute ? `claimed ${item.name} (${item.attribute.name})` : `claimed ${item.name}`,
      now: time.now,
      customer,
      distribute,
      stockKey: limitedKey,
      // A slot taken below is not in the statement's answer rows: those are read after the commit.
      answer: !grantsToOrder(reward) && !body.pickupSlot,
      mail: mailNow ? orderConfirmationOutbox(mailNow.target, mailNow.order) : null,
    });
    if (!change.item_ok) return 'changed';
    if (!change.stock_ok) {
      if (turn === 'shared') return 'take-turns';
      throw conflict(SOLD_OUT_MESSAGE);
    }
    if (change.balance === null) throw unprocessable(NOT_ENOUGH_POINTS_MESSAGE);
    // The stock was re-checked on the row as written (a change of the count made meanwhile by hand): the
    // rollback undoes the debit and the order.
    if (change.taken !== 1) throw conflict(SOLD_OUT_MESSAGE);
    // Completed, so the statement wrote the confirmation it was given; never a completion without it.
    if (mailNow && change.mailed !== 1) throw new Error('The completion statement queued no confirmation.');
    // The chosen pickup slot, in this transaction: no completed pickup order without it (a refusal rolls
    // the debit and the order back).
    let slot: TakenPickupSlot | null = null;
    if (body.pickupSlot) {
      slot = await takePickupSlot(
        tx,
        {
          partnerUserId: ids.partnerUserId,
          orderItemId: item.id,
          rewardItemId: reward.id,
          deliveryMethod: item.delivery_method,
          slot: body.pickupSlot,
        },
        time.now,
      );
    }
    await grantReward(tx, ids.orderId, reward, item, time.now);
    const mailLater = body.pickupSlot ? confirmed(slot) : null;
    if (mailLater) await enqueueOrderConfirmation(tx, mailLater.target, mailLater.order);
    return { answer: change.answer ? orderRowsFromJson(change.answer) : null };
  });
}
