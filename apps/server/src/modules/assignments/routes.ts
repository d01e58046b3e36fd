import {
  type AssignmentResponse,
  type AssignmentType,
  anonymousAssignmentParams,
  anonymousModuleAssignmentParams,
  apiPaths,
  assignmentParams,
  assignmentQuery,
  assignmentResponse,
  moduleAssignmentParams,
  moduleAssignmentQuery,
} from '@trailpass/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { errorResponses, forbidden, notFound } from '../../plugins/errors';
import { holderSession, routeSession, sessionOf, tokenHashOf } from '../../plugins/session';
import { headerLanguage } from '../language/request';
import { userLocation } from './domain';
import { renderAssignmentJson } from './render';
import {
  type AssignmentLookup,
  AssignmentPageCache,
  type AssignmentRequest,
  type LiveSessionCheck,
  loadAssignment,
} from './service';

const TAGS = ['assignments'];
const RESPONSES = { 200: assignmentResponse, ...errorResponses(400, 401, 403, 404, 429) };

const PAGE_DESCRIPTION =
  'Modules in ascending sort_order (with the derived assignment, isFixed and opacity) and a data map by ' +
  'entity type: the records the modules name (venues, categories, media, deals, products, packages, ' +
  'rewardItems, perks), the page entity and its neighbours, the polls of the page deal or of query dealId. ' +
  'An assignment row for this offer is preferred over one for any offer. 404 when the page entity (or ' +
  'dealId) is not of the pass offer. A page of the offer that has no assignment at this location answers ' +
  '200 with assignment null, modules [] and its records in data, so the app can draw a default page. ' +
  'latitude and longitude (both) give venue miles.';

function pageLookup(params: {
  type: AssignmentType;
  assignmentId: number;
  location: string;
}): AssignmentLookup {
  return { by: 'page', type: params.type, assignmentId: params.assignmentId, location: params.location };
}

interface LocationQuery {
  dealId?: number | undefined;
  latitude?: number | undefined;
  longitude?: number | undefined;
}

function pageContext(query: LocationQuery) {
  return { dealId: query.dealId ?? null, location: userLocation(query) };
}

/** A preview session on the preview forms (403 otherwise); offerId is 0 there, or the pass's own offer. */
function previewOffer(request: FastifyRequest, offerId: number | undefined): number {
  const session = sessionOf(request);
  if (!session.isPreview) throw forbidden('Only a preview link can use the preview endpoints.');
  if (session.offerId === null) throw notFound();
  if (offerId !== undefined && offerId !== 0 && offerId !== session.offerId) throw notFound();
  return session.offerId;
}

/** An unregistered-link session on the unregistered form (403 otherwise); it has no offer, so offerId is 0. */
function unregisteredVenue(request: FastifyRequest, offerId: number): number {
  const session = sessionOf(request);
  if (!session.isUnregisteredLink) {
    throw forbidden('Only an unregistered venue link can use the unregistered endpoints.');
  }
  if (session.venueId === null || offerId !== 0) throw notFound();
  return session.venueId;
}

/** This server's kept assignment pages, per app (service.ts AssignmentPageCache, decision 0023). */
const pagesOfContext = new WeakMap<AppContext, AssignmentPageCache>();

async function send(
  context: AppContext,
  reply: FastifyReply,
  request: AssignmentRequest,
  sessionCheck?: LiveSessionCheck,
) {
  let pages = pagesOfContext.get(context);
  if (!pages) {
    pages = new AssignmentPageCache();
    pagesOfContext.set(context, pages);
  }
  const loaded = await loadAssignment(context.db, request, pages, sessionCheck);
  // Token-bound (per-user counts and redemptions, or a preview's content): never cached.
  reply.header('cache-control', 'no-store');
  // Already encoded through the contract's schemas (render.ts): sent as its UTF-8 bytes.
  reply.type('application/json; charset=utf-8');
  return renderAssignmentJson(loaded).toBuffer() as unknown as AssignmentResponse;
}

export async function assignmentsRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  const routes = scope.withTypeProvider<ZodTypeProvider>();

  routes.get(
    apiPaths.assignment,
    {
      // The session is read with the page's live row, in one query (decision 0023, round three).
      config: { sessionLookup: 'route' },
      schema: {
        operationId: 'getAssignment',
        summary: "A page's modules and the records they show, for the pass holder (spec 7, Assignments)",
        description:
          `type is offer, deal, venue or product; location such as pass, explore or redeem. ${PAGE_DESCRIPTION} ` +
          'id must be the signed-in partner user and offerId the pass offer (else 404); 403 for a preview or ' +
          'unregistered link. Products carry the holder’s redeemedCount and unRedeemedCount, venues ' +
          'hasSomeRedemption.',
        tags: TAGS,
        params: assignmentParams,
        querystring: assignmentQuery,
        response: RESPONSES,
      },
    },
    async (request, reply) => {
      const ids = { id: request.params.id, offerId: request.query.offerId };
      // The session is read with the live row, in one query; it must be the holder the URL names before
      // anything read is used (service.ts LiveSessionCheck).
      return send(
        context,
        reply,
        {
          lookup: pageLookup(request.params),
          offerId: ids.offerId,
          partnerUserId: ids.id,
          unregisteredVenueId: null,
          ...pageContext(request.query),
          // Without a usable header, the saved language of the user the URL names, read with the live row.
          language: headerLanguage(request),
        },
        {
          tokenHash: tokenHashOf(request),
          check: (found) => {
            routeSession(request, reply, found);
            holderSession(request, ids);
          },
        },
      );
    },
  );

  routes.get(
    apiPaths.previewAssignment,
    {
      schema: {
        operationId: 'getPreviewAssignment',
        summary: "A page's modules and the records they show, for a preview link (spec 7, Assignments)",
        description: `As the holder form, for a preview session (403 otherwise), with offerId=0. ${PAGE_DESCRIPTION}`,
        tags: TAGS,
        params: anonymousAssignmentParams,
        querystring: assignmentQuery,
        response: RESPONSES,
      },
    },
    async (request, reply) =>
      send(context, reply, {
        lookup: pageLookup(request.params),
        offerId: previewOffer(request, request.query.offerId),
        partnerUserId: null,
        unregisteredVenueId: null,
        ...pageContext(request.query),
        language: headerLanguage(request),
      }),
  );

  routes.get(
    apiPaths.unregisteredAssignment,
    {
      schema: {
        operationId: 'getUnregisteredAssignment',
        summary: "The link venue's modules for an unregistered venue link (spec 7, Assignments)",
        description:
          'For an unregistered-link session only (403 otherwise), with offerId=0: the assignments marked ' +
          'unregistered of the link’s own venue (type venue, assignmentId the link venue; any other page is ' +
          '404). The link has no offer, so the data map holds the venue, its categories and the media the ' +
          'modules name, but no offer records. As for the other forms, a missing assignment answers 200 with ' +
          'assignment null and modules [].',
        tags: TAGS,
        params: anonymousAssignmentParams,
        querystring: assignmentQuery,
        response: RESPONSES,
      },
    },
    async (request, reply) => {
      const venueId = unregisteredVenue(request, request.query.offerId);
      return send(context, reply, {
        lookup: pageLookup(request.params),
        offerId: null,
        partnerUserId: null,
        unregisteredVenueId: venueId,
        ...pageContext(request.query),
        language: headerLanguage(request),
      });
    },
  );

  const BY_ID_DESCRIPTION =
    'One assignment by its own id, with the same response as the page form. 404 when it does not exist, ' +
    'is made for another offer, is an unregistered one, or its page entity is not of the pass offer.';

  routes.get(
    apiPaths.moduleAssignment,
    {
      schema: {
        operationId: 'getModuleAssignment',
        summary: 'An assignment by its id, for the pass holder (spec 7, Module assignment)',
        description:
          `${BY_ID_DESCRIPTION} id must be the signed-in partner user and offerId, when given, the pass ` +
          'offer (else 404); 403 for a preview or unregistered link.',
        tags: TAGS,
        params: moduleAssignmentParams,
        querystring: moduleAssignmentQuery,
        response: RESPONSES,
      },
    },
    async (request, reply) => {
      const holder = holderSession(request, { id: request.params.id, offerId: request.query.offerId });
      return send(context, reply, {
        lookup: { by: 'id', id: request.params.moduleAssignment },
        offerId: holder.offerId,
        partnerUserId: holder.partnerUserId,
        unregisteredVenueId: null,
        ...pageContext(request.query),
        language: headerLanguage(request),
      });
    },
  );

  routes.get(
    apiPaths.previewModuleAssignment,
    {
      schema: {
        operationId: 'getPreviewModuleAssignment',
        summary: 'An assignment by its id, for a preview link (spec 7, Module assignment)',
        description: `${BY_ID_DESCRIPTION} For a preview session only (403 otherwise).`,
        tags: TAGS,
        params: anonymousModuleAssignmentParams,
        querystring: moduleAssignmentQuery,
        response: RESPONSES,
      },
    },
    async (request, reply) =>
      send(context, reply, {
        lookup: { by: 'id', id: request.params.moduleAssignment },
        offerId: previewOffer(request, request.query.offerId),
        partnerUserId: null,
        unregisteredVenueId: null,
        ...pageContext(request.query),
        language: headerLanguage(request),
      }),
  );
}
