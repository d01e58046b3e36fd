import {
  apiPaths,
  order,
  orderHistory,
  orderHistoryQuery,
  orderParams,
  partnerUserParams,
  passQuery,
} from '@trailpass/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { errorResponses } from '../../plugins/errors';
import { holderSession } from '../../plugins/session';
import { requestLanguage } from '../language/request';
import { loadOrder, loadOrderHistory } from './service';

const WHO =
  'id must be the signed-in partner user and offerId (when asked for) the offer of the pass, else 404 (a ' +
  'signed-out pass has no user, so 404 too). 403 for a preview or unregistered link.';

export async function ordersRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  const routes = scope.withTypeProvider<ZodTypeProvider>();

  routes.get(
    apiPaths.orders,
    {
      schema: {
        operationId: 'getOrders',
        summary: 'The holder’s order history on the offer, newest first (spec 7, Order history)',
        description:
          `${WHO} Completed orders only (the cart is a draft; expired and cancelled carts were never ` +
          'bought), highest id first; display (default 20) orders from page (default 1); total counts them all.',
        tags: ['orders'],
        params: partnerUserParams,
        querystring: orderHistoryQuery,
        response: { 200: orderHistory, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const holder = holderSession(request, { id: request.params.id, offerId: request.query.offerId });
      const body = await loadOrderHistory(
        context.db,
        holder,
        request.query,
        context.now(),
        await requestLanguage(context.db, request, holder),
      );
      reply.header('cache-control', 'no-store');
      return body;
    },
  );

  routes.get(
    apiPaths.order,
    {
      schema: {
        operationId: 'getOrder',
        summary: 'One of the holder’s orders (spec 7, Order)',
        description:
          `${WHO} The order must be the holder’s on the pass offer and not the cart (a draft: GET ` +
          '/cart/{orderId}), else 404.',
        tags: ['orders'],
        params: orderParams,
        querystring: passQuery,
        response: { 200: order, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const holder = holderSession(request, { id: request.params.id });
      const body = await loadOrder(
        context.db,
        holder,
        request.params.orderId,
        context.now(),
        await requestLanguage(context.db, request, holder),
      );
      reply.header('cache-control', 'no-store');
      return body;
    },
  );
}
