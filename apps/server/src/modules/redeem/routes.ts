import {
  apiPaths,
  type LatLng,
  partnerUserParams,
  previewRedeemRequest,
  redeemErrorBody,
  redeemRequest,
  redeemResponse,
} from '@trailpass/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { errorHandlerWith, forbidden, notFound } from '../../plugins/errors';
import { holderSession, sessionOf } from '../../plugins/session';
import {
  IDEMPOTENCY_RULES,
  idempotencyKeyHeaders,
  idempotentRoute,
  keepAnswerInTransaction,
} from '../idempotency/hooks';
import { errorLocalizer } from '../language/errors';
import { DEFAULT_PIN_ATTEMPT_LIMITS, MISSING_PIN_MESSAGE, WRONG_PIN_MESSAGE } from './domain';
import {
  type BeforeCommit,
  confirmPickup,
  previewRedeem,
  type RedeemRoute,
  redeemOrderProduct,
} from './service';

const refusals = Object.fromEntries(
  [400, 401, 403, 404, 409, 415, 422, 429].map((status) => [status, redeemErrorBody]),
) as Record<400 | 401 | 403 | 404 | 409 | 415 | 422 | 429, typeof redeemErrorBody>;

function locationOf(body: { latitude?: number | undefined; longitude?: number | undefined }): LatLng | null {
  return body.latitude !== undefined && body.longitude !== undefined
    ? { latitude: body.latitude, longitude: body.longitude }
    : null;
}

const RULES =
  '404 unless the order product or item is the holder’s, in a completed order of this offer; 400 for a ' +
  'check-in sent to redeem or the reverse; 409 when already redeemed (or not available again yet); 422 ' +
  `when expired, when the deal has no redemptions left, for a missing code ("${MISSING_PIN_MESSAGE}") or ` +
  `a wrong one ("${WRONG_PIN_MESSAGE}"); 429 after too many wrong codes for it. A refusal changes nothing.`;

/** A route's name and summary in the OpenAPI document. */
interface RouteDocs {
  operationId: string;
  summary: string;
}

export async function redeemRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  const routes = scope.withTypeProvider<ZodTypeProvider>();
  const limits = {
    perTarget: context.rateLimit.pinAttemptsPerTarget ?? DEFAULT_PIN_ATTEMPT_LIMITS.perTarget,
    perUserVenue: context.rateLimit.pinAttemptsPerUserVenue ?? DEFAULT_PIN_ATTEMPT_LIMITS.perUserVenue,
  };
  /**
   * Refusals keep the one error shape and add spec 7's lists: no order products, the messages to show, in
   * the request's language (decision 0049).
   */
  const errorHandler = errorHandlerWith(
    (error) => ({ order_products: [], errors: [error.message] }),
    errorLocalizer(context.db),
  );
  // A check-in queued offline may be sent more than once (decision 0019): a repeat acts once.
  const idempotent = idempotentRoute(context);

  const holderRoute = (path: string, route: RedeemRoute, { operationId, summary }: RouteDocs) =>
    routes.post(
      path,
      {
        errorHandler,
        ...idempotent,
        schema: {
          operationId,
          summary,
          description:
            'One order product (orderProductIds) or one pickup (orderItemIds), checked with the venue’s ' +
            `4-digit code (pinNumber), or for a gpsOrPin pickup the holder’s location. ${RULES} ` +
            'Success answers what changed: the order product with its ticket timer, the order deal’s ' +
            `counters, the confirmed pickup, and the points credited to the ledger. ${IDEMPOTENCY_RULES}`,
          tags: ['redeem'],
          params: partnerUserParams,
          headers: idempotencyKeyHeaders,
          body: redeemRequest,
          response: { 200: redeemResponse, ...refusals },
        },
      },
      async (request, reply) => {
        const holder = holderSession(request, { id: request.params.id });
        const { body } = request;
        // Every id in the body must be the holder's too (DESIGN.md section 4).
        if (body.partnerUserId !== holder.partnerUserId) throw notFound();
        const code = { pinNumber: body.pinNumber, location: locationOf(body), limits };
        const [orderProductId] = body.orderProductIds ?? [];
        const [orderItemId] = body.orderItemIds ?? [];
        reply.header('cache-control', 'no-store');
        const keepAnswer: BeforeCommit = (tx, answer) => keepAnswerInTransaction(tx, request, answer);
        if (orderProductId !== undefined) {
          return redeemOrderProduct(
            context.db,
            holder,
            { ...code, orderProductId, route },
            context.now(),
            keepAnswer,
          );
        }
        // The schema admits exactly one of the two lists.
        return confirmPickup(
          context.db,
          holder,
          { ...code, orderItemId: orderItemId as number, route },
          context.now(),
          keepAnswer,
        );
      },
    );

  const previewRoute = (path: string, route: RedeemRoute, { operationId, summary }: RouteDocs) =>
    routes.post(
      path,
      {
        errorHandler,
        schema: {
          operationId,
          summary,
          description:
            'Preview links only (403 otherwise). The one id is a product of the previewed offer (404 ' +
            'otherwise); its venue’s code is checked as for a holder, with its own attempt limit, and ' +
            'nothing is stored. The answer shows the product as an order product redeemed now, with the ' +
            'preview’s 0.25-minute ticket.',
          tags: ['redeem'],
          body: previewRedeemRequest,
          response: { 200: redeemResponse, ...refusals },
        },
      },
      async (request, reply) => {
        const session = sessionOf(request);
        if (!session.isPreview || session.offerId === null) {
          throw forbidden('Only a preview link can use the preview endpoints.');
        }
        const [productId] = request.body.orderProductIds as [number];
        reply.header('cache-control', 'no-store');
        return previewRedeem(
          context.db,
          { ...session, offerId: session.offerId },
          { pinNumber: request.body.pinNumber, location: locationOf(request.body), limits, productId, route },
          context.now(),
        );
      },
    );

  holderRoute(apiPaths.redeem, 'redeem', {
    operationId: 'redeem',
    summary: 'Redeem one order product or confirm one pickup (spec 7, Redeem)',
  });
  holderRoute(apiPaths.checkIn, 'checkIn', {
    operationId: 'checkIn',
    summary: 'Check in: redeem one check-in order product (spec 7, Redeem)',
  });
  previewRoute(apiPaths.previewRedeem, 'redeem', {
    operationId: 'previewRedeem',
    summary: 'Try redeeming a previewed product (spec 7, Redeem)',
  });
  previewRoute(apiPaths.previewCheckIn, 'checkIn', {
    operationId: 'previewCheckIn',
    summary: 'Try a previewed check-in (spec 7, Redeem)',
  });
}
