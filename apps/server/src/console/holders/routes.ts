import {
  consolePaths,
  createHolderRequest,
  holderDetail,
  holderListQuery,
  holderPage,
  holderParams,
  holderRow,
  offerParams,
  passLinkEmailed,
  passLinkIssued,
  pointsAdjustmentRequest,
} from '@trailpass/contract/console';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ConsoleContext } from '../context';
import { consoleErrorResponses } from '../errors';
import { scopeOf, staffOf } from '../staff-auth';
import {
  adjustPoints,
  createHolder,
  emailLink,
  issueLink,
  loadHolderDetail,
  loadHolderPage,
  revokeLink,
  type WriteContext,
} from './service';

const READ_ERRORS = consoleErrorResponses(400, 401, 404);
const WRITE_ERRORS = consoleErrorResponses(400, 401, 403, 404);

export async function holdersRoutes(scope: FastifyInstance, context: ConsoleContext): Promise<void> {
  const routes = scope.withTypeProvider<ZodTypeProvider>();
  const write = (request: FastifyRequest): WriteContext => ({
    staff: staffOf(request),
    scope: scopeOf(request),
    now: context.now(),
  });

  routes.get(
    consolePaths.holders,
    {
      config: { console: { scope: 'offer', minRole: 'viewer' } },
      schema: {
        operationId: 'consoleListHolders',
        summary: 'The holders of an offer, searched, sorted and paged on the server',
        description:
          'q searches name and e-mail; sort by name (default), email, points, lastSeen or createdAt. points ' +
          'is the holder’s current balance on the offer’s headline points deal, as their own app shows it.',
        tags: ['console'],
        params: offerParams,
        querystring: holderListQuery,
        response: { 200: holderPage, ...READ_ERRORS },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return loadHolderPage(context.db, request.params.offerId, request.query);
    },
  );

  routes.post(
    consolePaths.holders,
    {
      config: { console: { scope: 'offer', minRole: 'manager' } },
      schema: {
        operationId: 'consoleCreateHolder',
        summary: 'Create a holder of the offer (a partner user of its partner and their pass)',
        description: '409 CONFLICT when a holder with the e-mail address already has this pass.',
        tags: ['console'],
        params: offerParams,
        body: createHolderRequest,
        response: { 201: holderRow, ...WRITE_ERRORS, ...consoleErrorResponses(409) },
      },
    },
    async (request, reply) => {
      const created = await createHolder(context.db, write(request), request.body);
      return reply.code(201).send(created);
    },
  );

  routes.get(
    consolePaths.holder,
    {
      config: { console: { scope: 'holder', minRole: 'viewer' } },
      schema: {
        operationId: 'consoleGetHolder',
        summary: 'One holder with their points ledger, orders, check-ins and the offer’s points deals',
        tags: ['console'],
        params: holderParams,
        response: { 200: holderDetail, ...READ_ERRORS },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return loadHolderDetail(context.db, request.params.offerId, request.params.holderId);
    },
  );

  routes.post(
    consolePaths.holderPoints,
    {
      config: { console: { scope: 'holder', minRole: 'manager' } },
      schema: {
        operationId: 'consoleAdjustHolderPoints',
        summary: 'Correct a holder’s points: one ledger entry with its reason',
        description:
          'The entry goes on dealId (a points deal of the offer) with the running balance; a debit that ' +
          'would take the balance below 0 is refused (422 VALIDATION) and nothing is written.',
        tags: ['console'],
        params: holderParams,
        body: pointsAdjustmentRequest,
        response: { 200: holderDetail, ...WRITE_ERRORS, ...consoleErrorResponses(422) },
      },
    },
    async (request) => adjustPoints(context.db, write(request), request.body),
  );

  routes.post(
    consolePaths.holderLink,
    {
      config: { console: { scope: 'holder', minRole: 'manager' } },
      schema: {
        operationId: 'consoleIssueHolderLink',
        summary: 'Mint or rotate the holder’s pass link',
        description:
          'Every session signed in as the holder on the offer ends first, so their old links stop working at ' +
          'once. The token is shown in this answer only; the server keeps its SHA-256 hash.',
        tags: ['console'],
        params: holderParams,
        response: { 201: passLinkIssued, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const issued = await issueLink(context.db, context.mail, write(request));
      return reply.code(201).header('cache-control', 'no-store').send(issued);
    },
  );

  routes.delete(
    consolePaths.holderLink,
    {
      config: { console: { scope: 'holder', minRole: 'manager' } },
      schema: {
        operationId: 'consoleRevokeHolderLinks',
        summary: 'Revoke the holder’s pass links: every session signed in as them on the offer ends',
        tags: ['console'],
        params: holderParams,
        response: { 204: z.null().describe('Revoked.'), ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      await revokeLink(context.db, write(request));
      return reply.code(204).send(null);
    },
  );

  routes.post(
    consolePaths.holderLinkEmail,
    {
      config: { console: { scope: 'holder', minRole: 'manager' } },
      schema: {
        operationId: 'consoleEmailHolderLink',
        summary: 'E-mail the holder a new link to their pass (through the mail outbox)',
        tags: ['console'],
        params: holderParams,
        response: { 202: passLinkEmailed, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const sent = await emailLink(context.db, context.mail, write(request));
      return reply.code(202).send(sent);
    },
  );
}
