import {
  composeMessageRequest,
  consoleMessage,
  consoleMessageParams,
  messageListQuery,
  messagePage,
  messagePaths,
  offerParams,
} from '@trailpass/contract/console';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ConsoleContext } from '../context';
import { consoleErrorResponses } from '../errors';
import type { WriteContext } from '../holders/service';
import { scopeOf, staffOf } from '../staff-auth';
import { runMessageDelivery } from './delivery';
import { cancelMessage, composeMessage, loadMessagePage } from './service';

const READ_ERRORS = consoleErrorResponses(400, 401, 404);
const WRITE_ERRORS = consoleErrorResponses(400, 401, 403, 404);

/** Issue 30 item 4: messages to an offer's holders, and the delivery of scheduled ones (decision 0041). */
export async function messagesRoutes(scope: FastifyInstance, context: ConsoleContext): Promise<void> {
  const routes = scope.withTypeProvider<ZodTypeProvider>();
  const write = (request: FastifyRequest): WriteContext => ({
    staff: staffOf(request),
    scope: scopeOf(request),
    now: context.now(),
  });
  const delivery = runMessageDelivery(scope, context.db, context.now);

  routes.get(
    messagePaths.messages,
    {
      config: { console: { scope: 'offer', minRole: 'viewer' } },
      schema: {
        operationId: 'consoleListMessages',
        summary: 'The offer’s messages, sent, scheduled and cancelled, paged on the server',
        description:
          'status filters (scheduled, sent, cancelled); q searches the title; sort by sendAt, createdAt or ' +
          'title (without sort: newest send time first).',
        tags: ['console'],
        params: offerParams,
        querystring: messageListQuery,
        response: { 200: messagePage, ...READ_ERRORS },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return loadMessagePage(context.db, request.params.offerId, request.query);
    },
  );

  routes.post(
    messagePaths.messages,
    {
      config: { console: { scope: 'offer', minRole: 'manager' } },
      schema: {
        operationId: 'consoleComposeMessage',
        summary: 'Send a message to every holder of the offer or to one, now or at a scheduled time',
        description:
          'The HTML is sanitised by the rules the holder’s app renders with before it is stored (the answer ' +
          'shows it as the holders will get it). Without sendAt the holders have it when this answers; a ' +
          'scheduled one reaches them at sendAt (the server delivers due messages every 15 seconds); one sent ' +
          'now to more than 1,000 holders is delivered right after this answers (status scheduled until then). 422 ' +
          'for a sendAt not in the future, a holderId that does not hold the offer, or HTML that shows ' +
          'nothing once sanitised.',
        tags: ['console'],
        params: offerParams,
        body: composeMessageRequest,
        response: { 201: consoleMessage, ...WRITE_ERRORS, ...consoleErrorResponses(422) },
      },
    },
    async (request, reply) => {
      const message = await composeMessage(context.db, write(request), request.body, delivery);
      return reply.code(201).send(message);
    },
  );

  routes.delete(
    messagePaths.message,
    {
      config: { console: { scope: 'offer', minRole: 'manager' } },
      schema: {
        operationId: 'consoleCancelMessage',
        summary: 'Cancel a scheduled message before it goes out',
        description: '409 CONFLICT once it was sent (or cancelled already).',
        tags: ['console'],
        params: consoleMessageParams,
        response: { 200: consoleMessage, ...WRITE_ERRORS, ...consoleErrorResponses(409) },
      },
    },
    async (request) => cancelMessage(context.db, write(request), request.params.messageId),
  );
}
