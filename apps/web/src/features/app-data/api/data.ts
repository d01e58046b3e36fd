import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type DataResponse } from '@trailpass/contract';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';

/** GET /pass/api/data: the initial data (spec 7). */
export function fetchData(signal?: AbortSignal): Promise<DataResponse> {
  return apiRequest<DataResponse>(apiPaths.data, signal ? { signal } : {});
}

export const dataQueryKey = (token: string | null = getToken()) => ['data', token ?? null] as const;

export function dataQueryOptions(token: string | null = getToken()) {
  return queryOptions({
    queryKey: dataQueryKey(token),
    queryFn: ({ signal }) => fetchData(signal),
    staleTime: 60_000,
  });
}

export function useAppData() {
  return useQuery(dataQueryOptions());
}
