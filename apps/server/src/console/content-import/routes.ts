import {
  CONTENT_IMPORT_JSON_TYPE,
  CONTENT_IMPORT_LIMITS,
  CONTENT_IMPORT_ZIP_TYPES,
  contentDryRun,
  contentImportBody,
  contentImportPaths,
  offerParams,
} from '@trailpass/contract/console';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ConsoleContext } from '../context';
import { ConsoleApiError, consoleErrorResponses } from '../errors';
import { scopeOf, staffOf } from '../staff-auth';
import { dryRunContentImport } from './service';

const ZIP_TYPES: ReadonlySet<string> = new Set(CONTENT_IMPORT_ZIP_TYPES);

/**
 * Issue 31 item 1, first half: the dry run of a content upload (decision 0047). In a scope of its own, whose
 * parser takes the zip and the JSON document as bytes (the checksum is of the bytes sent, and the importer's
 * own messages name a malformed JSON's line and column), so no other console route reads a body this way.
 */
export async function contentImportRoutes(scope: FastifyInstance, context: ConsoleContext): Promise<void> {
  await scope.register(async (child) => {
    child.removeContentTypeParser(CONTENT_IMPORT_JSON_TYPE);
    child.addContentTypeParser(
      [CONTENT_IMPORT_JSON_TYPE, ...CONTENT_IMPORT_ZIP_TYPES],
      { parseAs: 'buffer' },
      (_request, body, done) => {
        done(null, body);
      },
    );
    const routes = child.withTypeProvider<ZodTypeProvider>();

    routes.post(
      contentImportPaths.dryRun,
      {
        bodyLimit: CONTENT_IMPORT_LIMITS.bodyBytes,
        config: { console: { scope: 'offer', minRole: 'manager' } },
        schema: {
          operationId: 'consoleDryRunContentImport',
          summary:
            'Check an upload of the offer’s content and compare it with the content as it is; change nothing',
          description:
            'The body is a zip of pass.json and its media/<file> images (application/zip, as the export makes it) ' +
            'or the pass-import/1 document alone (application/json). It is checked as the import command checks a ' +
            'file, then as an upload of this one offer: its only offer and partner are this offer and its partner, ' +
            'it holds no holder data, new records take no other offer’s ids, a venue of another partner’s offer is ' +
            'unchanged (unless a provider admin asks), and nothing removed has holders’ orders, points or ' +
            'redemptions pointing at it. Any problem is 422 VALIDATION with `errors` keyed by JSON path ' +
            '(`$.deals[2].name`). The 200 lists per kind what the upload adds, changes and removes, and the ' +
            'checksum the apply will require. 413 for a body over 20 MB or a zip that unpacks to more than 64 MB.',
          tags: ['console'],
          consumes: [...CONTENT_IMPORT_ZIP_TYPES, CONTENT_IMPORT_JSON_TYPE],
          params: offerParams,
          body: contentImportBody,
          response: { 200: contentDryRun, ...consoleErrorResponses(400, 401, 403, 404, 413, 415, 422) },
        },
      },
      async (request, reply) => {
        const bytes = request.body;
        if (!Buffer.isBuffer(bytes) || bytes.byteLength === 0) {
          throw new ConsoleApiError(
            400,
            'VALIDATION',
            'Send the zip (application/zip) or the JSON document (application/json) as the request body.',
          );
        }
        const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
        const result = await dryRunContentImport(
          context.db,
          context.mediaDir,
          { staff: staffOf(request), scope: scopeOf(request), now: context.now() },
          { bytes, kind: ZIP_TYPES.has(type) ? 'zip' : 'json' },
        );
        return reply.header('cache-control', 'no-store').send(result);
      },
    );
  });
}
