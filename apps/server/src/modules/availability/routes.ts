import {
  apiPaths,
  availableDatesQuery,
  availableDatesResponse,
  availableTimesQuery,
  availableTimesResponse,
  itemDatesParams,
  itemDatesRequest,
  itemDatesResponse,
  passQuery,
  pickupPointsQuery,
  pickupPointsResponse,
} from '@trailpass/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { errorResponses } from '../../plugins/errors';
import { type HolderSession, holderSession, sessionOf } from '../../plugins/session';
import { requestLanguage } from '../language/request';
import { loadAvailableDates, loadAvailableTimes, loadPickupPoints, saveItemDates } from './service';

/**
 * The availability reads name no partner user in their path, but they serve the holder's claim and
 * booking (decision 0017): the same rule as /partnerUser/{id} routes for the session's own user.
 */
function readerOf(request: FastifyRequest): HolderSession {
  return holderSession(request, { id: sessionOf(request).partnerUserId ?? 0 });
}

const WHO =
  'For the signed-in pass holder: 403 for a preview or unregistered link, 404 for a signed-out pass. ' +
  'itemType=product: itemIds are products of the pass offer (a bookable product); itemType=reward_item: ' +
  'reward items of the offer (a pickup reward). itemIds is comma-separated or repeated, at most 50; an ' +
  'item that is not the offer’s is 404, and so is a pickupPoint that is not one of the items’.';

const ZONES =
  'Dates (YYYY-MM-DD) and times (HH:MM) are wall-clock values in the item’s timezone; only what is ' +
  'still ahead is offered.';

export async function availabilityRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  const routes = scope.withTypeProvider<ZodTypeProvider>();

  routes.get(
    apiPaths.availableDates,
    {
      schema: {
        operationId: 'getAvailableDates',
        summary: 'Dates an item can be picked up or booked (spec 7, Availability)',
        description:
          `${WHO} ${ZONES} One entry per item, in the order asked; each date once per pickup point, ` +
          'ascending; available false means fully booked. timezone null and no dates: the item has no ' +
          'availability.',
        tags: ['availability'],
        querystring: availableDatesQuery,
        response: { 200: availableDatesResponse, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const holder = readerOf(request);
      const { itemIds, itemType, pickupPoint } = request.query;
      reply.header('cache-control', 'no-store');
      return loadAvailableDates(context.db, holder, { itemIds, itemType, pickupPoint }, context.now());
    },
  );

  routes.get(
    apiPaths.availableTimes,
    {
      schema: {
        operationId: 'getAvailableTimes',
        summary: 'Times of one date an item can be picked up or booked (spec 7, Availability)',
        description:
          `${WHO} ${ZONES} One entry per item, in the order asked; the date’s times still ahead, ` +
          'ascending, each with its pickup point; empty when the date is fully booked, past or not offered.',
        tags: ['availability'],
        querystring: availableTimesQuery,
        response: { 200: availableTimesResponse, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const holder = readerOf(request);
      const { itemIds, itemType, pickupPoint, date } = request.query;
      reply.header('cache-control', 'no-store');
      return loadAvailableTimes(context.db, holder, { itemIds, itemType, pickupPoint, date }, context.now());
    },
  );

  routes.get(
    apiPaths.pickupPoints,
    {
      schema: {
        operationId: 'getPickupPoints',
        summary: 'Where an item can be picked up (spec 7, Availability)',
        description:
          'For the signed-in pass holder: 403 for a preview or unregistered link, 404 for a signed-out ' +
          'pass. productId is a product of the pass offer, or with itemType=reward_item a reward item of ' +
          'it (else 404). The pickup points in the partner’s order, with their venue’s name and address; ' +
          'empty when the item has none.',
        tags: ['availability'],
        querystring: pickupPointsQuery,
        response: { 200: pickupPointsResponse, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const holder = readerOf(request);
      const { productId, itemType } = request.query;
      reply.header('cache-control', 'no-store');
      const language = await requestLanguage(context.db, request, holder);
      return loadPickupPoints(context.db, holder, productId, itemType ?? 'product', language);
    },
  );

  routes.post(
    apiPaths.itemDates,
    {
      schema: {
        operationId: 'setItemDates',
        summary: 'Choose the date, time and pickup point for the holder’s items (spec 7, Availability)',
        description:
          'id must be the signed-in partner user, else 404 (403 for a preview or unregistered link). ' +
          'products: one choice per item, each for an order item (a pickup reward) or an order product (a ' +
          'bookable product) of the holder’s completed orders on this offer (else 404). The time must be ' +
          'one the item’s availability offers on that date, at that pickup point (needed when the item ' +
          'has pickup points), and still ahead: else 422, as for an item without availability or a ' +
          'shipped item; 409 when the item has been picked up or used. All choices are stored, or none; ' +
          'choosing again replaces the earlier choice. Choosing does not take the slot from others.',
        tags: ['availability'],
        params: itemDatesParams,
        querystring: passQuery,
        body: itemDatesRequest,
        response: { 200: itemDatesResponse, ...errorResponses(400, 401, 403, 404, 409, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const holder = holderSession(request, { id: request.params.id });
      reply.header('cache-control', 'no-store');
      return saveItemDates(context.db, holder, request.body.products, context.now());
    },
  );
}
