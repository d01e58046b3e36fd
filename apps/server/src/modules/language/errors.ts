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
import {
  ApiError,
  BODY_TOO_LARGE_MESSAGE,
  CONTENT_LENGTH_MESSAGE,
  EMPTY_BODY_MESSAGE,
  type ErrorLocalizer,
  INVALID_JSON_MESSAGE,
  INVALID_REQUEST_MESSAGE,
  MEDIA_TYPE_MESSAGE,
  validationRefusalError,
} from '../../plugins/errors';
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
import { findSavedLanguage, headerLanguage } from './request';
import { validationWords } from './validation';

/**
 * Refusals in the request's language (decision 0049): the holder app shows an error answer's message (the
 * cart's 409 and 422, a redemption's red alert, a poll's, a pickup slot's, a recipient's, a sign-in's), so the messages it shows are
 * translated where the answer is sent. A message is known by its English text (the constants the services
 * throw, unchanged), or carries its own translation (`ApiError.localize`, for a message with a value in it).
 * A validation refusal is told again from its issues (`./validation.ts`), and the fixed refusals of a body
 * Fastify could not read are known by their text too. Anything else (a developer's message about a
 * malformed request, such as a missing API version header) stays English.
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
  [INVALID_JSON_MESSAGE, (t) => t('validation.invalidJson')],
  [EMPTY_BODY_MESSAGE, (t) => t('validation.emptyBody')],
  [MEDIA_TYPE_MESSAGE, (t) => t('validation.mediaType')],
  [BODY_TOO_LARGE_MESSAGE, (t) => t('validation.bodyTooLarge')],
  [CONTENT_LENGTH_MESSAGE, (t) => t('validation.contentLength')],
  [INVALID_REQUEST_MESSAGE, (t) => t('validation.invalidRequest')],
]);

/** The English messages this module translates (for the test that each one has its key). */
export const TRANSLATED_ERROR_MESSAGES: readonly string[] = [...KNOWN.keys()];

/** The catalogue's English of a message this module translates (the test compares it with the message). */
export function englishOf(message: string): string | undefined {
  return KNOWN.get(message)?.(translator(DEFAULT_PASS_LANGUAGE));
}

/** How `error` reads in another language (the request's, for a validation refusal), or null when not. */
function translationOf(
  error: ApiError,
): ((language: Exclude<PassLanguage, 'en'>, request?: FastifyRequest) => ApiError) | null {
  const { validation } = error;
  if (validation) {
    return (language, request) =>
      validationRefusalError(validation, validationWords(language, validation, request));
  }
  const translate = error.localize ?? KNOWN.get(error.message);
  if (!translate) return null;
  return (language) =>
    new ApiError(error.statusCode, error.code, translate(translator(language)), error.fields);
}

/**
 * `error` in `language` (itself in English, or when it is not a holder's message). A validation refusal's
 * field messages are zod's in that language; `request` is where the values zod's messages name are read.
 */
export function localizedError(error: ApiError, language: PassLanguage, request?: FastifyRequest): ApiError {
  // English is the messages as thrown (DEFAULT_PASS_LANGUAGE, spelled so that the type narrows).
  if (language === 'en') return error;
  return translationOf(error)?.(language, request) ?? error;
}

/**
 * The error handler's localizer: a holder's refusal in the request's language (the header's, else the saved
 * one, read only then: an English app, or an error that is not a holder's message, costs nothing). A failed
 * read of the saved language leaves the message in English. This is `requestLanguage`'s rule spelled out so
 * that, without a read, the answer is given at once, as an untranslated one is (no promise for the error
 * handler to wait on): with the app's header every validation refusal of the holder API is translated.
 */
export function errorLocalizer(db: DbExecutor): ErrorLocalizer {
  return (request: FastifyRequest, error: ApiError) => {
    if (error.statusCode >= 500 || !translationOf(error)) return error;
    const asked = headerLanguage(request);
    if (asked) return localizedError(error, asked, request);
    const userId = request.passSession?.partnerUserId ?? null;
    if (userId === null) return error;
    return findSavedLanguage(db, userId).then(
      (language) => localizedError(error, language ?? DEFAULT_PASS_LANGUAGE, request),
      () => error,
    );
  };
}
