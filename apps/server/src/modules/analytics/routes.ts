import { apiPaths, pageViewRequest } from '@trailpass/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { errorResponses } from '../../plugins/errors';
import { sessionOf } from '../../plugins/session';
import { insertPageView } from './repository';

export async function analyticsRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  scope.withTypeProvider<ZodTypeProvider>().post(
    apiPaths.pageView,
    {
      schema: {
        operationId: 'recordPageView',
        summary:
          'Record a page view (spec 2.1); partner, offer, preview flags and user come from the session',
        description:
          'The optional session_device_id and local_device_id are the app’s session-scoped and local random ' +
          'device ids (spec 9), stored as sent so that the views of one device can be told apart.',
        tags: ['analytics'],
        body: pageViewRequest,
        response: { 204: z.null().describe('Stored'), ...errorResponses(400, 401, 415, 429) },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      await insertPageView(context.db, {
        sessionId: session.id,
        offerId: session.offerId,
        partnerUserId: session.partnerUserId,
        isPreview: session.isPreview,
        isUnregistered: session.isUnregisteredLink,
        routeName: request.body.route_name,
        productId: request.body.product_id ?? null,
        dealId: request.body.deal_id ?? null,
        venueId: request.body.venue_id ?? null,
        sessionDeviceId: request.body.session_device_id ?? null,
        localDeviceId: request.body.local_device_id ?? null,
      });
      return reply.code(204).send(null);
    },
  );
}
