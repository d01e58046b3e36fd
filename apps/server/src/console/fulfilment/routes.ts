import {
  cancelItemRequest,
  fulfilmentItemParams,
  fulfilmentPage,
  fulfilmentPaths,
  fulfilmentQuery,
  fulfilmentResult,
  markShippedRequest,
  offerParams,
} from '@trailpass/contract/console';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ConsoleContext } from '../context';
import { consoleErrorResponses } from '../errors';
import type { WriteContext } from '../holders/service';
import { scopeOf, staffOf } from '../staff-auth';
import { cancelItem, loadQueue, markPickedUp, markShipped } from './service';

const READ_ERRORS = consoleErrorResponses(400, 401, 404);
// 409: the item left the queue (someone else acted on it first); 422: the wrong action for the item.
const WRITE_ERRORS = consoleErrorResponses(400, 401, 403, 404, 409, 422);
const CONFLICT_NOTE =
  'The item is re-checked under its row lock in the change’s transaction: when it is no longer in the ' +
  'queue (shipped, picked up or cancelled, perhaps by someone else at the same moment) the answer is 409 ' +
  'CONFLICT and nothing changes.';

/** Issue 30 item 3: the fulfilment queue and its actions (decision 0041). */
export async function fulfilmentRoutes(scope: FastifyInstance, context: ConsoleContext): Promise<void> {
  const routes = scope.withTypeProvider<ZodTypeProvider>();
  const write = (request: FastifyRequest): WriteContext => ({
    staff: staffOf(request),
    scope: scopeOf(request),
    now: context.now(),
  });

  routes.get(
    fulfilmentPaths.queue,
    {
      config: { console: { scope: 'offer', minRole: 'viewer' } },
      schema: {
        operationId: 'consoleListFulfilment',
        summary: 'The offer’s shipped items still to send, or its pickups pending, paged on the server',
        description:
          'kind=shipped (default) or pickup; q searches the holder’s name and e-mail and the reward; sort by ' +
          'claimedAt (default, oldest first), holder or reward.',
        tags: ['console'],
        params: offerParams,
        querystring: fulfilmentQuery,
        response: { 200: fulfilmentPage, ...READ_ERRORS },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return loadQueue(context.db, request.params.offerId, request.query);
    },
  );

  routes.post(
    fulfilmentPaths.ship,
    {
      config: { console: { scope: 'offer', minRole: 'manager' } },
      schema: {
        operationId: 'consoleMarkItemShipped',
        summary: 'Mark a claimed item shipped, with its carrier and tracking; the holder gets an e-mail',
        description: `${CONFLICT_NOTE} The shipped e-mail goes through the outbox in the same transaction.`,
        tags: ['console'],
        params: fulfilmentItemParams,
        body: markShippedRequest,
        response: { 200: fulfilmentResult, ...WRITE_ERRORS },
      },
    },
    async (request) =>
      markShipped(context.db, context.mail, write(request), request.params.itemId, request.body),
  );

  routes.post(
    fulfilmentPaths.pickedUp,
    {
      config: { console: { scope: 'offer', minRole: 'manager' } },
      schema: {
        operationId: 'consoleMarkItemPickedUp',
        summary: 'Mark a pickup handed over',
        description: CONFLICT_NOTE,
        tags: ['console'],
        params: fulfilmentItemParams,
        response: { 200: fulfilmentResult, ...WRITE_ERRORS },
      },
    },
    async (request) => markPickedUp(context.db, write(request), request.params.itemId),
  );

  routes.post(
    fulfilmentPaths.cancel,
    {
      config: { console: { scope: 'offer', minRole: 'manager' } },
      schema: {
        operationId: 'consoleCancelItem',
        summary: 'Cancel an unfulfilled item: its points credited back and its stock returned',
        description: `${CONFLICT_NOTE} The refund is one ledger entry per deal the item was paid from.`,
        tags: ['console'],
        params: fulfilmentItemParams,
        body: cancelItemRequest,
        response: { 200: fulfilmentResult, ...WRITE_ERRORS },
      },
    },
    async (request) => cancelItem(context.db, write(request), request.params.itemId, request.body),
  );
}
