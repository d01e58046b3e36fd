import {
  errorGroup,
  errorGroupPage,
  errorGroupParams,
  errorGroupsQuery,
  inboxHandledRequest,
  inboxItem,
  inboxItemPage,
  inboxItemParams,
  inboxItemsQuery,
  inboxPaths,
  offerParams,
  providerErrorGroupParams,
} from '@trailpass/contract/console';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ConsoleContext } from '../context';
import { consoleErrorResponses, forbidden } from '../errors';
import { scopeOf, staffOf } from '../staff-auth';
import { loadErrorGroups, loadInboxItems, setErrorGroupHandled, setInboxItemHandled } from './service';

const READ_ERRORS = consoleErrorResponses(400, 401, 404);
const WRITE_ERRORS = consoleErrorResponses(400, 401, 403, 404);
const PROVIDER_ONLY = 'Only Trailpass’s provider admins see the error reports sent without an offer.';

/** The console's inbox (issue 30 item 5): suggestions and help requests, and the PWA's error reports. */
export async function inboxRoutes(scope: FastifyInstance, context: ConsoleContext): Promise<void> {
  const routes = scope.withTypeProvider<ZodTypeProvider>();
  const providerAdmin = (request: FastifyRequest) => {
    const staff = staffOf(request);
    if (!staff.isProviderAdmin) throw forbidden(PROVIDER_ONLY);
    return staff;
  };

  routes.get(
    inboxPaths.items,
    {
      config: { console: { scope: 'offer', minRole: 'viewer' } },
      schema: {
        operationId: 'consoleListInboxItems',
        summary: 'The holders’ suggestions and help requests of an offer, newest first',
        description:
          'kind (suggestion or help) and handled (false: the default, open ones; true; all) filter; q searches ' +
          'the text and the holder’s name and e-mail. A help request comes with its order (id, status, items).',
        tags: ['console'],
        params: offerParams,
        querystring: inboxItemsQuery,
        response: { 200: inboxItemPage, ...READ_ERRORS },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return loadInboxItems(context.db, request.params.offerId, request.query);
    },
  );

  routes.patch(
    inboxPaths.item,
    {
      config: { console: { scope: 'offer', minRole: 'manager' } },
      schema: {
        operationId: 'consoleSetInboxItemHandled',
        summary: 'Mark a suggestion or help request handled, or reopen it (audited)',
        description: 'Asking for the state it is in already changes nothing. 404 for another offer’s item.',
        tags: ['console'],
        params: inboxItemParams,
        body: inboxHandledRequest,
        response: { 200: inboxItem, ...WRITE_ERRORS },
      },
    },
    async (request) =>
      setInboxItemHandled(
        context.db,
        { staff: staffOf(request), scope: scopeOf(request), now: context.now() },
        request.params.kind,
        request.params.itemId,
        request.body.handled,
      ),
  );

  routes.get(
    inboxPaths.errors,
    {
      config: { console: { scope: 'offer', minRole: 'viewer' } },
      schema: {
        operationId: 'consoleListErrorGroups',
        summary: 'The error reports of an offer’s pass, grouped by fingerprint, with counts and last seen',
        description:
          'A group is the reports of one name, message and stack (line numbers and build hashes aside). Sort by ' +
          'lastSeen (default), firstSeen or count; handled filters as for items; q searches name and message.',
        tags: ['console'],
        params: offerParams,
        querystring: errorGroupsQuery,
        response: { 200: errorGroupPage, ...READ_ERRORS },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return loadErrorGroups(context.db, request.params.offerId, request.query);
    },
  );

  routes.patch(
    inboxPaths.errorGroup,
    {
      config: { console: { scope: 'offer', minRole: 'manager' } },
      schema: {
        operationId: 'consoleSetErrorGroupHandled',
        summary: 'Mark an error group handled, or reopen it (audited)',
        description: 'A report that arrives after the group was handled reopens it. 404 for no such group.',
        tags: ['console'],
        params: errorGroupParams,
        body: inboxHandledRequest,
        response: { 200: errorGroup, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      return setErrorGroupHandled(
        context.db,
        { staff: staffOf(request), partnerId: scope.partnerId, now: context.now() },
        request.params.offerId,
        request.params.fingerprint,
        request.body.handled,
      );
    },
  );

  routes.get(
    inboxPaths.providerErrors,
    {
      config: { console: { scope: 'session' } },
      schema: {
        operationId: 'consoleListOfferlessErrorGroups',
        summary: 'The error groups of reports sent without an offer (provider admins only)',
        description: '403 FORBIDDEN for anyone but a provider admin: such a report belongs to no partner.',
        tags: ['console'],
        querystring: errorGroupsQuery,
        response: { 200: errorGroupPage, ...consoleErrorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      providerAdmin(request);
      reply.header('cache-control', 'no-store');
      return loadErrorGroups(context.db, null, request.query);
    },
  );

  routes.patch(
    inboxPaths.providerErrorGroup,
    {
      config: { console: { scope: 'session' } },
      schema: {
        operationId: 'consoleSetOfferlessErrorGroupHandled',
        summary: 'Mark a group of reports sent without an offer handled, or reopen it (provider admins only)',
        tags: ['console'],
        params: providerErrorGroupParams,
        body: inboxHandledRequest,
        response: { 200: errorGroup, ...consoleErrorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const staff = providerAdmin(request);
      return setErrorGroupHandled(
        context.db,
        { staff, partnerId: null, now: context.now() },
        null,
        request.params.fingerprint,
        request.body.handled,
      );
    },
  );
}
