import {
  REPORT_COLUMNS,
  reportParams,
  reportPaths,
  reportQuery,
  reportTable,
} from '@trailpass/contract/console';
import { stringify } from 'csv-stringify';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ConsoleContext } from '../context';
import { consoleErrorResponses } from '../errors';
import { runReportFold } from './fold';
import { loadReport } from './service';

const READ_ERRORS = consoleErrorResponses(400, 401, 404, 422);
const RANGE_NOTE =
  'from and to are calendar days in the partner’s time zone, both included (by default the 30 days up to ' +
  'today; at most 366 days): 422 VALIDATION when to is before from or the range is longer.';

/** The CSV route's 200, which plugins/openapi.ts writes as a text/csv response. */
export const CSV_REPORT = z.string().describe('The report’s rows as CSV (RFC 4180), with a header row.');

/** Issue 31 item 4: an offer's reports, as JSON and as CSV (decision 0045). */
export async function reportsRoutes(scope: FastifyInstance, context: ConsoleContext): Promise<void> {
  const routes = scope.withTypeProvider<ZodTypeProvider>();
  runReportFold(scope, context.db);

  routes.get(
    reportPaths.report,
    {
      config: { console: { scope: 'offer', minRole: 'viewer' } },
      schema: {
        operationId: 'consoleGetReport',
        summary: 'One report of the offer for a range of days, in the partner’s time zone',
        description: `${RANGE_NOTE} The rows are keyed by the report’s columns (contract REPORT_COLUMNS).`,
        tags: ['console'],
        params: reportParams,
        querystring: reportQuery,
        response: { 200: reportTable, ...READ_ERRORS },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { offerId, report } = request.params;
      return loadReport(context.db, offerId, report, request.query, context.now());
    },
  );

  routes.get(
    reportPaths.csv,
    {
      config: { console: { scope: 'offer', minRole: 'viewer' } },
      schema: {
        operationId: 'consoleDownloadReport',
        summary: 'One report of the offer as a CSV download',
        description: `${RANGE_NOTE} The same rows as the JSON report, streamed as CSV with a header row.`,
        tags: ['console'],
        params: reportParams,
        querystring: reportQuery,
        response: { 200: CSV_REPORT, ...READ_ERRORS },
      },
    },
    async (request, reply) => {
      const { offerId, report } = request.params;
      const table = await loadReport(context.db, offerId, report, request.query, context.now());
      const csv = stringify(table.rows, {
        header: true,
        // A name that starts with =, +, - or @ must not run as a formula in a spreadsheet.
        escape_formulas: true,
        columns: REPORT_COLUMNS[report].map((column) => ({ key: column.key, header: column.label })),
      });
      return (
        reply
          .header('cache-control', 'no-store')
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="offer-${offerId}-${report}-${table.from}-to-${table.to}.csv"`,
          )
          // Streamed as csv-stringify writes it. The type provider types a body by the 200 schema (the CSV
          // text); Fastify pipes a stream without serialising it.
          .send(csv as unknown as string)
      );
    },
  );
}
