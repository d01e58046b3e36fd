import { apiPaths, healthResponse } from '@trailpass/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { ApiError, errorResponses } from '../../plugins/errors';
import { pingDatabase } from './repository';

/** GET /pass/api/health: for load balancers and start-up scripts; needs no token. */
export async function healthRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  scope.withTypeProvider<ZodTypeProvider>().get(
    apiPaths.health,
    {
      schema: {
        operationId: 'getHealth',
        summary: 'Liveness and database check',
        tags: ['health'],
        security: [],
        // 400 only for a URL that does not decode (plugins/errors.ts frameworkErrors), as on every route.
        response: { 200: healthResponse, ...errorResponses(400, 503) },
      },
    },
    async () => {
      if (!(await pingDatabase(context.db))) {
        throw new ApiError(503, 'internal', 'The database is not reachable.');
      }
      return { ok: true as const, database: 'up' as const };
    },
  );
}
