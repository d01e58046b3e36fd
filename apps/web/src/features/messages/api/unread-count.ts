import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type DataResponse, type UnreadCountResponse } from '@trailpass/contract';
import { useEffect, useRef } from 'react';
import { apiPath, apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';
import { isPreview } from '../../app-data';

/** GET /pass/api/partnerUser/{id}/messages/unreadCount?offerId (spec 7, Unread count). */
export function fetchUnreadCount(
  partnerUserId: number,
  offerId: number,
  signal?: AbortSignal,
): Promise<UnreadCountResponse> {
  return apiRequest<UnreadCountResponse>(apiPath(apiPaths.unreadCount, { id: partnerUserId }), {
    query: { offerId },
    ...(signal ? { signal } : {}),
  });
}

interface CountedHolder {
  partnerUserId: number;
  offerId: number;
}

/** Whose count is kept: none in preview or without a signed-in user (spec 4, spec 6). */
function countedHolder(data: DataResponse | undefined): CountedHolder | null {
  if (!data?.partner_user || !data.offer || isPreview(data)) return null;
  return { partnerUserId: data.partner_user.id, offerId: data.offer.id };
}

export const unreadCountQueryKey = (
  token: string | null,
  partnerUserId: number | null,
  offerId: number | null,
) => ['unreadCount', token, partnerUserId, offerId] as const;

export function unreadCountQueryOptions(data: DataResponse | undefined, token: string | null = getToken()) {
  const holder = countedHolder(data);
  return queryOptions({
    queryKey: unreadCountQueryKey(token, holder?.partnerUserId ?? null, holder?.offerId ?? null),
    queryFn: async ({ signal }) => {
      if (!holder) return { unread: 0 };
      try {
        return await fetchUnreadCount(holder.partnerUserId, holder.offerId, signal);
      } catch (error) {
        // Spec 8: a failed message count is logged only; the badge keeps the last count.
        console.warn('Unread message count not refreshed', error);
        throw error;
      }
    },
    enabled: holder !== null,
    // The count starts as /data's and is asked for again only on a page change (below), so a page
    // that mounts the badge does not fetch it by itself.
    initialData: () => ({ unread: holder ? (data?.messageCounts.unread ?? 0) : 0 }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The unread message count for badges (bottom-nav More, the More page's Messages): one source. */
export function useUnreadCount(data: DataResponse | undefined): number {
  const { data: count } = useQuery(unreadCountQueryOptions(data));
  return Math.max(0, count.unread);
}

/** Spec 4: the unread count is fetched again on each route change, except in preview or without a user. */
export function useRefetchUnreadCountOnRouteChange(data: DataResponse | undefined, pathname: string): void {
  const queryClient = useQueryClient();
  const lastPath = useRef(pathname);
  const holder = countedHolder(data);
  const partnerUserId = holder?.partnerUserId ?? null;
  const offerId = holder?.offerId ?? null;
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    if (partnerUserId === null || offerId === null) return;
    void queryClient.refetchQueries({
      queryKey: unreadCountQueryKey(getToken(), partnerUserId, offerId),
      exact: true,
    });
  }, [pathname, partnerUserId, offerId, queryClient]);
}
