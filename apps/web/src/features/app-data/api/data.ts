import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiRead, apiPaths, type DataResponse, type VisitorSessionResponse } from '@trailpass/contract';
import { LANGUAGE_HEADER, requestLanguage } from '../../../i18n/language';
import { apiRequest } from '../../../lib/api-client';
import { bootInitialData, takeBootRead } from '../../../lib/boot-reads';
import { getToken, replaceToken, searchWithToken } from '../../../lib/session';
import { dataInActiveLanguage } from './language';

const DATA_READ: ApiRead = { path: apiPaths.data, query: {} };

/**
 * GET /pass/api/data: the initial data (spec 7). When the token is a public link's (decision 0022), which
 * everyone who opens the link shares and nobody can sign in to, this visitor first gets a session of their
 * own (POST /sessions/visitor) and its token replaces t (lib/session replaceToken) before this answers. The
 * answer still says public_link, which the page never shows (it waits for the new token's data, asked for
 * under the new t). A failed exchange fails this read: the ordinary load error, whose retry starts over.
 * A public link's answer that came with the page (decision 0026) is not the query's initial data (the page
 * never shows it): it is used here instead of asking for it, so the exchange starts at once.
 */
export async function fetchData(
  signal?: AbortSignal,
  token: string | null = getToken(),
): Promise<DataResponse> {
  // The token asked for, which during a navigation can differ from the address bar's still.
  const pageSearch = token === null ? window.location.search : searchWithToken(window.location.search, token);
  const embedded = takeBootRead<DataResponse>(DATA_READ, token)?.data;
  const asked = requestLanguage();
  const data =
    embedded ??
    (await apiRequest<DataResponse>(apiPaths.data, { pageSearch, ...(signal ? { signal } : {}) }));
  // What the holder saved can change the language (decision 0050): the answer is then asked again in it.
  if (!data.public_link) {
    return dataInActiveLanguage(token, data, embedded ? null : asked, (language) =>
      apiRequest<DataResponse>(apiPaths.data, {
        pageSearch,
        headers: { [LANGUAGE_HEADER]: language },
        ...(signal ? { signal } : {}),
      }),
    );
  }
  const { token: visitorToken } = await apiRequest<VisitorSessionResponse>(apiPaths.visitorSession, {
    method: 'POST',
    pageSearch,
    ...(signal ? { signal } : {}),
  });
  await replaceToken(visitorToken);
  return data;
}

export const dataQueryKey = (token: string | null = getToken()) => ['data', token ?? null] as const;

export function dataQueryOptions(token: string | null = getToken()) {
  return queryOptions({
    queryKey: dataQueryKey(token),
    queryFn: ({ signal }) => fetchData(signal, token),
    // The answer that came with the page, unless it is a public link's (fetchData exchanges that one first).
    ...bootInitialData<DataResponse>(DATA_READ, token, { accept: (data) => !data.public_link }),
    staleTime: 60_000,
  });
}

export function useAppData() {
  return useQuery(dataQueryOptions());
}
