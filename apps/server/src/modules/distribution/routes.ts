import {
  apiPaths,
  distributionParams,
  distributionQuery,
  distributionRequest,
  distributionResponse,
  distributionsRequest,
  distributionsResponse,
  partnerUserParams,
  SHIPPING_INFO_MESSAGE,
} from '@trailpass/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { errorResponses } from '../../plugins/errors';
import { holderSession } from '../../plugins/session';
import {
  ALREADY_SHIPPED_MESSAGE,
  NOT_COMPLETED_MESSAGE,
  NOT_GIFTABLE_MESSAGE,
  SHIP_TO_SELF_MESSAGE,
} from './domain';
import { saveDistribution, saveDistributions } from './service';

const RULES =
  'id must be the signed-in partner user (else 404; 403 for a preview or unregistered link), and each ' +
  'order the holder’s on this offer holding the named item (order_products, order_deals or ' +
  'order_packages, and the order item’s id), else 404. The item must be shipped (else 422), the order ' +
  `completed (else 409 "${NOT_COMPLETED_MESSAGE}") and nothing of it shipped yet (else 409 ` +
  `"${ALREADY_SHIPPED_MESSAGE}"). distribute is the recipient, or false to ship to the holder; what it ` +
  `ships to then must be complete (spec 5, else 422 "${SHIPPING_INFO_MESSAGE}") and a recipient’s e-mail ` +
  `not the holder’s (422 "${SHIP_TO_SELF_MESSAGE}"). A recipient needs a giftable item on an offer that ` +
  `gifts (else 422 "${NOT_GIFTABLE_MESSAGE}"). With distribute false, customer (optional) is the holder’s ` +
  'own new address for the order.';

export async function distributionRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  const routes = scope.withTypeProvider<ZodTypeProvider>();

  routes.put(
    apiPaths.distribution,
    {
      schema: {
        operationId: 'setOrderDistribution',
        summary: 'Set who a completed order ships to (spec 7, Distribution)',
        description: `${RULES} Answers the order’s recipient as stored (null: the holder) and the holder’s address.`,
        tags: ['orders'],
        params: distributionParams,
        querystring: distributionQuery,
        body: distributionRequest,
        response: { 200: distributionResponse, ...errorResponses(400, 401, 403, 404, 409, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const { id, orderId, itemType, itemId } = request.params;
      const holder = holderSession(request, { id });
      reply.header('cache-control', 'no-store');
      return saveDistribution(
        context.db,
        holder,
        { orderId, itemType, itemId, ...request.body },
        context.now(),
      );
    },
  );

  routes.post(
    apiPaths.distributions,
    {
      schema: {
        operationId: 'setOrderDistributions',
        summary: 'Set who several completed orders ship to, all or none (spec 7, Distribution)',
        description: `${RULES} Each order once; one refusal changes nothing. Answers each order’s recipient.`,
        tags: ['orders'],
        params: partnerUserParams,
        querystring: distributionQuery,
        body: distributionsRequest,
        response: { 200: distributionsResponse, ...errorResponses(400, 401, 403, 404, 409, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const holder = holderSession(request, { id: request.params.id });
      reply.header('cache-control', 'no-store');
      return saveDistributions(context.db, holder, request.body.distributions, context.now());
    },
  );
}
