import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type AssignmentAudience,
  type AssignmentRequest,
  type AssignmentResponse,
  assignmentAudience,
  assignmentRead,
  type DataResponse,
  DEFAULT_ASSIGNMENT_LOCATION,
} from '@trailpass/contract';
import { apiRequest } from '../../../lib/api-client';
import { bootInitialData } from '../../../lib/boot-reads';
import { getToken } from '../../../lib/session';

// The holder, preview and unregistered forms of the call are the contract's (page-reads.ts), which the server
// follows when it embeds a page's assignment in the page (decision 0026).
export { type AssignmentAudience, type AssignmentRequest, assignmentAudience };

/** GET the modules of a page and the records they name (spec 7 Assignments). */
export function fetchAssignment(
  audience: AssignmentAudience,
  request: AssignmentRequest,
  signal?: AbortSignal,
  pageSearch?: string,
): Promise<AssignmentResponse> {
  const read = assignmentRead(audience, request);
  return apiRequest<AssignmentResponse>(read.path, {
    query: read.query,
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
    // The answer that came with the page, if this is its page's assignment (decision 0026).
    ...bootInitialData<AssignmentResponse>(
      audience && assignmentRead(audience, request),
      token,
      pageSearch === undefined ? {} : { pageSearch },
    ),
    // Page content changes only with an import; coming back to a page should not refetch it at once.
    staleTime: 5 * 60_000,
  });
}

export function useAssignment(data: DataResponse | undefined, request: AssignmentRequest) {
  return useQuery(assignmentQueryOptions(assignmentAudience(data), request));
}
