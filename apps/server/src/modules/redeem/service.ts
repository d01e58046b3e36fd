import {
  type LatLng,
  REDEEM_BLOCK_MESSAGES,
  type RedeemBlock,
  type RedeemResponse,
  redeemBlock,
} from '@trailpass/contract';
import type { AppDb, DbExecutor } from '../../db/client';
import { ApiError, badRequest, conflict, notFound, unprocessable } from '../../plugins/errors';
import type { HolderSession } from '../../plugins/session';
import { duplicateDateAfter, iso } from '../data/domain';
import { toOrderProduct } from '../data/mappers';
import type { OrderProductRow } from '../data/repository';
import { appendLedgerEntry } from '../points/ledger';
import type { PassSession } from '../sessions/repository';
import { clearAttempts, countAttempt } from './attempts';
import {
  attemptMinutes,
  creditExpiry,
  dealEarnsPoints,
  earnedReason,
  MISSING_PIN_MESSAGE,
  NO_VENUE_CODE_MESSAGE,
  NOT_A_PICKUP_MESSAGE,
  PICKUP_CANCELLED_MESSAGE,
  PICKUP_DONE_MESSAGE,
  PIN_ATTEMPT_WINDOW_MS,
  type PinAttemptLimits,
  pickupValidation,
  pinMatches,
  tooManyAttemptsMessage,
  USE_CHECK_IN_MESSAGE,
  USE_REDEEM_MESSAGE,
  WRONG_PIN_MESSAGE,
  withinVenueRadius,
} from './domain';
import {
  ensureTicket,
  findCreditDeal,
  findHolderOrderItem,
  findHolderOrderProduct,
  findOfferProduct,
  markOrderProductRedeemed,
  markPickupConfirmed,
  type RedeemVenue,
  recordCheckIn,
  takeDealRedemption,
} from './repository';

/** Which of the two calls was used (spec 7: checkIn when the product's type is check-in). */
export type RedeemRoute = 'redeem' | 'checkIn';

export interface CodeInput {
  pinNumber: string | undefined;
  location: LatLng | null;
  limits: PinAttemptLimits;
}

/**
 * Runs last inside the transaction that redeems, with its answer: the route keeps the answer for the
 * request's Idempotency-Key there, so that the redemption and its answer commit together.
 */
export type BeforeCommit = (tx: DbExecutor, answer: RedeemResponse) => Promise<void>;
const nothingBeforeCommit: BeforeCommit = async () => undefined;

/** 409 for something already used or not yet available again; 422 for a rule that will not change. */
function blockError(block: RedeemBlock): ApiError {
  const message = REDEEM_BLOCK_MESSAGES[block];
  return block === 'used' || block === 'not-yet' ? conflict(message) : unprocessable(message);
}

function checkRoute(productType: string, route: RedeemRoute): void {
  const isCheckIn = productType === 'check-in';
  if (isCheckIn && route !== 'checkIn') throw badRequest(USE_CHECK_IN_MESSAGE);
  if (!isCheckIn && route !== 'redeem') throw badRequest(USE_REDEEM_MESSAGE);
}

interface AttemptLimit {
  key: string;
  max: number;
}

/**
 * Checks the venue's code (DESIGN.md section 5). Every try counts against each limit before the code
 * is compared, so parallel guesses are counted too; over a limit is 429 without comparing. Returns the
 * keys to clear once the redemption commits.
 */
async function checkCode(
  db: AppDb,
  venue: RedeemVenue | null,
  pinNumber: string | undefined,
  limits: AttemptLimit[],
  now: Date,
): Promise<string[]> {
  if (!venue?.pin) throw unprocessable(NO_VENUE_CODE_MESSAGE);
  if (pinNumber === undefined) throw unprocessable(MISSING_PIN_MESSAGE, { pinNumber: MISSING_PIN_MESSAGE });
  for (const limit of limits) {
    const { attempts, windowStartedAt } = await countAttempt(db, limit.key, now, PIN_ATTEMPT_WINDOW_MS);
    if (attempts > limit.max) {
      const retryAfter = windowStartedAt.getTime() + PIN_ATTEMPT_WINDOW_MS - now.getTime();
      const refusal = new ApiError(429, 'rate_limited', tooManyAttemptsMessage(retryAfter));
      const minutes = attemptMinutes(retryAfter);
      refusal.localize = (t) => t('errors.tooManyAttempts', { count: minutes });
      throw refusal;
    }
  }
  if (!pinMatches(venue.pin, pinNumber))
    throw unprocessable(WRONG_PIN_MESSAGE, { pinNumber: WRONG_PIN_MESSAGE });
  return limits.map((limit) => limit.key);
}

/** The attempt limits of one thing a code is tried against, and of the holder at its venue. */
function attemptLimits(
  target: string,
  limits: PinAttemptLimits,
  holderAtVenue: { partnerUserId: number; venue: RedeemVenue | null } | null,
): AttemptLimit[] {
  const list = [{ key: target, max: limits.perTarget }];
  if (holderAtVenue?.venue) {
    const { partnerUserId, venue } = holderAtVenue;
    list.push({ key: `user_venue:${partnerUserId}:${venue.id}`, max: limits.perUserVenue });
  }
  return list;
}

const emptyAnswer = (): RedeemResponse => ({
  order_products: [],
  order_deals: [],
  order_items: [],
  points_earned: 0,
  errors: [],
});

/**
 * Spec 4 Redeeming a product order, for the holder. Checks run first (ownership 404, route 400,
 * availability 409/422, the venue's code 422/429); then one transaction takes a redemption from the
 * order deal, marks the order product redeemed (both UPDATEs re-check their rule, so a repeat or a
 * parallel request changes nothing), creates its ticket and credits the points it earns to the ledger.
 */
export async function redeemOrderProduct(
  db: AppDb,
  holder: HolderSession,
  input: CodeInput & { orderProductId: number; route: RedeemRoute },
  now: Date,
  beforeCommit: BeforeCommit = nothingBeforeCommit,
): Promise<RedeemResponse> {
  const found = await findHolderOrderProduct(db, {
    orderProductId: input.orderProductId,
    partnerUserId: holder.partnerUserId,
    offerId: holder.offerId,
  });
  if (!found) throw notFound();
  const { orderProduct: op, product, venue } = found;
  checkRoute(product.type, input.route);
  const dealRemaining = op.order_deal_id === null ? undefined : found.orderDealRemaining;
  const block = redeemBlock(
    {
      redeemed: iso(op.redeemed),
      duplicate_date: iso(op.duplicate_date),
      redemptions_remaining_use: op.redemptions_remaining_use,
      expire_date: iso(op.expire_date),
      end_date: iso(op.end_date),
    },
    dealRemaining,
    now.getTime(),
  );
  if (block) throw blockError(block);
  const limits = attemptLimits(`order_product:${op.id}`, input.limits, {
    partnerUserId: holder.partnerUserId,
    venue,
  });
  const attemptKeys = await checkCode(db, venue, input.pinNumber, limits, now);

  return db.transaction(async (tx) => {
    const answer = emptyAnswer();
    // The order deal first, then the order product: every redeem locks in this order (no deadlock).
    if (op.order_deal_id !== null) {
      const orderDeal = await takeDealRedemption(tx, op.order_deal_id);
      if (!orderDeal) throw blockError('deal-limit');
      answer.order_deals.push({ ...orderDeal, type: 'deal' });
    }
    const updated = await markOrderProductRedeemed(tx, {
      orderProductId: op.id,
      now,
      duplicateDate: duplicateDateAfter(product, now),
    });
    // Someone redeemed it between the checks and here (another tab, a double tap): nothing changes.
    if (!updated) throw blockError('used');
    if (product.type === 'check-in') {
      await recordCheckIn(tx, {
        offerId: holder.offerId,
        venueId: venue?.id ?? null,
        productId: product.id,
        partnerUserId: holder.partnerUserId,
        orderProductId: op.id,
        at: now,
      });
    }
    const ticketId = await ensureTicket(tx, op.id);
    answer.order_products.push(toOrderProduct(updated, product, ticketId, false, now));

    if (updated.points_to_be_earned > 0) {
      const deal = await findCreditDeal(tx, { offerId: holder.offerId, dealId: updated.deal_id });
      if (deal && dealEarnsPoints(deal, now)) {
        await appendLedgerEntry(tx, {
          partnerUserId: holder.partnerUserId,
          offerId: holder.offerId,
          dealId: deal.id,
          reasonText: earnedReason(product, venue?.name ?? null),
          points: updated.points_to_be_earned,
          valueDate: now,
          expiresAt: creditExpiry(deal, { use_points: deal.offerUsesPoints }, now),
          orderProductId: op.id,
        });
        answer.points_earned = updated.points_to_be_earned;
      }
    }
    await clearAttempts(tx, attemptKeys);
    await beforeCommit(tx, answer);
    return answer;
  });
}

/**
 * Spec 4 Pickup confirmation: an order item picked up at a venue, confirmed once. `pin` needs the
 * venue's code; `gpsOrPin` is satisfied by the holder's location within the venue's radius, else the
 * code; anything else confirms at once.
 */
export async function confirmPickup(
  db: AppDb,
  holder: HolderSession,
  input: CodeInput & { orderItemId: number; route: RedeemRoute },
  now: Date,
  beforeCommit: BeforeCommit = nothingBeforeCommit,
): Promise<RedeemResponse> {
  const found = await findHolderOrderItem(db, {
    orderItemId: input.orderItemId,
    partnerUserId: holder.partnerUserId,
    offerId: holder.offerId,
  });
  if (!found) throw notFound();
  const { item, venue } = found;
  if (input.route !== 'redeem') throw badRequest(USE_REDEEM_MESSAGE);
  if (item.delivery_method !== 'picked_up') throw unprocessable(NOT_A_PICKUP_MESSAGE);
  if (item.cancelled_at !== null) throw conflict(PICKUP_CANCELLED_MESSAGE);
  if (item.redeemed !== null || item.completed !== null) throw conflict(PICKUP_DONE_MESSAGE);

  const validation = pickupValidation(item.redemption_validation);
  const byLocation = validation === 'gpsOrPin' && venue !== null && withinVenueRadius(venue, input.location);
  let attemptKeys: string[] = [];
  if (validation !== 'none' && !byLocation) {
    const limits = attemptLimits(`order_item:${item.id}`, input.limits, {
      partnerUserId: holder.partnerUserId,
      venue,
    });
    attemptKeys = await checkCode(db, venue, input.pinNumber, limits, now);
  }

  return db.transaction(async (tx) => {
    const confirmed = await markPickupConfirmed(tx, { orderItemId: item.id, now });
    if (!confirmed) throw conflict(PICKUP_DONE_MESSAGE);
    await clearAttempts(tx, attemptKeys);
    const answer: RedeemResponse = {
      ...emptyAnswer(),
      order_items: [{ ...confirmed, redeemed: iso(confirmed.redeemed), completed: iso(confirmed.completed) }],
    };
    await beforeCommit(tx, answer);
    return answer;
  });
}

/**
 * A preview of redeeming: the previewed offer's product, the real venue code (with its own attempt
 * limit), and nothing stored. The answer is the product as one order product redeemed now, with the
 * preview's 0.25-minute ticket (spec 9).
 */
export async function previewRedeem(
  db: AppDb,
  session: PassSession & { offerId: number },
  input: CodeInput & { productId: number; route: RedeemRoute },
  now: Date,
): Promise<RedeemResponse> {
  const found = await findOfferProduct(db, { productId: input.productId, offerId: session.offerId });
  if (!found) throw notFound();
  const { product, venue } = found;
  checkRoute(product.type, input.route);
  const attemptKeys = await checkCode(
    db,
    venue,
    input.pinNumber,
    attemptLimits(`preview_product:${product.id}`, input.limits, null),
    now,
  );
  await clearAttempts(db, attemptKeys);
  const standIn: OrderProductRow = {
    id: product.id,
    order_id: product.id,
    product_id: product.id,
    deal_id: product.deal_id,
    order_deal_id: null,
    redeemed: now,
    end_date: null,
    expire_date: null,
    duplicate_date: duplicateDateAfter(product, now),
    redemptions: 1,
    redemptions_remaining_use: Math.max(product.redemptions - 1, 0),
    points_to_be_earned: product.points_to_be_earned,
  };
  return { ...emptyAnswer(), order_products: [toOrderProduct(standIn, product, product.id, true, now)] };
}
