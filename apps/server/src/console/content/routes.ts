import {
  catalogueDeal,
  catalogueReward,
  contentCatalogue,
  contentPaths,
  dealParams,
  dealUpdateRequest,
  offerParams,
  previewLinkIssued,
  previewLinkRequest,
  rewardParams,
  rewardUpdateRequest,
  venueCodeIssued,
  venueCodeRequest,
  venueParams,
} from '@trailpass/contract/console';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ConsoleContext } from '../context';
import { consoleErrorResponses } from '../errors';
import type { WriteContext } from '../holders/service';
import { scopeOf, staffOf } from '../staff-auth';
import { issuePreviewLink, loadCatalogue, rotateVenueCode, updateDeal, updateReward } from './service';

const READ_ERRORS = consoleErrorResponses(400, 401, 404);
// 422: a value the content cannot take (a price not in whole cents, an unknown option or stock key).
const WRITE_ERRORS = consoleErrorResponses(400, 401, 403, 404, 422);

/** Issue 31 item 3: the quick edits of an offer's content without an import file (decision 0044). */
export async function contentRoutes(scope: FastifyInstance, context: ConsoleContext): Promise<void> {
  const routes = scope.withTypeProvider<ZodTypeProvider>();
  const write = (request: FastifyRequest): WriteContext => ({
    staff: staffOf(request),
    scope: scopeOf(request),
    now: context.now(),
  });

  routes.get(
    contentPaths.catalogue,
    {
      config: { console: { scope: 'offer', minRole: 'viewer' } },
      schema: {
        operationId: 'consoleGetContent',
        summary: 'The offer’s rewards (points prices, stock), deals (dates), venues and products',
        description:
          'One offer’s content is one import document’s worth, so it comes whole, each list by name. Stock ' +
          '`left` is what can still be claimed; `held` of it sits in holders’ carts. Venue codes are never sent.',
        tags: ['console'],
        params: offerParams,
        response: { 200: contentCatalogue, ...READ_ERRORS },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return loadCatalogue(context.db, request.params.offerId, scopeOf(request).partnerId, context.now());
    },
  );

  routes.patch(
    contentPaths.reward,
    {
      config: { console: { scope: 'offer', minRole: 'manager' } },
      schema: {
        operationId: 'consoleUpdateReward',
        summary: 'Change a reward’s points price, its options’ prices or its stock',
        description:
          'One transaction under the reward’s claim lock, so no claim runs meanwhile; `stock` replaces the ' +
          'stock as a whole. Holders see the change on their next read.',
        tags: ['console'],
        params: rewardParams,
        body: rewardUpdateRequest,
        response: { 200: catalogueReward, ...WRITE_ERRORS },
      },
    },
    async (request) => updateReward(context.db, write(request), request.params.rewardId, request.body),
  );

  routes.patch(
    contentPaths.deal,
    {
      config: { console: { scope: 'offer', minRole: 'manager' } },
      schema: {
        operationId: 'consoleUpdateDeal',
        summary: 'Change a deal’s date (when its points expire and it stops earning)',
        description: 'Points already credited keep their expiry; new credits and the deal selector follow.',
        tags: ['console'],
        params: dealParams,
        body: dealUpdateRequest,
        response: { 200: catalogueDeal, ...WRITE_ERRORS },
      },
    },
    async (request) => updateDeal(context.db, write(request), request.params.dealId, request.body),
  );

  routes.put(
    contentPaths.venueCode,
    {
      config: { console: { scope: 'offer', minRole: 'manager' } },
      schema: {
        operationId: 'consoleRotateVenueCode',
        summary: 'Give a venue a new 4-digit check-in code; the old one stops working at once',
        description:
          'The server picks the code unless `code` is given. 409 CONFLICT for a venue another partner’s offer ' +
          'also uses. The code is in this answer only.',
        tags: ['console'],
        params: venueParams,
        body: venueCodeRequest,
        response: { 200: venueCodeIssued, ...WRITE_ERRORS, ...consoleErrorResponses(409) },
      },
    },
    async (request, reply) => {
      const issued = await rotateVenueCode(context.db, write(request), request.params.venueId, request.body);
      return reply.header('cache-control', 'no-store').send(issued);
    },
  );

  routes.post(
    contentPaths.previewLinks,
    {
      config: { console: { scope: 'offer', minRole: 'manager' } },
      schema: {
        operationId: 'consoleIssuePreviewLink',
        summary: 'A partner preview link of a product or venue page, optionally inside a deal',
        description: 'The token is shown in this answer only; the server keeps its SHA-256 hash.',
        tags: ['console'],
        params: offerParams,
        body: previewLinkRequest,
        response: { 201: previewLinkIssued, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const issued = await issuePreviewLink(context.db, context.mail, write(request), request.body);
      return reply.code(201).header('cache-control', 'no-store').send(issued);
    },
  );
}
