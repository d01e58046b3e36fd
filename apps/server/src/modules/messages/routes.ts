import {
  apiPaths,
  markReadRequest,
  markReadResponse,
  messageParams,
  messagesQuery,
  messagesResponse,
  partnerUserParams,
  passQuery,
  unreadCountQuery,
  unreadCountResponse,
} from '@trailpass/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { errorResponses } from '../../plugins/errors';
import { holderSession } from '../../plugins/session';
import { requestLanguage } from '../language/request';
import { countUnreadMessages } from './repository';
import { loadMessages, markRead } from './service';

const WHO =
  'id must be the signed-in partner user and offerId (when asked for) the offer of the pass, else 404 (a ' +
  'signed-out pass has no user, so 404 too). 403 for a preview or unregistered link.';

export async function messagesRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  const routes = scope.withTypeProvider<ZodTypeProvider>();

  routes.get(
    apiPaths.unreadCount,
    {
      schema: {
        operationId: 'getUnreadMessageCount',
        summary: 'Number of unread messages of the pass holder on the offer (spec 7, Unread count)',
        description: WHO,
        tags: ['messages'],
        params: partnerUserParams,
        querystring: unreadCountQuery,
        response: { 200: unreadCountResponse, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const holder = holderSession(request, { id: request.params.id, offerId: request.query.offerId });
      const unread = await countUnreadMessages(
        context.db,
        holder.partnerUserId,
        holder.offerId,
        context.now(),
      );
      // Per-user data behind a token, asked for again on every page change: never cached.
      reply.header('cache-control', 'no-store');
      return { unread };
    },
  );

  routes.get(
    apiPaths.messages,
    {
      schema: {
        operationId: 'getMessages',
        summary: 'The pass holder’s messages on the offer, newest first (spec 7, Messages)',
        description:
          `${WHO} message is HTML exactly as the partner sent it: sanitise it where it is rendered. ` +
          'read_at is null while the message is unread.',
        tags: ['messages'],
        params: partnerUserParams,
        querystring: messagesQuery,
        response: { 200: messagesResponse, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const holder = holderSession(request, { id: request.params.id, offerId: request.query.offerId });
      const language = await requestLanguage(context.db, request, holder);
      const data = await loadMessages(context.db, holder, context.now(), language);
      reply.header('cache-control', 'no-store');
      return { data };
    },
  );

  routes.put(
    apiPaths.message,
    {
      schema: {
        operationId: 'markMessageRead',
        summary: 'Mark one of the holder’s messages read (spec 7, Mark read)',
        description:
          `${WHO} The message must be the holder’s on the pass offer, else 404. Marking again keeps the ` +
          'first read_at and answers it.',
        tags: ['messages'],
        params: messageParams,
        querystring: passQuery,
        body: markReadRequest,
        response: { 200: markReadResponse, ...errorResponses(400, 401, 403, 404, 415, 429) },
      },
    },
    async (request, reply) => {
      const holder = holderSession(request, { id: request.params.id });
      const body = await markRead(context.db, holder, request.params.messageId, context.now());
      reply.header('cache-control', 'no-store');
      return body;
    },
  );
}
