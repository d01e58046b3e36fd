import { contentExportPaths, contentExportZip, offerParams } from '@trailpass/contract/console';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ConsoleContext } from '../context';
import { consoleErrorResponses } from '../errors';
import { scopeOf, staffOf } from '../staff-auth';
import { exportOfferContent } from './service';

// 403: a viewer (the document holds the venues' check-in codes); 409: content that would not import.
const EXPORT_ERRORS = consoleErrorResponses(400, 401, 403, 404, 409);

/** Issue 31 item 2, first half: an offer's content as a pass-import/1 zip (decision 0046). */
export async function contentExportRoutes(scope: FastifyInstance, context: ConsoleContext): Promise<void> {
  const routes = scope.withTypeProvider<ZodTypeProvider>();

  routes.get(
    contentExportPaths.export,
    {
      // A manager's, though it changes nothing: the document carries every venue's check-in code (`pin`).
      config: { console: { scope: 'offer', minRole: 'manager' } },
      // Each export is audited; a HEAD would build and record one without handing it out.
      exposeHeadRoute: false,
      schema: {
        operationId: 'consoleExportContent',
        summary: 'The offer’s content as a pass-import/1 zip: pass.json and its media files',
        description:
          'The offer, its partner, deals, venues (with their check-in codes), categories, products, rewards ' +
          '(stock as it is now), packages, perks, pages, availability and polls, without any holder data. ' +
          'Importing it into an empty database and exporting the offer again gives the same bytes. ' +
          '409 CONFLICT when the content names something outside the offer, so that no import file can be made.',
        tags: ['console'],
        params: offerParams,
        response: { 200: contentExportZip, ...EXPORT_ERRORS },
      },
    },
    async (request, reply) => {
      const exported = await exportOfferContent(context.db, context.mediaDir, {
        staff: staffOf(request),
        scope: scopeOf(request),
        now: context.now(),
      });
      return (
        reply
          .header('cache-control', 'no-store')
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${exported.fileName}"`)
          // The type provider types a body by the 200 schema (a string); Fastify sends a Buffer as it is.
          .send(Buffer.from(exported.zip) as unknown as string)
      );
    },
  );
}
