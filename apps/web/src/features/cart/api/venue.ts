import { useQueryClient } from '@tanstack/react-query';
import type { AssignmentResponse, DataResponse, RewardsResponse, Venue } from '@trailpass/contract';
import { dataQueryKey } from '../../app-data';

export type KnownVenue = Pick<Venue, 'id' | 'name' | 'address'>;

/**
 * A pickup venue's name and address from what the app already holds (spec 2.6: the venue address beside
 * the pickup instructions): the rewards catalogue's pickup venues (loaded with every claim), /data's
 * venue, else any loaded page's assignment data. No request is made; when the venue is not known the
 * pickup instructions stand alone.
 */
export function findKnownVenue(
  venueId: number | null,
  data: DataResponse | undefined,
  assignments: readonly (AssignmentResponse | undefined)[],
  catalogues: readonly (RewardsResponse | undefined)[] = [],
): KnownVenue | null {
  if (venueId === null) return null;
  for (const catalogue of catalogues) {
    const venue = catalogue?.venues?.find((candidate) => candidate.id === venueId);
    if (venue) return venue;
  }
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
  const catalogues = queryClient
    .getQueriesData<RewardsResponse>({ queryKey: ['rewards'] })
    .map(([, value]) => value);
  return findKnownVenue(venueId, data, assignments, catalogues);
}
