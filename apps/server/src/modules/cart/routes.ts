import {
  addCartItemRequest,
  apiPaths,
  cartItemParams,
  cartParams,
  cartQuery,
  cartResponse,
  completeCartRequest,
  completeCartResponse,
  createCartRequest,
  DEFAULT_PASS_LANGUAGE,
  deleteCartItemRequest,
  keepAliveRequest,
  NOT_ENOUGH_POINTS_MESSAGE,
  ORDER_EXPIRED_MESSAGE,
  type Order,
  SHIPPING_INFO_MESSAGE,
  SOLD_OUT_MESSAGE,
  updateCartItemRequest,
  updateCartRequest,
} from '@trailpass/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { errorResponses } from '../../plugins/errors';
import {
  type HolderSession,
  holderSession,
  routeSession,
  sessionOf,
  tokenHashOf,
} from '../../plugins/session';
import { translator } from '../language/i18n';
import { requestLanguage } from '../language/request';
import { localizedOrders } from '../orders/localize';
import {
  addCartItem,
  completeCart,
  createCart,
  deleteItem,
  getCart,
  ITEM_ALREADY_IN_CART_MESSAGE,
  keepAlive,
  updateCart,
  updateCartItemOf,
} from './service';

const WHO =
  'For the signed-in holder only (403 for a preview or unregistered link, 404 signed out); the order must be ' +
  'their own order of this offer (404 otherwise).';
const EXPIRED = `409 "${ORDER_EXPIRED_MESSAGE}" once the 10-minute hold has run out.`;
const CLAIM =
  `422 "${NOT_ENOUGH_POINTS_MESSAGE}" when the holder's points are short; 409 "${SOLD_OUT_MESSAGE}" when, ` +
  'after other carts’ holds, none is left; 400 for an option or delivery method the reward does not offer.';

/** The holder the cart acts for: the session's own user (the cart paths carry no user id). */
function cartHolder(request: FastifyRequest): HolderSession {
  return holderSession(request, { id: sessionOf(request).partnerUserId ?? 0 });
}

export async function cartRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  const routes = scope.withTypeProvider<ZodTypeProvider>();
  const settings = () => ({ holdMs: context.cartHoldMs, now: context.now() });
  // Carts change with every call and are per holder: never cached.
  const noStore = {
    onRequest: async (_request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
    },
    // The order's item names in the request's language, as the order routes read them (decision 0049);
    // English (and a refusal, which has no order) is the answer as it was.
    preSerialization: async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
      if (payload === null || typeof payload !== 'object' || !('order' in payload)) return payload;
      const language = await requestLanguage(context.db, request);
      if (language === DEFAULT_PASS_LANGUAGE) return payload;
      const [order] = await localizedOrders(context.db, [payload.order as Order], language);
      return { ...payload, order };
    },
  };

  routes.post(
    apiPaths.cart,
    {
      ...noStore,
      schema: {
        operationId: 'createCart',
        summary: 'Start a cart: a draft order holding one reward for 10 minutes (spec 7, Create cart)',
        description: `${WHO} Ends the holder's other drafts. ${CLAIM}`,
        tags: ['cart'],
        querystring: cartQuery,
        body: createCartRequest,
        response: { 200: cartResponse, ...errorResponses(400, 401, 403, 404, 409, 415, 422, 429) },
      },
    },
    async (request) =>
      createCart(
        context.db,
        holderSession(request, { id: request.body.partnerUserId }),
        request.body,
        settings(),
      ),
  );

  routes.get(
    apiPaths.cartOrder,
    {
      ...noStore,
      schema: {
        operationId: 'getCart',
        summary: 'The active order and the seconds left on its hold (spec 7, Get active order)',
        description: `${WHO} leftTime is 0 once the hold has run out.`,
        tags: ['cart'],
        params: cartParams,
        querystring: cartQuery,
        response: { 200: cartResponse, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => getCart(context.db, cartHolder(request), request.params.orderId, context.now()),
  );

  routes.post(
    apiPaths.cartItems,
    {
      ...noStore,
      schema: {
        operationId: 'addCartItem',
        summary: 'Add the reward to a draft order that holds none (spec 7, Add item)',
        description: `${WHO} ${EXPIRED} 409 "${ITEM_ALREADY_IN_CART_MESSAGE}" (one item per cart). ${CLAIM}`,
        tags: ['cart'],
        params: cartParams,
        querystring: cartQuery,
        body: addCartItemRequest,
        response: { 200: cartResponse, ...errorResponses(400, 401, 403, 404, 409, 415, 422, 429) },
      },
    },
    async (request) =>
      addCartItem(context.db, cartHolder(request), request.params.orderId, request.body, settings()),
  );

  routes.put(
    apiPaths.cartOrder,
    {
      ...noStore,
      schema: {
        operationId: 'updateCart',
        summary: 'Update the order: recipient (or none), customer, the item’s option (spec 7, Update order)',
        description: `${WHO} ${EXPIRED} distribute false removes the recipient. ${CLAIM}`,
        tags: ['cart'],
        params: cartParams,
        querystring: cartQuery,
        body: updateCartRequest,
        response: { 200: cartResponse, ...errorResponses(400, 401, 403, 404, 409, 415, 422, 429) },
      },
    },
    async (request) =>
      updateCart(context.db, cartHolder(request), request.params.orderId, request.body, settings()),
  );

  routes.put(
    apiPaths.cartKeepAlive,
    {
      ...noStore,
      schema: {
        operationId: 'keepCartAlive',
        summary: 'Keep the order alive: the hold starts again at 10 minutes (spec 7, Keep alive)',
        description:
          `${WHO} A hold that has run out comes back only while its item is still available (else 409). ` +
          'A body orderId other than the path’s is 400.',
        tags: ['cart'],
        params: cartParams,
        querystring: cartQuery,
        body: keepAliveRequest,
        response: { 200: cartResponse, ...errorResponses(400, 401, 403, 404, 409, 415, 422, 429) },
      },
    },
    async (request) =>
      keepAlive(context.db, cartHolder(request), request.params.orderId, request.body, settings()),
  );

  routes.put(
    apiPaths.cartComplete,
    {
      ...noStore,
      // The session is read with the completion's first read (decision 0023, round three).
      config: { sessionLookup: 'route' },
      schema: {
        operationId: 'completeCart',
        summary: 'Complete the order: points debited, stock taken, once (spec 7, Complete)',
        description:
          `${WHO} ${EXPIRED} 422 "${NOT_ENOUGH_POINTS_MESSAGE}" or "${SHIPPING_INFO_MESSAGE}" (spec 5); 409 ` +
          `"${SOLD_OUT_MESSAGE}". Repeating it for a completed order answers the same without charging again. ` +
          'The holder is e-mailed an order confirmation once, when the order is completed.',
        tags: ['cart'],
        params: cartParams,
        querystring: cartQuery,
        body: completeCartRequest,
        response: { 200: completeCartResponse, ...errorResponses(400, 401, 403, 404, 409, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const answer = await completeCart(
        context.db,
        context.mail,
        {
          tokenHash: tokenHashOf(request),
          holderOf: (session) => {
            routeSession(request, reply, session ? { session } : null);
            return cartHolder(request);
          },
        },
        request.params.orderId,
        request.body,
        context.now,
      );
      // Its message in the request's language (decision 0049); English: the answer as it was.
      const language = await requestLanguage(context.db, request);
      return language === DEFAULT_PASS_LANGUAGE
        ? answer
        : { ...answer, message: translator(language)('cart.orderCompleted') };
    },
  );

  routes.put(
    apiPaths.cartItem,
    {
      ...noStore,
      schema: {
        operationId: 'updateCartItem',
        summary: 'Change the item’s delivery method or option (spec 7, Update item)',
        description: `${WHO} ${EXPIRED} ${CLAIM}`,
        tags: ['cart'],
        params: cartItemParams,
        querystring: cartQuery,
        body: updateCartItemRequest,
        response: { 200: cartResponse, ...errorResponses(400, 401, 403, 404, 409, 415, 422, 429) },
      },
    },
    async (request) =>
      updateCartItemOf(context.db, cartHolder(request), request.params, request.body, settings()),
  );

  routes.delete(
    apiPaths.cartItem,
    {
      ...noStore,
      schema: {
        operationId: 'removeCartItem',
        summary:
          'Remove the item, or let an expired hold go (moreTime false) (spec 7, Delete or expire item)',
        description:
          `${WHO} Works on an expired hold too; moreTime false marks the order expired. A body orderId, ` +
          'itemType or itemId other than the path’s is 400.',
        tags: ['cart'],
        params: cartItemParams,
        querystring: cartQuery,
        body: deleteCartItemRequest,
        response: { 200: cartResponse, ...errorResponses(400, 401, 403, 404, 409, 415, 429) },
      },
    },
    async (request) =>
      deleteItem(context.db, cartHolder(request), request.params, request.body, context.now()),
  );
}
