import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type MarkReadResponse, type Message, type MessagesResponse } from '@trailpass/contract';
import { apiPath, apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';
import { unreadCountQueryKey } from './unread-count';

/** Whose messages: the signed-in holder on the pass's offer. */
export interface MessagesRef {
  partnerUserId: number;
  offerId: number;
}

export const messagesQueryKey = (ref: MessagesRef, token: string | null = getToken()) =>
  ['messages', token, ref.partnerUserId, ref.offerId] as const;

/** GET /partnerUser/{id}/messages?offerId (spec 7 Messages): newest first, HTML as stored. */
export function fetchMessages(ref: MessagesRef, signal?: AbortSignal): Promise<MessagesResponse> {
  return apiRequest<MessagesResponse>(apiPath(apiPaths.messages, { id: ref.partnerUserId }), {
    query: { offerId: ref.offerId },
    ...(signal ? { signal } : {}),
  });
}

export function messagesQueryOptions(ref: MessagesRef, token: string | null = getToken()) {
  return queryOptions({
    queryKey: messagesQueryKey(ref, token),
    queryFn: async ({ signal }) => (await fetchMessages(ref, signal)).data,
  });
}

export function useMessages(ref: MessagesRef) {
  return useQuery(messagesQueryOptions(ref));
}

/** PUT /partnerUser/{id}/messages/{messageId} {read: true}: answers id and the (first) read_at. */
export function putMessageRead(ref: MessagesRef, messageId: number): Promise<MarkReadResponse> {
  return apiRequest<MarkReadResponse>(apiPath(apiPaths.message, { id: ref.partnerUserId, messageId }), {
    method: 'PUT',
    body: { read: true },
  });
}

function withReadAt(messages: Message[] | undefined, messageId: number, readAt: string | null) {
  return messages?.map((message) => (message.id === messageId ? { ...message, read_at: readAt } : message));
}

/**
 * Spec 4 Message: an unread message (no read_at) becomes read when opened. The list and both unread
 * badges change at once; the server's read_at replaces the guess, and a refused call puts both back.
 * The count is then asked for again, so the badges end on the server's number.
 */
export function useMarkRead(ref: MessagesRef) {
  const queryClient = useQueryClient();
  const listKey = messagesQueryKey(ref);
  const countKey = unreadCountQueryKey(getToken(), ref.partnerUserId, ref.offerId);
  return useMutation({
    mutationFn: (messageId: number) => putMessageRead(ref, messageId),
    onMutate: async (messageId: number) => {
      await queryClient.cancelQueries({ queryKey: listKey, exact: true });
      queryClient.setQueryData<Message[]>(listKey, (messages) =>
        withReadAt(messages, messageId, new Date().toISOString()),
      );
      queryClient.setQueryData<{ unread: number }>(countKey, (count) =>
        count ? { unread: Math.max(0, count.unread - 1) } : count,
      );
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<Message[]>(listKey, (messages) =>
        withReadAt(messages, answer.id, answer.read_at),
      );
    },
    onError: (error, messageId) => {
      // Nothing to show: the message is open and readable; it stays unread for the next visit.
      console.warn('Message not marked as read', error);
      queryClient.setQueryData<Message[]>(listKey, (messages) => withReadAt(messages, messageId, null));
    },
    onSettled: () => queryClient.refetchQueries({ queryKey: countKey, exact: true }),
  });
}
