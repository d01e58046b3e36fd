import {
  holderImportPaths,
  holderImportPreview,
  holderImportRequest,
  holderImportResult,
  offerParams,
} from '@trailpass/contract/console';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ConsoleContext } from '../context';
import { consoleErrorResponses } from '../errors';
import { scopeOf, staffOf } from '../staff-auth';
import { applyImport, previewImport } from './service';

/**
 * The JSON body of an import: the CSV text (at most HOLDER_IMPORT_MAX_CHARS characters, which the schema
 * refuses with its own message) escaped in JSON, so well above the app's 64 kB default.
 */
const IMPORT_BODY_LIMIT = 6 * 1024 * 1024;

/** Holders of an offer imported from a CSV file (issue 30 item 2): a preview, then all or none. */
export async function holderImportRoutes(scope: FastifyInstance, context: ConsoleContext): Promise<void> {
  const routes = scope.withTypeProvider<ZodTypeProvider>();

  routes.post(
    holderImportPaths.preview,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { console: { scope: 'offer', minRole: 'manager' } },
      schema: {
        operationId: 'consolePreviewHolderImport',
        summary: 'Check a CSV file of holders: every row’s errors and how many holders it would add',
        description:
          'Columns first_name, last_name, email (required), phone and contact_permission (optional), named in ' +
          'the header row. Rows are checked as one created holder is, plus duplicates inside the file and ' +
          'addresses that hold the offer already. Nothing is written.',
        tags: ['console'],
        params: offerParams,
        body: holderImportRequest,
        response: { 200: holderImportPreview, ...consoleErrorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return previewImport(context.db, scopeOf(request), request.body);
    },
  );

  routes.post(
    holderImportPaths.apply,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { console: { scope: 'offer', minRole: 'manager' } },
      schema: {
        operationId: 'consoleApplyHolderImport',
        summary: 'Add every holder of a CSV file, or none',
        description:
          'The file is checked again in the transaction that adds the holders: any row error is 422 VALIDATION ' +
          'with errors keyed "row.column" (e.g. "7.email") and nothing added; a holder created meanwhile with ' +
          'one of the addresses is 409 CONFLICT. One audit entry with the count.',
        tags: ['console'],
        params: offerParams,
        body: holderImportRequest,
        response: { 201: holderImportResult, ...consoleErrorResponses(400, 401, 403, 404, 409, 413, 422) },
      },
    },
    async (request, reply) => {
      const result = await applyImport(
        context.db,
        { staff: staffOf(request), scope: scopeOf(request), now: context.now() },
        request.body,
      );
      return reply.code(201).send(result);
    },
  );
}
