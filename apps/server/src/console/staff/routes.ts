import { consolePaths, consoleSession } from '@trailpass/contract/console';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ConsoleContext } from '../context';
import { consoleErrorResponses } from '../errors';
import { csrfTokenOf, staffOf } from '../staff-auth';
import { loadConsoleSession } from './service';

export async function staffRoutes(scope: FastifyInstance, context: ConsoleContext): Promise<void> {
  const routes = scope.withTypeProvider<ZodTypeProvider>();
  routes.get(
    consolePaths.session,
    {
      config: { console: { scope: 'session' } },
      schema: {
        operationId: 'consoleGetSession',
        summary: 'The signed-in staff member, the partners and offers they work on, and the CSRF token',
        description:
          'Every unsafe console call must send csrfToken back in the x-csrf-token header. 401 ' +
          'UNAUTHENTICATED when signed out (sign in with POST /console/api/auth/sign-in/email).',
        tags: ['console'],
        response: { 200: consoleSession, ...consoleErrorResponses(401) },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      reply.header('cache-control', 'no-store');
      return loadConsoleSession(context.db, staff, csrfTokenOf(context.secret, staff.sessionId));
    },
  );
}
