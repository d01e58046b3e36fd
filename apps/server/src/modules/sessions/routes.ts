import { apiPaths, visitorSessionRequest, visitorSessionResponse } from '@trailpass/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { errorResponses, forbidden, unauthorized } from '../../plugins/errors';
import { visitorSessionRateLimit } from '../../plugins/rate-limit';
import { sessionOf } from '../../plugins/session';
import { deleteUnusedVisitorSessions, mintVisitorSession } from './repository';

/** Decision 0022: a public link's visitors each get a session of their own. */
export async function sessionsRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  scope.withTypeProvider<ZodTypeProvider>().post(
    apiPaths.visitorSession,
    {
      config: { rateLimit: visitorSessionRateLimit(context.rateLimit) },
      schema: {
        operationId: 'startVisitorSession',
        summary: 'Trade a public link’s token for a signed-out session of the visitor’s own',
        description:
          'Send the public link’s token as X-Pass-Token (or t). The answer is a new token for the same offer, ' +
          'signed out, which the app uses as t from then on; signing in binds only that token. 403 for a ' +
          'token that is not a public link’s (a holder’s link, a preview, an unregistered link). Rate limited ' +
          'per address (429).',
        tags: ['auth'],
        body: visitorSessionRequest,
        response: { 200: visitorSessionResponse, ...errorResponses(400, 401, 403, 415, 429) },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      if (!session.isPublic) {
        throw forbidden('This link is not a public link: it needs no visitor session. Keep using it.');
      }
      const now = context.now();
      const token = await mintVisitorSession(context.db, session.id, now);
      // The public link went away (a new import) between the lookup and the insert.
      if (token === null) throw unauthorized('Unknown pass token. Open the pass from its link again.');
      request.log.info({ publicSessionId: session.id }, 'visitor session minted');
      try {
        await deleteUnusedVisitorSessions(context.db, now);
      } catch (error) {
        // Housekeeping: the visitor has their session either way, and the next mint tries again.
        request.log.warn({ err: error }, 'deleting unused visitor sessions failed');
      }
      // A token: never kept by the browser or a shared cache.
      reply.header('cache-control', 'no-store');
      return { token };
    },
  );
}
