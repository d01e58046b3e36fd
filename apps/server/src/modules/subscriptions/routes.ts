import {
  apiPaths,
  messageList,
  messageListParams,
  messageListsQuery,
  messageListsResponse,
  partnerMessageLists,
  partnerUserParams,
  passQuery,
  rootApiPaths,
  updateSubscriptionRequest,
} from '@trailpass/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { errorResponses } from '../../plugins/errors';
import { holderSession, sessionOf } from '../../plugins/session';
import { requestLanguage } from '../language/request';
import { loadHolderMessageLists, loadPartnerMessageLists, updateSubscription } from './service';

const WHO =
  'id must be the signed-in partner user and offerId (when asked for) the offer of the pass, else 404 (a ' +
  'signed-out pass has no user, so 404 too). 403 for a preview or unregistered link.';

/** The holder's subscriptions: registered in the pass API scope (app.ts). */
export async function subscriptionsRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  const routes = scope.withTypeProvider<ZodTypeProvider>();

  routes.get(
    apiPaths.userMessageLists,
    {
      schema: {
        operationId: 'getMessageLists',
        summary: 'The partner’s mailing lists with the holder’s subscribed flag (spec 7, Mailing lists)',
        description: `${WHO} A list the holder never chose reads subscribed 0. name and description are HTML.`,
        tags: ['subscriptions'],
        params: partnerUserParams,
        querystring: messageListsQuery,
        response: { 200: messageListsResponse, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const holder = holderSession(request, { id: request.params.id, offerId: request.query.offerId });
      const body = await loadHolderMessageLists(
        context.db,
        holder,
        await requestLanguage(context.db, request, holder),
      );
      reply.header('cache-control', 'no-store');
      return body;
    },
  );

  routes.put(
    apiPaths.userMessageList,
    {
      schema: {
        operationId: 'setMessageListSubscription',
        summary: 'Subscribe to or unsubscribe from one mailing list (spec 7, Mailing lists)',
        description:
          `${WHO} The body’s id must equal listId (400 otherwise) and the list must be one of the pass ` +
          'partner’s (404 otherwise). Answers the list with its new flag.',
        tags: ['subscriptions'],
        params: messageListParams,
        querystring: passQuery,
        body: updateSubscriptionRequest,
        response: { 200: messageList, ...errorResponses(400, 401, 403, 404, 415, 429) },
      },
    },
    async (request, reply) => {
      const holder = holderSession(request, { id: request.params.id });
      const body = await updateSubscription(
        context.db,
        holder,
        request.params.listId,
        request.body,
        await requestLanguage(context.db, request, holder),
      );
      request.log.info(
        {
          sessionId: holder.id,
          partnerUserId: holder.partnerUserId,
          listId: body.id,
          subscribed: body.subscribed,
        },
        'subscription updated',
      );
      reply.header('cache-control', 'no-store');
      return body;
    },
  );
}

/** GET /messageLists: registered in the root API scope (app.ts), served at the site root. */
export async function messageListsRootRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  scope.withTypeProvider<ZodTypeProvider>().get(
    rootApiPaths.messageLists,
    {
      schema: {
        operationId: 'getOfferMessageLists',
        summary: 'The mailing lists of the pass offer’s partner (spec 7, Mailing lists; at the site root)',
        description:
          'Any pass with an offer may read them (holder, signed out, preview), without subscribed flags; ' +
          'an unregistered link has no offer and gets an empty list.',
        tags: ['subscriptions'],
        querystring: passQuery,
        response: { 200: partnerMessageLists, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const body = await loadPartnerMessageLists(
        context.db,
        session,
        await requestLanguage(context.db, request, session),
      );
      reply.header('cache-control', 'no-store');
      return body;
    },
  );
}
