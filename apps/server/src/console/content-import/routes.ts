import {
  CONTENT_IMPORT_JSON_TYPE,
  CONTENT_IMPORT_LIMITS,
  CONTENT_IMPORT_ZIP_TYPES,
  contentApplied,
  contentApplyPaths,
  contentApplyQuery,
  contentDryRun,
  contentExportZip,
  contentImportBody,
  contentImportPaths,
  contentVersionPage,
  contentVersionParams,
  contentVersionsQuery,
  offerParams,
} from '@trailpass/contract/console';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ConsoleContext } from '../context';
import { ConsoleApiError, consoleErrorResponses } from '../errors';
import { scopeOf, staffOf } from '../staff-auth';
import { applyContentImport } from './apply';
import { type ContentUpload, dryRunContentImport } from './service';
import {
  dryRunRestore,
  findContentVersion,
  listContentVersions,
  restoreContentVersion,
  versionFileName,
} from './versions';

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
        const result = await dryRunContentImport(
          context.db,
          context.mediaDir,
          writeOf(request),
          uploadOf(request),
        );
        return reply.header('cache-control', 'no-store').send(result);
      },
    );

    routes.post(
      contentApplyPaths.apply,
      {
        bodyLimit: CONTENT_IMPORT_LIMITS.bodyBytes,
        config: { console: { scope: 'offer', minRole: 'manager' } },
        schema: {
          operationId: 'consoleApplyContentImport',
          summary: 'Apply an upload of the offer’s content that a dry run checked',
          description:
            'The same body as the dry run, and `?checksum=` its answer named (409 CONFLICT when the bytes are not ' +
            'those). In one transaction, under the offer’s row lock and its rewards’ claim locks, every check of ' +
            'the dry run runs again (422 VALIDATION as the dry run for any problem), then what the upload adds and ' +
            'changes is written and what it leaves out is deleted (a venue or category only when no other offer ' +
            'uses it). Holders’ passes, sessions, messages, orders, points, redemptions, ballots and booked dates ' +
            'are never touched; a reward’s uploaded stock is what can still be claimed. The offer’s caches are ' +
            'rebuilt, the zip’s new and replaced images written to the media folder, the content after the apply ' +
            'kept as a version (the first apply also keeps the content before it), and one audit row written. ' +
            'The 200 is the diff applied and the version’s id (null, and nothing written, when nothing changes).',
          tags: ['console'],
          consumes: [...CONTENT_IMPORT_ZIP_TYPES, CONTENT_IMPORT_JSON_TYPE],
          params: offerParams,
          querystring: contentApplyQuery,
          body: contentImportBody,
          response: { 200: contentApplied, ...consoleErrorResponses(400, 401, 403, 404, 409, 413, 415, 422) },
        },
      },
      async (request, reply) => {
        const result = await applyContentImport(
          context.db,
          context.mediaDir,
          writeOf(request),
          uploadOf(request),
          request.query.checksum,
          { kind: 'import' },
        );
        return reply.header('cache-control', 'no-store').send(result);
      },
    );

    routes.get(
      contentApplyPaths.versions,
      {
        config: { console: { scope: 'offer', minRole: 'viewer' } },
        schema: {
          operationId: 'consoleListContentVersions',
          summary: 'The versions of the offer’s content, newest first',
          description:
            'Each applied upload (`import`) or restore (`restore`) keeps the content as it left it; the offer’s ' +
            'first apply also keeps the content as it was before (`baseline`). With who applied it, the checksum ' +
            'of what was applied and what it added, changed and removed.',
          tags: ['console'],
          params: offerParams,
          querystring: contentVersionsQuery,
          response: { 200: contentVersionPage, ...consoleErrorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const page = await listContentVersions(context.db, request.params.offerId, request.query);
        return reply.header('cache-control', 'no-store').send(page);
      },
    );

    routes.get(
      contentApplyPaths.versionDownload,
      {
        config: { console: { scope: 'offer', minRole: 'manager' } },
        exposeHeadRoute: false,
        schema: {
          operationId: 'consoleDownloadContentVersion',
          summary: 'A version of the offer’s content as the export’s zip',
          description:
            'Managers and up, as the export: it holds the venues’ check-in codes. The zip is what a restore applies.',
          tags: ['console'],
          params: contentVersionParams,
          response: { 200: contentExportZip, ...consoleErrorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { offerId, versionId } = request.params;
        const { zip } = await findContentVersion(context.db, offerId, versionId);
        return reply
          .header('cache-control', 'no-store')
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${versionFileName(offerId, versionId)}"`)
          .send(zip as unknown as string);
      },
    );

    routes.post(
      contentApplyPaths.versionDryRun,
      {
        config: { console: { scope: 'offer', minRole: 'manager' } },
        schema: {
          operationId: 'consoleDryRunContentRestore',
          summary: 'The dry run of putting a version of the offer’s content back; change nothing',
          description:
            'The version’s zip goes through the upload’s dry run as if it were uploaded: the same checks (422), ' +
            'the diff against the content as it is, and the checksum the restore requires.',
          tags: ['console'],
          params: contentVersionParams,
          response: { 200: contentDryRun, ...consoleErrorResponses(400, 401, 403, 404, 422) },
        },
      },
      async (request, reply) => {
        const result = await dryRunRestore(
          context.db,
          context.mediaDir,
          writeOf(request),
          request.params.versionId,
        );
        return reply.header('cache-control', 'no-store').send(result);
      },
    );

    routes.post(
      contentApplyPaths.versionRestore,
      {
        config: { console: { scope: 'offer', minRole: 'manager' } },
        schema: {
          operationId: 'consoleRestoreContentVersion',
          summary: 'Put a version of the offer’s content back, as an apply of its zip',
          description:
            'The apply of the version’s zip with `?checksum=` its dry run named (409 when it differs): the same ' +
            'checks in the same transaction, the same writes, and a new version of kind `restore`.',
          tags: ['console'],
          params: contentVersionParams,
          querystring: contentApplyQuery,
          response: { 200: contentApplied, ...consoleErrorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request, reply) => {
        const result = await restoreContentVersion(
          context.db,
          context.mediaDir,
          writeOf(request),
          request.params.versionId,
          request.query.checksum,
        );
        return reply.header('cache-control', 'no-store').send(result);
      },
    );

    function writeOf(request: FastifyRequest) {
      return { staff: staffOf(request), scope: scopeOf(request), now: context.now() };
    }
  });
}

/** The request's body as an upload: the bytes, and whether they are a zip (by the content type). */
function uploadOf(request: FastifyRequest): ContentUpload {
  const bytes = request.body;
  if (!Buffer.isBuffer(bytes) || bytes.byteLength === 0) {
    throw new ConsoleApiError(
      400,
      'VALIDATION',
      'Send the zip (application/zip) or the JSON document (application/json) as the request body.',
    );
  }
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return { bytes, kind: ZIP_TYPES.has(type) ? 'zip' : 'json' };
}
