import {
  apiPaths,
  partnerUserParams,
  pointsCurrent,
  pointsCurrentQuery,
  pointsHistory,
  pointsHistoryQuery,
} from '@trailpass/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { errorResponses } from '../../plugins/errors';
import { holderSession, routeSession, tokenHashOf } from '../../plugins/session';
import { requestLanguage } from '../language/request';
import { findSessionOfferDeals } from './repository';
import { loadPointsCurrent, loadPointsHistory } from './service';

const WHICH_HISTORY =
  'id must be the signed-in partner user and offerId the pass offer, else 404 (403 for a preview or ' +
  'unregistered link). The history is one (user, offer, deal): dealId, which must be a deal of the offer ' +
  'that uses points (else 404), or without it the offer’s headline points deal (the single deal of a ' +
  'points offer, else the first gamified deal in rewards order), as GET /data shows. deal_id null: the ' +
  'offer has no points deal.';

export async function pointsRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  const routes = scope.withTypeProvider<ZodTypeProvider>();

  routes.get(
    apiPaths.pointsCurrent,
    {
      // The session is read with the offer's deals, in one query (decision 0023, round three).
      config: { sessionLookup: 'route' },
      schema: {
        operationId: 'getCurrentPoints',
        summary: 'Current points and next expiration of one points history (spec 7, Points current)',
        description:
          `${WHICH_HISTORY} next_points_expiration works first in, first out: debits use up the oldest ` +
          'credits first; it is the earliest future expiry that still has points left, with those points.',
        tags: ['points'],
        params: partnerUserParams,
        querystring: pointsCurrentQuery,
        response: { 200: pointsCurrent, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const found = routeSession(
        request,
        reply,
        await findSessionOfferDeals(context.db, tokenHashOf(request)),
      );
      const holder = holderSession(request, { id: request.params.id, offerId: request.query.offerId });
      reply.header('cache-control', 'no-store');
      return loadPointsCurrent(context.db, holder, found.offerDeals, request.query.dealId, context.now());
    },
  );

  routes.get(
    apiPaths.pointsHistory,
    {
      config: { sessionLookup: 'route' },
      schema: {
        operationId: 'getPointsHistory',
        summary: 'Entries of one points history, newest first (spec 7, Points history)',
        description:
          `${WHICH_HISTORY} Entries by value_date, then id, newest first; balance is the running balance ` +
          'as stored; redeemed is the order item the points paid for, with its state as it is now. Paged ' +
          'by page and display (spec 9 defaults: page 1, display 1000000); total counts the whole history.',
        tags: ['points'],
        params: partnerUserParams,
        querystring: pointsHistoryQuery,
        response: { 200: pointsHistory, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const found = routeSession(
        request,
        reply,
        await findSessionOfferDeals(context.db, tokenHashOf(request)),
      );
      const holder = holderSession(request, { id: request.params.id, offerId: query.offerId });
      reply.header('cache-control', 'no-store');
      return loadPointsHistory(context.db, holder, found.offerDeals, {
        dealId: query.dealId,
        page: query.page,
        display: query.display,
        language: await requestLanguage(context.db, request, holder),
      });
    },
  );
}
