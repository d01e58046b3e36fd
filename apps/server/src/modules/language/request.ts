import {
  asPassLanguage,
  DEFAULT_PASS_LANGUAGE,
  LANGUAGE_HEADER,
  type PassLanguage,
} from '@trailpass/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbExecutor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { partner_users } from '../../db/schema';
import type { PassSession } from '../sessions/repository';

/**
 * The request's language (decision 0049): X-Pass-Language when it names one of PASS_LANGUAGES (anything
 * else is ignored: an old app or an odd browser keeps working), else the signed-in holder's saved choice,
 * else English. A request the browser makes itself, without the app's headers (the web manifest), names the
 * app's language in its query instead, which counts before all of them.
 */

/** The language the request's header names, or null (no header, or not one of PASS_LANGUAGES). */
export function headerLanguage(request: FastifyRequest): PassLanguage | null {
  return asPassLanguage(request.headers[LANGUAGE_HEADER.toLowerCase()]);
}

const savedLanguage = preparedQuery('language_saved', ['partnerUserId'], (db, p) =>
  db
    .select({ language: partner_users.language })
    .from(partner_users)
    .where(eq(partner_users.id, p.partnerUserId))
    .limit(1),
);

/** The holder's saved language, or null. */
export async function findSavedLanguage(db: DbExecutor, partnerUserId: number): Promise<PassLanguage | null> {
  const [row] = await savedLanguage(db, { partnerUserId });
  return asPassLanguage(row?.language);
}

/** The saved language each request has read (requestLanguage), by the holder it was read for. */
const savedOfRequest = new WeakMap<
  FastifyRequest,
  { userId: number; language: Promise<PassLanguage | null> }
>();

/**
 * The request's language: `named`'s (a query's `lang`, for a request the browser makes without the app's
 * headers) when it is one of PASS_LANGUAGES, else the header's, else (one read per request, only without
 * either) the session's holder's saved one, else English. An unusable `named` is ignored, as an unusable
 * header is.
 */
export async function requestLanguage(
  db: DbExecutor,
  request: FastifyRequest,
  session: Pick<PassSession, 'partnerUserId'> | null = request.passSession,
  named: unknown = null,
): Promise<PassLanguage> {
  const asked = asPassLanguage(named) ?? headerLanguage(request);
  if (asked) return asked;
  const userId = session?.partnerUserId ?? null;
  if (userId === null) return DEFAULT_PASS_LANGUAGE;
  // Read once per request: a route and its answer's hook both ask (a completion's message, then its order).
  let saved = savedOfRequest.get(request);
  if (saved?.userId !== userId) {
    saved = { userId, language: findSavedLanguage(db, userId) };
    savedOfRequest.set(request, saved);
  }
  return (await saved.language) ?? DEFAULT_PASS_LANGUAGE;
}
