import {
  COMPLETION_BLOCK_MESSAGES,
  DEFAULT_PASS_LANGUAGE,
  LOGIN_CODE_ENDED_MESSAGE,
  LOGIN_CODE_WRONG_MESSAGE,
  LOGIN_NOT_FOUND_MESSAGE,
  NOT_ENOUGH_POINTS_MESSAGE,
  ORDER_EXPIRED_MESSAGE,
  type PassLanguage,
  REDEEM_BLOCK_MESSAGES,
  SHIPPING_INFO_MESSAGE,
  SOLD_OUT_MESSAGE,
} from '@trailpass/contract';
import type { FastifyRequest } from 'fastify';
import type { DbExecutor } from '../../db/client';
import { ApiError, type ErrorLocalizer } from '../../plugins/errors';
import {
  ALREADY_PICKED_UP_MESSAGE,
  CHOOSE_PICKUP_POINT_MESSAGE,
  NO_DATES_MESSAGE,
  PICKUP_POINT_NOT_OFFERED_MESSAGE,
  SHIPPED_ITEM_MESSAGE,
  TIME_NOT_OFFERED_MESSAGE,
} from '../availability/domain';
import {
  CHOOSE_OPTION_MESSAGE,
  DELIVERY_METHOD_NOT_OFFERED_MESSAGE,
  ITEM_ALREADY_IN_CART_MESSAGE,
  NO_OPTIONS_MESSAGE,
  ORDER_CHANGED_MESSAGE,
} from '../cart/service';
import {
  ALREADY_SHIPPED_MESSAGE,
  NOT_COMPLETED_MESSAGE,
  NOT_GIFTABLE_MESSAGE,
  NOT_SHIPPED_MESSAGE,
  SHIP_TO_SELF_MESSAGE,
} from '../distribution/domain';
import { ALREADY_VOTED_MESSAGE, POLL_CLOSED_MESSAGE } from '../polls/service';
import {
  MISSING_PIN_MESSAGE,
  NO_VENUE_CODE_MESSAGE,
  NOT_A_PICKUP_MESSAGE,
  PICKUP_CANCELLED_MESSAGE,
  PICKUP_DONE_MESSAGE,
  WRONG_PIN_MESSAGE,
} from '../redeem/domain';
import { type Translate, translator } from './i18n';
import { requestLanguage } from './request';

/**
 * Refusals in the request's language (decision 0049): the holder app shows an error answer's message (the
 * cart's 409 and 422, a redemption's red alert, a poll's, a pickup slot's, a recipient's, a sign-in's), so the messages it shows are
 * translated where the answer is sent. A message is known by its English text (the constants the services
 * throw, unchanged), or carries its own translation (`ApiError.localize`, for a message with a value in it).
 * Anything else (a developer's message about a malformed request) stays English.
 */

/** Each known English message, and its translation by a literal key. */
const KNOWN: ReadonlyMap<string, (t: Translate) => string> = new Map<string, (t: Translate) => string>([
  [NOT_ENOUGH_POINTS_MESSAGE, (t) => t('errors.notEnoughPoints')],
  [SHIPPING_INFO_MESSAGE, (t) => t('errors.shippingInfo')],
  [ORDER_EXPIRED_MESSAGE, (t) => t('errors.orderExpired')],
  [SOLD_OUT_MESSAGE, (t) => t('errors.soldOut')],
  [COMPLETION_BLOCK_MESSAGES['no-order'], (t) => t('errors.bagEmpty')],
  [ITEM_ALREADY_IN_CART_MESSAGE, (t) => t('errors.itemAlreadyInCart')],
  [CHOOSE_OPTION_MESSAGE, (t) => t('errors.chooseOption')],
  [NO_OPTIONS_MESSAGE, (t) => t('errors.noOptions')],
  [DELIVERY_METHOD_NOT_OFFERED_MESSAGE, (t) => t('errors.deliveryMethodNotOffered')],
  [ORDER_CHANGED_MESSAGE, (t) => t('errors.orderChanged')],
  [REDEEM_BLOCK_MESSAGES.used, (t) => t('errors.redeemUsed')],
  [REDEEM_BLOCK_MESSAGES['not-yet'], (t) => t('errors.redeemNotYet')],
  [REDEEM_BLOCK_MESSAGES.expired, (t) => t('errors.redeemExpired')],
  [REDEEM_BLOCK_MESSAGES['deal-limit'], (t) => t('errors.redeemDealLimit')],
  [WRONG_PIN_MESSAGE, (t) => t('errors.wrongPin')],
  [MISSING_PIN_MESSAGE, (t) => t('errors.missingPin')],
  [NO_VENUE_CODE_MESSAGE, (t) => t('errors.noVenueCode')],
  [PICKUP_DONE_MESSAGE, (t) => t('errors.pickupDone')],
  [PICKUP_CANCELLED_MESSAGE, (t) => t('errors.pickupCancelled')],
  [NOT_A_PICKUP_MESSAGE, (t) => t('errors.notAPickup')],
  [POLL_CLOSED_MESSAGE, (t) => t('errors.pollClosed')],
  [ALREADY_VOTED_MESSAGE, (t) => t('errors.alreadyVoted')],
  [SHIP_TO_SELF_MESSAGE, (t) => t('errors.shipToSelf')],
  [NOT_COMPLETED_MESSAGE, (t) => t('errors.notCompleted')],
  [NOT_SHIPPED_MESSAGE, (t) => t('errors.notShipped')],
  [ALREADY_SHIPPED_MESSAGE, (t) => t('errors.alreadyShipped')],
  [NOT_GIFTABLE_MESSAGE, (t) => t('errors.notGiftable')],
  [NO_DATES_MESSAGE, (t) => t('errors.noDates')],
  [CHOOSE_PICKUP_POINT_MESSAGE, (t) => t('errors.choosePickupPoint')],
  [PICKUP_POINT_NOT_OFFERED_MESSAGE, (t) => t('errors.pickupPointNotOffered')],
  [TIME_NOT_OFFERED_MESSAGE, (t) => t('errors.timeNotOffered')],
  [SHIPPED_ITEM_MESSAGE, (t) => t('errors.shippedItem')],
  [ALREADY_PICKED_UP_MESSAGE, (t) => t('errors.alreadyPickedUp')],
  [LOGIN_NOT_FOUND_MESSAGE, (t) => t('errors.loginNotFound')],
  [LOGIN_CODE_WRONG_MESSAGE, (t) => t('errors.loginCodeWrong')],
  [LOGIN_CODE_ENDED_MESSAGE, (t) => t('errors.loginCodeEnded')],
]);

/** The English messages this module translates (for the test that each one has its key). */
export const TRANSLATED_ERROR_MESSAGES: readonly string[] = [...KNOWN.keys()];

/** How `error`'s message reads in another language, or null when it is not a holder's message. */
function translationOf(error: ApiError): ((t: Translate) => string) | null {
  return error.localize ?? KNOWN.get(error.message) ?? null;
}

/** `error` with its message in `language` (itself in English, or when its message is not a holder's). */
export function localizedError(error: ApiError, language: PassLanguage): ApiError {
  const translate = translationOf(error);
  if (!translate || language === DEFAULT_PASS_LANGUAGE) return error;
  return new ApiError(error.statusCode, error.code, translate(translator(language)), error.fields);
}

/**
 * The error handler's localizer: a holder's refusal in the request's language (the header's, else the saved
 * one, read only then: an English app, or an error that is not a holder's message, costs nothing). A failed
 * read of the saved language leaves the message in English.
 */
export function errorLocalizer(db: DbExecutor): ErrorLocalizer {
  return (request: FastifyRequest, error: ApiError) => {
    if (error.statusCode >= 500 || !translationOf(error)) return error;
    return requestLanguage(db, request, request.passSession ?? null).then(
      (language) => localizedError(error, language),
      () => error,
    );
  };
}
