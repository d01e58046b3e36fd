import {
  adEventQuery,
  adEventRequest,
  adEventResponse,
  apiPaths,
  partnerUserParams,
} from '@trailpass/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { errorResponses } from '../../plugins/errors';
import { holderSession } from '../../plugins/session';
import { recordAdEvent } from './service';

export async function adEventsRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  scope.withTypeProvider<ZodTypeProvider>().post(
    apiPaths.adEvent,
    {
      schema: {
        operationId: 'recordAdEvent',
        summary: 'Record an impression or click of module content (spec 7, Ad event)',
        description:
          'id must be the signed-in partner user (else 404; 403 for a preview or unregistered link). The ' +
          'module must be on a pass page of the pass offer and any deal, venue or product of that offer, ' +
          'else 404.',
        tags: ['analytics'],
        params: partnerUserParams,
        querystring: adEventQuery,
        body: adEventRequest,
        response: { 200: adEventResponse, ...errorResponses(400, 401, 403, 404, 415, 429) },
      },
    },
    async (request) => {
      const holder = holderSession(request, { id: request.params.id });
      await recordAdEvent(context.db, holder, request.body);
      return { ok: true as const };
    },
  );
}
