import {
  API_BASE,
  API_VERSION,
  API_VERSION_HEADER,
  APP_BASE,
  type ApiRead,
  type AssignmentResponse,
  type AssignmentType,
  apiPaths,
  asPassLanguage,
  assignmentAudience,
  assignmentRead,
  BOOT_READS_ELEMENT_ID,
  type DataResponse,
  heroImageUrl,
  LANGUAGE_HEADER,
  loginLogoToShow,
  matchAppRoute,
  type PassLanguage,
  pageAssignmentRequest,
  pageFirstReads,
  pageToken,
  readKey,
  TOKEN_HEADER,
} from '@trailpass/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * A page's first answers, sent with the page (decision 0026). A page load used to be a chain of round trips:
 * the HTML, the entry, `/data`, then the page's own read (a module page's assignment, Rewards' points and
 * catalogue, the order history), then the module code and the hero picture. The server now asks its own API
 * for `/data` and the page's reads (the contract's pageFirstReads, which the app asks by too) while it
 * answers the page, and embeds every 200 in it, so the first render has its data.
 *
 * Each answer comes from `app.inject` of the API route itself, with the page's token and the client's
 * address: the session, ownership, validation, rate limits and encoding are exactly the API's, and the
 * bytes are those the app would have fetched. Anything but a 200 is left out for the app to ask for and
 * show as before (a 401 for an unknown token, a 404 for another user's page, a 429 over the limit).
 */

const DATA_READ: ApiRead = { path: apiPaths.data, query: {} };

/** A token the app could send as a header at all; anything else is not worth a lookup. */
const HEADER_SAFE_TOKEN = /^[\x21-\x7e]{1,256}$/;

/** The module page's assignment answer, with the type of page it is for (its default layout depends on it). */
export interface PageAssignment {
  answer: AssignmentResponse;
  type: AssignmentType;
}

export interface FirstAnswers {
  /** The `<script type="application/json" id="tp-boot">` element to put in the page. */
  script: string;
  /** The page's assignment, when it is a module page and its read answered 200: for the page's hints. */
  assignment: PageAssignment | null;
  /**
   * The first screen's largest picture, for the page's HTML to ask for at once: a module page's hero, or
   * Pass Login's logo when the pass shows Login (decision 0028). Null when the page has none.
   */
  picture: string | null;
}

/**
 * JSON text made safe inside a `<script>` element: `<`, `>` and `&` (so no `</script>` or `<!--` can end
 * or change it) and U+2028/U+2029 as \uXXXX escapes. In JSON text these characters can only stand inside
 * strings, where the escape means the same character, so the text parses to the same value.
 */
export function jsonForHtml(text: string): string {
  return text.replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

interface OwnAnswer {
  text: string;
  at: number;
}

/**
 * GET of one of this server's API reads, as the page's client: its token, its address, no X-Forwarded-For,
 * and the language the link asks for with `?lang=` (decision 0049; without it, the holder's saved one).
 */
async function ownRead(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
  key: string,
  language: PassLanguage | null = null,
): Promise<OwnAnswer | null> {
  const res = await app.inject({
    method: 'GET',
    url: `${API_BASE}${key}`,
    headers: {
      [TOKEN_HEADER]: token,
      [API_VERSION_HEADER]: API_VERSION,
      accept: 'application/json',
      ...(language === null ? {} : { [LANGUAGE_HEADER]: language }),
    },
    remoteAddress: request.ip,
  });
  const type = res.headers['content-type'];
  if (res.statusCode !== 200 || typeof type !== 'string' || !type.startsWith('application/json')) return null;
  return { text: res.body, at: Date.now() };
}

/**
 * The first answers of the page `request` asks for, or null when there are none to embed: a HEAD, a page
 * without a token, or a `/data` that did not answer 200. The page's own reads that fail are left out.
 */
export async function firstAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<FirstAnswers | null> {
  if (request.method !== 'GET') return null;
  const q = request.url.indexOf('?');
  const pathname = q === -1 ? request.url : request.url.slice(0, q);
  const search = q === -1 ? '' : request.url.slice(q);
  const token = pageToken(search);
  if (token === null || !HEADER_SAFE_TOKEN.test(token)) return null;

  const language = asPassLanguage(new URLSearchParams(search).get('lang'));
  const dataKey = readKey(DATA_READ, search);
  const data = await ownRead(app, request, token, dataKey, language);
  if (!data) return null;
  const answers = new Map<string, OwnAnswer>([[dataKey, data]]);

  const route = matchAppRoute(pathname.slice(APP_BASE.length));
  let assignment: PageAssignment | null = null;
  let picture: string | null = null;
  if (route) {
    const parsed = JSON.parse(data.text) as DataResponse;
    // Pass Login's logo is its largest paint; a public link's answer names it before the visitor's own
    // session is made and read (decision 0022), so the page asks for it beside its code.
    if (route.name === 'Login') picture = loginLogoToShow(parsed);
    const keys = pageFirstReads(route.name, route.params, search, parsed).map((read) =>
      readKey(read, search),
    );
    const results = await Promise.all(keys.map((key) => ownRead(app, request, token, key, language)));
    keys.forEach((key, index) => {
      const result = results[index];
      if (result) answers.set(key, result);
    });
    // A module page's read is its assignment: the page's module code and hero picture come from it.
    const page = pageAssignmentRequest(route.name, route.params, search, parsed);
    const audience = assignmentAudience(parsed);
    const pageAnswer = page && audience && answers.get(readKey(assignmentRead(audience, page), search));
    if (page && pageAnswer) {
      assignment = { answer: JSON.parse(pageAnswer.text) as AssignmentResponse, type: page.type };
      picture = heroImageUrl(assignment.answer);
    }
  }

  // The bodies go in as the API sent them; only the envelope is made here.
  const entries = [...answers].map(
    ([key, answer]) => `${JSON.stringify(key)}:{"at":${answer.at},"body":${answer.text}}`,
  );
  const json = `{"sentAt":${Date.now()},"reads":{${entries.join(',')}}}`;
  return {
    script: `<script type="application/json" id="${BOOT_READS_ELEMENT_ID}">${jsonForHtml(json)}</script>`,
    assignment,
    picture,
  };
}
