import { apiPaths, type ErrorReportRequest, errorReportRequest } from '@trailpass/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { errorResponses } from '../../plugins/errors';
import { requestToken, tokenAndAddressKey } from '../../plugins/rate-limit';
import { sessionOf } from '../../plugins/session';
import { redactTokens } from './redact';
import { insertErrorReport } from './repository';

/** Reports per minute for one token from one address: a broken page reports a few, a loop or a script more. */
export const ERROR_REPORTS_PER_MINUTE = 20;
/** The User-Agent header is kept up to this length. */
export const USER_AGENT_MAX_LENGTH = 512;

export async function errorReportsRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  scope.withTypeProvider<ZodTypeProvider>().post(
    apiPaths.errorReport,
    {
      config: {
        rateLimit: {
          max: ERROR_REPORTS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: tokenAndAddressKey,
        },
      },
      schema: {
        operationId: 'reportAppError',
        summary: 'Report an error of the app (spec 9, sampled error traces)',
        description:
          'For when no third-party error service is configured. Partner, offer, user and preview flags come ' +
          'from the session; any link works, signed in or not. Pass tokens in name, message, stack, url and ' +
          'release (the session’s own, any t= parameter, any X-Pass-Token text) are stored as [redacted]. ' +
          `At most ${ERROR_REPORTS_PER_MINUTE} per minute per pass and address (429 beyond).`,
        tags: ['analytics'],
        body: errorReportRequest,
        response: { 204: z.null().describe('Stored'), ...errorResponses(400, 401, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const token = requestToken(request);
      const clean = (text: string | null | undefined) =>
        text === undefined || text === null ? null : redactTokens(text, token);
      const body: ErrorReportRequest = request.body;
      const userAgent = request.headers['user-agent'];
      const id = await insertErrorReport(context.db, {
        session_id: session.id,
        offer_id: session.offerId,
        partner_user_id: session.partnerUserId,
        is_preview: session.isPreview,
        is_unregistered: session.isUnregisteredLink,
        name: clean(body.name),
        message: redactTokens(body.message, token),
        stack: clean(body.stack),
        url: redactTokens(body.url, token),
        route_name: body.route_name ?? null,
        session_device_id: body.session_device_id,
        local_device_id: body.local_device_id,
        release: clean(body.release),
        user_agent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null,
      });
      // Ids only: the report's texts may hold what the app should not have shown, and stay in the table.
      request.log.info(
        { errorReportId: id, sessionId: session.id, offerId: session.offerId, routeName: body.route_name },
        'error report stored',
      );
      return reply.code(204).send(null);
    },
  );
}
