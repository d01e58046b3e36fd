import { productParams, productQuery, productResponse, rootApiPaths } from '@trailpass/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { errorResponses } from '../../plugins/errors';
import { sessionOf } from '../../plugins/session';
import { requestLanguage } from '../language/request';
import { loadProduct } from './service';

/** Registered in the root API scope (app.ts): served at /products/{productId}, not under /pass/api. */
export async function productsRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  scope.withTypeProvider<ZodTypeProvider>().get(
    rootApiPaths.product,
    {
      schema: {
        operationId: 'getProduct',
        summary: 'A product of the pass offer with its venue (spec 7, Product; at the site root)',
        description:
          'Any pass with an offer may read its products; another offer’s product, an unknown id or an ' +
          'unregistered link: 404. redeemedCount and unRedeemedCount are the signed-in holder’s (0 otherwise).',
        tags: ['products'],
        params: productParams,
        querystring: productQuery,
        response: { 200: productResponse, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const language = await requestLanguage(context.db, request, session);
      const body = await loadProduct(context.db, session, request.params.productId, language);
      // The counts are the holder's: never cached.
      reply.header('cache-control', 'no-store');
      return body;
    },
  );
}
