import { useQueryClient } from '@tanstack/react-query';
import type { AssignmentResponse, DataResponse, Venue } from '@trailpass/contract';
import { dataQueryKey } from '../../app-data';

export type KnownVenue = Pick<Venue, 'id' | 'name' | 'address'>;

/**
 * A pickup venue's name and address from what the app already holds (spec 2.6: the venue address beside
 * the pickup instructions): /data's venue, else any loaded page's assignment data. No request is made;
 * when the venue is not known the pickup instructions stand alone.
 */
export function findKnownVenue(
  venueId: number | null,
  data: DataResponse | undefined,
  assignments: readonly (AssignmentResponse | undefined)[],
): KnownVenue | null {
  if (venueId === null) return null;
  if (data?.venue?.id === venueId) return data.venue;
  for (const assignment of assignments) {
    const venue = assignment?.data?.venues?.find((candidate) => candidate.id === venueId);
    if (venue) return venue;
  }
  return null;
}

export function useKnownVenue(venueId: number | null): KnownVenue | null {
  const queryClient = useQueryClient();
  if (venueId === null) return null;
  const data = queryClient.getQueryData<DataResponse>(dataQueryKey());
  const assignments = queryClient
    .getQueriesData<AssignmentResponse>({ queryKey: ['assignment'] })
    .map(([, value]) => value);
  return findKnownVenue(venueId, data, assignments);
}
