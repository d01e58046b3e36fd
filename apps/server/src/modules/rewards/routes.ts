import { apiPaths, partnerUserParams, rewardsQuery, rewardsResponse } from '@trailpass/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { errorResponses } from '../../plugins/errors';
import { holderSession } from '../../plugins/session';
import { requestLanguage } from '../language/request';
import { loadRewards } from './service';

export async function rewardsRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  scope.withTypeProvider<ZodTypeProvider>().get(
    apiPaths.rewards,
    {
      schema: {
        operationId: 'getRewards',
        summary: 'The rewards catalogue of the Rewards page (spec 2.5; decision 0016)',
        description:
          'id must be the signed-in partner user and offerId the pass offer, else 404 (403 for a preview or ' +
          'unregistered link). On a points offer: the offer’s reward items (deal_id null). On a gamified ' +
          'offer: the reward items of dealId, which must be a gamified deal of the offer (else 404), or ' +
          'without it of the first gamified deal in rewards order; deal_id null and no items when there is ' +
          'none. Items are sorted by name. ticketsAvailable is the stored count less the live 10-minute ' +
          'holds of draft orders (the caller’s own included).',
        tags: ['rewards'],
        params: partnerUserParams,
        querystring: rewardsQuery,
        response: { 200: rewardsResponse, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const holder = holderSession(request, { id: request.params.id, offerId: request.query.offerId });
      reply.header('cache-control', 'no-store');
      const language = await requestLanguage(context.db, request, holder);
      return loadRewards(context.db, holder, request.query.dealId, context.now(), language);
    },
  );
}
