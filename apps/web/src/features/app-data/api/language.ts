import type { QueryClient } from '@tanstack/react-query';
import {
  type ApiRead,
  apiPaths,
  type DataResponse,
  isPreviewPass,
  isUnregisteredPass,
  type LanguageResponse,
  type PassLanguage,
} from '@trailpass/contract';
import {
  activeLanguage,
  asPassLanguage,
  chooseLanguage,
  chosenLanguage,
  contentLanguage,
  noteSavedLanguage,
  PSEUDO_LANGUAGE,
  requestLanguage,
} from '../../../i18n/language';
import { applyActiveLanguage } from '../../../i18n/switch';
import { apiRequest } from '../../../lib/api-client';
import { discardBootReads, peekBootRead } from '../../../lib/boot-reads';
import { getToken } from '../../../lib/session';

/**
 * The holder's language and the server's data (issue 32, decision 0050): /data says what the holder saved,
 * which can change the active language; a language chosen by the link is saved on the server once, so the
 * holder's other devices get it; and a change of language asks for the server's data again, in it.
 */

const DATA_READ: ApiRead = { path: apiPaths.data, query: {} };

let client: QueryClient | null = null;

/** The key of every /data query (features/app-data/api/data.ts). */
const isDataKey = (key: readonly unknown[]) => key[0] === 'data';

/**
 * The start: the saved language of an embedded /data (decision 0026) counts at once, and the active
 * language's catalogues load beside the page's chunks. main.tsx renders once this has settled, so a holder
 * whose language is known never sees the English interface first.
 */
export function startLanguage(queryClient: QueryClient): Promise<void> {
  client = queryClient;
  const token = getToken();
  const embedded = peekBootRead<DataResponse>(DATA_READ, token);
  if (embedded && !embedded.public_link) {
    noteSavedLanguage(token, embedded.language);
    // The server wrote them in the link's language, else the saved one, else English: a browser's language
    // it could not know (or the pseudo-locale's English) makes them the wrong language's, asked again.
    const answeredIn =
      asPassLanguage(new URLSearchParams(window.location.search).get('lang')) ?? embedded.language ?? 'en';
    if (answeredIn !== contentLanguage(activeLanguage())) discardBootReads();
  }
  // Every /data answer, however it came (the page, a fetch, an update after a check-in): the link's language
  // is saved when it differs from the holder's.
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !isDataKey(event.query.queryKey))
      return;
    const data = event.query.state.data as DataResponse | undefined;
    const queryToken = (event.query.queryKey[1] as string | null | undefined) ?? null;
    if (!data || data.public_link) return;
    if (noteSavedLanguage(queryToken, data.language)) void followActiveLanguage();
    void saveChosenLanguage(queryToken, data);
  });
  return applyActiveLanguage();
}

/** A session whose holder can save a language: signed in, not a preview nor an unregistered link. */
export function canSaveLanguage(data: DataResponse): boolean {
  return data.partner_user !== null && !isPreviewPass(data) && !isUnregisteredPass(data);
}

/** The (token, language) pairs already sent to PUT /language this page load: once each. */
const saving = new Set<string>();

/**
 * PUT /language with the link's (or More page's) language when the signed-in holder's saved one differs:
 * once per token and language. The pseudo-locale is never saved. A refusal changes nothing for this page.
 */
export async function saveChosenLanguage(token: string | null, data: DataResponse): Promise<void> {
  const chosen = chosenLanguage();
  if (!chosen || chosen === PSEUDO_LANGUAGE || chosen === data.language || !canSaveLanguage(data)) return;
  const key = `${token ?? ''} ${chosen}`;
  if (saving.has(key)) return;
  saving.add(key);
  try {
    await putLanguage(chosen, token);
  } catch (error) {
    console.warn('The language could not be saved', error);
  }
}

function putLanguage(language: PassLanguage, token: string | null = getToken()): Promise<LanguageResponse> {
  return apiRequest<LanguageResponse>(apiPaths.language, {
    method: 'PUT',
    body: { language },
    ...(token === null ? {} : { pageSearch: `?t=${encodeURIComponent(token)}` }),
  });
}

/**
 * The interface and the server's data in the active language: its catalogues and Lingui first, then every
 * query asked again (the active ones now, the others when next shown), but `except` (the read that has just
 * been made in it).
 */
export async function followActiveLanguage(except?: (key: readonly unknown[]) => boolean): Promise<void> {
  await applyActiveLanguage();
  await client?.invalidateQueries({ predicate: (query) => !except?.(query.queryKey) });
}

/**
 * The More page's choice: saved on the server for a signed-in holder (so their other devices read it too),
 * then the interface and the data switch. A refused save still switches this session; false then.
 */
export async function switchLanguage(
  language: PassLanguage,
  data: DataResponse | undefined,
): Promise<boolean> {
  const before = activeLanguage();
  let saved = true;
  if (data && canSaveLanguage(data) && data.language !== language) {
    const token = getToken();
    saving.add(`${token ?? ''} ${language}`);
    try {
      await putLanguage(language, token);
    } catch (error) {
      console.warn('The language could not be saved', error);
      saved = false;
    }
  }
  chooseLanguage(language);
  if (activeLanguage() !== before) await followActiveLanguage();
  return saved;
}

/**
 * After a /data answer: when what it says the holder saved changes the active language, the answer is asked
 * again in that language unless it came in it already, and the interface follows before the query resolves
 * (so the page never shows the old language's interface with the new data). The other queries follow.
 */
export async function dataInActiveLanguage(
  token: string | null,
  data: DataResponse,
  asked: PassLanguage | null,
  again: (language: PassLanguage) => Promise<DataResponse>,
): Promise<DataResponse> {
  if (data.public_link || !noteSavedLanguage(token, data.language)) return data;
  // The server answered in the header's language, else the saved one, else English.
  const answeredIn = asked ?? data.language ?? 'en';
  const wanted = requestLanguage() ?? 'en';
  const answer = wanted === answeredIn ? data : await again(wanted);
  await followActiveLanguage(isDataKey);
  return answer;
}
