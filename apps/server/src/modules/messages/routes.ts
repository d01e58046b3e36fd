import { apiPaths, partnerUserParams, unreadCountQuery, unreadCountResponse } from '@trailpass/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app';
import { errorResponses } from '../../plugins/errors';
import { holderSession } from '../../plugins/session';
import { countUnreadMessages } from './repository';

export async function messagesRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  scope.withTypeProvider<ZodTypeProvider>().get(
    apiPaths.unreadCount,
    {
      schema: {
        summary: 'Number of unread messages of the pass holder on the offer (spec 7, Unread count)',
        description:
          'id must be the signed-in partner user and offerId the offer of the pass, else 404 (a signed-out ' +
          'pass has no user, so 404 too). 403 for a preview or unregistered link.',
        tags: ['messages'],
        params: partnerUserParams,
        querystring: unreadCountQuery,
        response: { 200: unreadCountResponse, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const holder = holderSession(request, { id: request.params.id, offerId: request.query.offerId });
      const unread = await countUnreadMessages(context.db, holder.partnerUserId, holder.offerId);
      // Per-user data behind a token, asked for again on every page change: never cached.
      reply.header('cache-control', 'no-store');
      return { unread };
    },
  );
}
