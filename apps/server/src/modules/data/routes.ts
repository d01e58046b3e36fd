import { apiPaths, dataResponse } from '@trailpass/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { errorResponses } from '../../plugins/errors';
import { routeSession, tokenHashOf } from '../../plugins/session';
import { headerLanguage } from '../language/request';
import { JsonPieces } from './json-template';
import { OfferContentCache } from './offer-content';
import { findSessionHolderRow } from './repository';
import { loadDataJson } from './service';

export async function dataRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  // This server's copy of each offer's content, checked against the database on every request.
  const offerContent = new OfferContentCache(context.db);
  scope.withTypeProvider<ZodTypeProvider>().get(
    apiPaths.data,
    {
      // The session is read in the holder's own query: one round trip for the whole answer.
      config: { sessionLookup: 'route' },
      schema: {
        operationId: 'getPassData',
        summary: 'Initial data of the pass (offer, deals, products, orders, points, user)',
        description:
          'Texts in the request’s language (decision 0049): X-Pass-Language (en, es, fr, de; anything else ' +
          'is ignored), else the holder’s saved language, else English; each field falls back to the original.',
        tags: ['data'],
        response: { 200: dataResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const found = routeSession(
        request,
        reply,
        await findSessionHolderRow(context.db, tokenHashOf(request)),
      );
      const data = await loadDataJson(
        context.db,
        offerContent,
        found,
        context.now(),
        headerLanguage(request),
      );
      // Per-user data behind a token: never cached by the browser or a shared cache.
      reply.header('cache-control', 'no-store');
      if (!(data instanceof JsonPieces)) return data;
      // Already encoded through the contract's schemas (service.ts renderDataJson): sent as its UTF-8 bytes.
      reply.type('application/json; charset=utf-8');
      return data.toBuffer() as unknown as typeof dataResponse._output;
    },
  );
}
