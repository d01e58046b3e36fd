import { auditPage, auditQuery, consolePaths, partnerParams } from '@trailpass/contract/console';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ConsoleContext } from '../context';
import { consoleErrorResponses } from '../errors';
import { scopeOf } from '../staff-auth';
import { loadAuditPage } from './service';

export async function auditRoutes(scope: FastifyInstance, context: ConsoleContext): Promise<void> {
  const routes = scope.withTypeProvider<ZodTypeProvider>();
  routes.get(
    consolePaths.audit,
    {
      config: { console: { scope: 'partner', minRole: 'viewer' } },
      schema: {
        operationId: 'consoleListAudit',
        summary: 'The audit log of one partner: every console change, paged and filtered',
        description:
          'By time, then id (order=desc for newest first); filters by action, staff e-mail, object type and a time range ' +
          '(from, to, inclusive); q matches the action, object type or id and staff e-mail.',
        tags: ['console'],
        params: partnerParams,
        querystring: auditQuery,
        response: { 200: auditPage, ...consoleErrorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return loadAuditPage(context.db, scopeOf(request).partnerId, request.query);
    },
  );
}
