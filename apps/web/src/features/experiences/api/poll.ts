import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Poll, type PollResults } from '@trailpass/contract';
import { apiPath, apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';

export interface PollRef {
  partnerUserId: number;
  pollId: number;
  dealId: number;
}

const pollPath = (template: string, ref: PollRef) =>
  apiPath(template, { id: ref.partnerUserId, pollId: ref.pollId });

export function pollQueryOptions(ref: PollRef, token: string | null = getToken()) {
  return queryOptions({
    queryKey: ['poll', token, ref.partnerUserId, ref.pollId, ref.dealId] as const,
    queryFn: ({ signal }) =>
      apiRequest<Poll>(pollPath(apiPaths.poll, ref), { query: { dealId: ref.dealId }, signal }),
  });
}

export function pollResultsQueryOptions(ref: PollRef, token: string | null = getToken()) {
  return queryOptions({
    queryKey: ['pollResults', token, ref.partnerUserId, ref.pollId, ref.dealId] as const,
    queryFn: ({ signal }) =>
      apiRequest<PollResults>(pollPath(apiPaths.pollResults, ref), { query: { dealId: ref.dealId }, signal }),
  });
}

export function usePoll(ref: PollRef) {
  return useQuery(pollQueryOptions(ref));
}

/** Results are read only once the user has voted (or the poll has closed): no peeking before voting. */
export function usePollResults(ref: PollRef, enabled: boolean) {
  return useQuery({ ...pollResultsQueryOptions(ref), enabled });
}

/** POST …/vote with one option; the answer is the new results, and the poll now carries my_vote. */
export function useVote(ref: PollRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (optionId: number) =>
      apiRequest<PollResults>(pollPath(apiPaths.pollVote, ref), {
        method: 'POST',
        query: { dealId: ref.dealId },
        body: { votes: [optionId] },
      }),
    onSuccess: (results) => {
      queryClient.setQueryData(pollResultsQueryOptions(ref).queryKey, results);
      queryClient.setQueryData(pollQueryOptions(ref).queryKey, (poll) =>
        poll ? { ...poll, my_vote: results.my_vote } : poll,
      );
    },
    // A 409 means this user already voted elsewhere (another tab): show the truth from the server.
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: pollQueryOptions(ref).queryKey });
    },
  });
}
