import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  type MessageList,
  type MessageListsResponse,
  type UpdateSubscriptionRequest,
} from '@trailpass/contract';
import { useState } from 'react';
import { apiPath, apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';

/** Spec 8: what a failed load of the lists is logged as (the page then shows no lists). */
export const SUBSCRIPTION_LIST_FAILED = 'Failed to grab subscription list';

/** Whose lists: the signed-in holder on the pass's offer (the lists are the offer's partner's). */
export interface SubscriptionsRef {
  partnerUserId: number;
  offerId: number;
}

export const messageListsQueryKey = (ref: SubscriptionsRef, token: string | null = getToken()) =>
  ['messageLists', token, ref.partnerUserId, ref.offerId] as const;

/** GET /partnerUser/{id}/messageLists?offerId: every list of the partner with the holder's 0 or 1. */
export function messageListsQueryOptions(ref: SubscriptionsRef, token: string | null = getToken()) {
  return queryOptions({
    queryKey: messageListsQueryKey(ref, token),
    queryFn: async ({ signal }) => {
      try {
        const answer = await apiRequest<MessageListsResponse>(
          apiPath(apiPaths.userMessageLists, { id: ref.partnerUserId }),
          { query: { offerId: ref.offerId }, signal },
        );
        return answer.data;
      } catch (error) {
        console.error(SUBSCRIPTION_LIST_FAILED, error);
        throw error;
      }
    },
  });
}

export function useMessageLists(ref: SubscriptionsRef) {
  return useQuery(messageListsQueryOptions(ref));
}

/** PUT /partnerUser/{id}/messageLists/{listId} {id, subscribed}: answers the list with its new flag. */
export function putSubscription(
  ref: SubscriptionsRef,
  change: UpdateSubscriptionRequest,
): Promise<MessageList> {
  return apiRequest<MessageList>(
    apiPath(apiPaths.userMessageList, { id: ref.partnerUserId, listId: change.id }),
    { method: 'PUT', body: change },
  );
}

export type SubscriptionOutcome = 'saved' | 'failed';

/**
 * Spec 4 Subscriptions: each change is sent at once, one call per list (Unsubscribe All sends one per
 * list that was subscribed). The boxes change before the answers; a refused call puts its box back.
 * `pending` holds the lists whose call is on its way, so a box cannot be sent twice at the same time.
 */
export function useSubscriptionChanges(
  ref: SubscriptionsRef,
  onDone: (outcome: SubscriptionOutcome) => void,
) {
  const queryClient = useQueryClient();
  const key = messageListsQueryKey(ref);
  const [pending, setPending] = useState<ReadonlySet<number>>(() => new Set());

  const setFlags = (flags: ReadonlyMap<number, 0 | 1>) =>
    queryClient.setQueryData<MessageList[]>(key, (lists) =>
      lists?.map((list) => {
        const subscribed = flags.get(list.id);
        return subscribed === undefined ? list : { ...list, subscribed };
      }),
    );

  const mutation = useMutation({
    mutationFn: async (changes: UpdateSubscriptionRequest[]): Promise<SubscriptionOutcome> => {
      const ids = changes.map((change) => change.id);
      setPending((current) => new Set([...current, ...ids]));
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = new Map(
        queryClient.getQueryData<MessageList[]>(key)?.map((list) => [list.id, list.subscribed]),
      );
      setFlags(new Map(changes.map((change) => [change.id, change.subscribed])));
      const results = await Promise.allSettled(changes.map((change) => putSubscription(ref, change)));
      const settled = new Map<number, 0 | 1>();
      let failed = false;
      results.forEach((result, index) => {
        const change = changes[index] as UpdateSubscriptionRequest;
        if (result.status === 'fulfilled') {
          settled.set(change.id, result.value.subscribed);
        } else {
          failed = true;
          console.warn('Subscription not updated', result.reason);
          settled.set(change.id, before.get(change.id) ?? (change.subscribed === 1 ? 0 : 1));
        }
      });
      setFlags(settled);
      setPending((current) => new Set([...current].filter((id) => !ids.includes(id))));
      return failed ? 'failed' : 'saved';
    },
    onSuccess: onDone,
  });

  return {
    pending,
    /** One box changed. */
    setSubscribed: (listId: number, subscribed: boolean) =>
      mutation.mutate([{ id: listId, subscribed: subscribed ? 1 : 0 }]),
    /** Every subscribed list to 0: one call per list that was subscribed. */
    unsubscribeAll: (lists: readonly MessageList[]) => {
      const subscribed = lists.filter((list) => list.subscribed === 1);
      if (subscribed.length > 0) mutation.mutate(subscribed.map((list) => ({ id: list.id, subscribed: 0 })));
    },
  };
}
