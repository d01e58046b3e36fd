import {
  apiPaths,
  EMAIL_SENT_MESSAGE,
  needHelpRequest,
  partnerUser,
  partnerUserParams,
  passQuery,
  suggestionRequest,
  supportReceipt,
  updatePhoneRequest,
} from '@trailpass/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { errorResponses } from '../../plugins/errors';
import { accountWriteRateLimit } from '../../plugins/rate-limit';
import { holderSession } from '../../plugins/session';
import { HELP_REQUEST_SENT_MESSAGE, submitHelpRequest, submitSuggestion, updatePhone } from './service';

const WHO =
  'id must be the signed-in partner user, else 404 (a signed-out pass has no user, so 404 too); 403 for a ' +
  'preview or unregistered link. Every id in the body must be the session’s (user, offer, the offer’s ' +
  'partner), else 404.';
const LIMITED = 'At most a few per minute per pass and address (429 beyond).';

export async function supportRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  const routes = scope.withTypeProvider<ZodTypeProvider>();
  // Writes a person makes a few of: a tighter limit than the API's, per route, token and address.
  const config = { rateLimit: accountWriteRateLimit(context.rateLimit) };

  routes.post(
    apiPaths.suggestions,
    {
      config,
      schema: {
        operationId: 'sendSuggestion',
        summary: 'Send an app suggestion (spec 7 Suggestion, 2.17)',
        description: `${WHO} Stored for the partner and e-mailed to the offer’s support address (reply-to the holder when contactPermission is 1); answers "${EMAIL_SENT_MESSAGE}". ${LIMITED}`,
        tags: ['support'],
        params: partnerUserParams,
        querystring: passQuery,
        body: suggestionRequest,
        response: { 200: supportReceipt, ...errorResponses(400, 401, 403, 404, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const holder = holderSession(request, { id: request.params.id, offerId: request.body.offerId });
      const body = await submitSuggestion(context.db, context.mail, holder, request.body);
      // Ids and the choices only: the text is the holder's own words and stays in the database.
      request.log.info(
        {
          sessionId: holder.id,
          partnerUserId: holder.partnerUserId,
          offerId: holder.offerId,
          suggestionId: body.id,
          priority: request.body.priority,
          contactPermission: request.body.contactPermission,
        },
        'suggestion stored',
      );
      reply.header('cache-control', 'no-store');
      return body;
    },
  );

  routes.post(
    apiPaths.needHelp,
    {
      config,
      schema: {
        operationId: 'sendNeedHelpRequest',
        summary: 'Send a Need Help request (spec 7 Need help, 2.16)',
        description:
          `${WHO} orderId, when given, must be one of the holder’s orders on the pass offer (else 404). ` +
          `Stored for support and e-mailed to the offer’s support address with the order, reply-to the holder when their contact_permission is 1; answers "${HELP_REQUEST_SENT_MESSAGE}". ${LIMITED}`,
        tags: ['support'],
        params: partnerUserParams,
        querystring: passQuery,
        body: needHelpRequest,
        response: { 200: supportReceipt, ...errorResponses(400, 401, 403, 404, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const holder = holderSession(request, { id: request.params.id });
      const body = await submitHelpRequest(context.db, context.mail, holder, request.body);
      request.log.info(
        {
          sessionId: holder.id,
          partnerUserId: holder.partnerUserId,
          offerId: holder.offerId,
          helpRequestId: body.id,
          orderId: request.body.orderId ?? null,
        },
        'help request stored',
      );
      reply.header('cache-control', 'no-store');
      return body;
    },
  );

  routes.post(
    apiPaths.updatePartnerUser,
    {
      config,
      schema: {
        operationId: 'updatePhoneNumber',
        summary: 'Change the holder’s phone number (spec 7, Update phone)',
        description: `${WHO} phone is an E.164 number (+ and digits) or null to remove it. Answers the updated partner user. ${LIMITED}`,
        tags: ['support'],
        params: partnerUserParams,
        querystring: passQuery,
        body: updatePhoneRequest,
        response: { 200: partnerUser, ...errorResponses(400, 401, 403, 404, 415, 429) },
      },
    },
    async (request, reply) => {
      const holder = holderSession(request, { id: request.params.id });
      const body = await updatePhone(context.db, holder, request.body.phone);
      request.log.info({ sessionId: holder.id, partnerUserId: holder.partnerUserId }, 'phone updated');
      reply.header('cache-control', 'no-store');
      return body;
    },
  );
}
