import { apiPaths, partnerUserParams, shareQuery, shareResponse } from '@trailpass/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { errorResponses } from '../../plugins/errors';
import { holderSession } from '../../plugins/session';
import { requestLanguage } from '../language/request';
import { loadShare } from './service';

export async function shareRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  scope.withTypeProvider<ZodTypeProvider>().get(
    apiPaths.share,
    {
      schema: {
        operationId: 'getShareContent',
        summary: 'Title, text and address to share the offer or one of its deals (spec 7, Share)',
        description:
          'id must be the signed-in partner user and offerId the pass offer, else 404 (403 for a preview or ' +
          'unregistered link). With dealId the deal must be one of the offer’s, else 404. url is the ' +
          'offer’s public sign-up page (null when it has none), never a pass link.',
        tags: ['share'],
        params: partnerUserParams,
        querystring: shareQuery,
        response: { 200: shareResponse, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const holder = holderSession(request, { id: request.params.id, offerId: request.query.offerId });
      const language = await requestLanguage(context.db, request, holder);
      const body = await loadShare(context.db, holder, request.query.dealId, language);
      reply.header('cache-control', 'no-store');
      return body;
    },
  );
}
