import { apiPaths, languageResponse, passQuery, setLanguageRequest } from '@trailpass/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { partner_users } from '../../db/schema';
import { errorResponses } from '../../plugins/errors';
import { holderSession, sessionOf } from '../../plugins/session';

/** PUT /language (decision 0049): the signed-in holder's saved language. */
export async function languageRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  scope.withTypeProvider<ZodTypeProvider>().put(
    apiPaths.language,
    {
      schema: {
        operationId: 'setPassLanguage',
        summary: 'Save the holder’s language, or forget it (issue 32)',
        description:
          'For the signed-in holder only (403 for a preview or unregistered link, 404 signed out). language is ' +
          'en, es, fr or de (400 otherwise), or null to forget the choice. The pass then answers in it when a ' +
          'request carries no X-Pass-Language; GET /data shows it as language. Answers the saved language.',
        tags: ['account'],
        querystring: passQuery,
        body: setLanguageRequest,
        response: { 200: languageResponse, ...errorResponses(400, 401, 403, 404, 415, 429) },
      },
    },
    async (request, reply) => {
      // The path carries no user id: the session's own user (as the cart's routes).
      const holder = holderSession(request, { id: sessionOf(request).partnerUserId ?? 0 });
      const { language } = request.body;
      await context.db
        .update(partner_users)
        .set({ language })
        .where(eq(partner_users.id, holder.partnerUserId));
      request.log.info(
        { sessionId: holder.id, partnerUserId: holder.partnerUserId, language },
        'language saved',
      );
      reply.header('cache-control', 'no-store');
      return { language };
    },
  );
}
