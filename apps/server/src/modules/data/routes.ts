import { apiPaths, dataResponse } from '@trailpass/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app';
import { errorResponses } from '../../plugins/errors';
import { sessionOf } from '../../plugins/session';
import { loadData } from './service';

export async function dataRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  scope.withTypeProvider<ZodTypeProvider>().get(
    apiPaths.data,
    {
      schema: {
        summary: 'Initial data of the pass (offer, deals, products, orders, points, user)',
        tags: ['data'],
        response: { 200: dataResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const data = await loadData(context.db, sessionOf(request), context.now());
      // Per-user data behind a token: never cached by the browser or a shared cache.
      reply.header('cache-control', 'no-store');
      return data;
    },
  );
}
