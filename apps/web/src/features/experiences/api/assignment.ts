import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type AssignmentResponse,
  type AssignmentType,
  apiPaths,
  type DataResponse,
  DEFAULT_ASSIGNMENT_LOCATION,
} from '@trailpass/contract';
import { apiPath, apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';
import { isPreview, isUnregistered } from '../../app-data';

/** Which form of the spec 7 assignment call a session uses. */
export type AssignmentAudience =
  | { kind: 'holder'; partnerUserId: number; offerId: number }
  | { kind: 'preview' }
  | { kind: 'unregistered' };

/** Holders use /partnerUser/{id}/…, previews /preview/… and unregistered links /unregistered/… (offerId 0). */
export function assignmentAudience(data: DataResponse | undefined): AssignmentAudience | null {
  if (!data) return null;
  if (isUnregistered(data)) return { kind: 'unregistered' };
  if (isPreview(data)) return { kind: 'preview' };
  if (data.partner_user && data.offer) {
    return { kind: 'holder', partnerUserId: data.partner_user.id, offerId: data.offer.id };
  }
  return null;
}

export interface AssignmentRequest {
  type: AssignmentType;
  assignmentId: number;
  location?: string;
  /** The page's deal (spec 7: dealId when the page has it). */
  dealId?: number | null;
}

/** GET the modules of a page and the records they name (spec 7 Assignments). */
export function fetchAssignment(
  audience: AssignmentAudience,
  request: AssignmentRequest,
  signal?: AbortSignal,
  pageSearch?: string,
): Promise<AssignmentResponse> {
  const segments = {
    type: request.type,
    assignmentId: request.assignmentId,
    location: request.location ?? DEFAULT_ASSIGNMENT_LOCATION,
  };
  const path =
    audience.kind === 'holder'
      ? apiPath(apiPaths.assignment, { id: audience.partnerUserId, ...segments })
      : apiPath(
          audience.kind === 'preview' ? apiPaths.previewAssignment : apiPaths.unregisteredAssignment,
          segments,
        );
  return apiRequest<AssignmentResponse>(path, {
    query: {
      offerId: audience.kind === 'holder' ? audience.offerId : 0,
      dealId: request.dealId ?? undefined,
    },
    ...(signal ? { signal } : {}),
    ...(pageSearch === undefined ? {} : { pageSearch }),
  });
}

/** `pageSearch`: the query of the page the assignment is for, when that is not the current URL (a prefetch). */
export function assignmentQueryOptions(
  audience: AssignmentAudience | null,
  request: AssignmentRequest,
  token: string | null = getToken(),
  pageSearch?: string,
) {
  const location = request.location ?? DEFAULT_ASSIGNMENT_LOCATION;
  return queryOptions({
    queryKey: [
      'assignment',
      token,
      audience?.kind ?? null,
      request.type,
      request.assignmentId,
      location,
      request.dealId ?? null,
    ] as const,
    queryFn: ({ signal }) => {
      if (!audience) throw new Error('No session to load the page for.');
      return fetchAssignment(audience, request, signal, pageSearch);
    },
    enabled: audience !== null,
    // Page content changes only with an import; coming back to a page should not refetch it at once.
    staleTime: 5 * 60_000,
  });
}

export function useAssignment(data: DataResponse | undefined, request: AssignmentRequest) {
  return useQuery(assignmentQueryOptions(assignmentAudience(data), request));
}
