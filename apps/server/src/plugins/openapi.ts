import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  API_BASE,
  API_VERSION,
  API_VERSION_HEADER,
  apiPaths,
  LANGUAGE_HEADER,
  rootApiPaths,
  TOKEN_HEADER,
} from '@trailpass/contract';
import { CONSOLE_API_BASE, CONSOLE_AUTH_BASE, CSRF_HEADER } from '@trailpass/contract/console';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * fastify-type-provider-zod's transform, less its default `override`: that one filters out the members of a
 * union that are still empty when zod calls it, and a member made of a pipe (idParam: a pattern, then a
 * number) is only filled in after, so `offerId: idParam | '0'` came out as `anyOf: [{const: '0'}]`, as if
 * no id were allowed (issue 27). The default's other work (z.date() and z.undefined() as strings and null)
 * has nothing to do: the contract uses neither.
 */
const zodTransform = createJsonSchemaTransform({ zodToJsonConfig: { override: () => {} } });

type TransformInput = Parameters<typeof zodTransform>[0];

/** Routes of the pass API served at the site root (spec 7, "outside the pass prefix"), as Fastify spells them. */
const ROOT_API_ROUTES = new Set<string>(Object.values(rootApiPaths));

/** The console session cookie (better-auth's, with the console's prefix: console/auth/auth.ts). */
const CONSOLE_SESSION_COOKIE = 'trailpass-console.session_token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Only API routes appear in the document: those under /pass/api (not the docs UI itself) and the few at the
 * site root, and the partner console's under /console/api (issue 30; not better-auth's own routes or the
 * API's 404, which are hidden); not the static files or redirects. A console route is called with the staff
 * session cookie, and an unsafe one with the session's CSRF token as well.
 */
function transform(input: TransformInput) {
  const url = input.url;
  const isConsole = url.startsWith(`${CONSOLE_API_BASE}/`) && !url.startsWith(`${CONSOLE_AUTH_BASE}/`);
  const isApi =
    (url.startsWith(`${API_BASE}/`) && !url.startsWith(`${API_BASE}${apiPaths.docs}`)) ||
    ROOT_API_ROUTES.has(url) ||
    isConsole;
  if (!isApi || (input.schema as { hide?: boolean } | undefined)?.hide)
    return { schema: { hide: true }, url };
  const output = zodTransform(input);
  const schema = withoutAlwaysTrueUnions(output.schema);
  if (!isConsole) return { ...output, schema };
  // A CSV download (console/reports/routes.ts): its 200 is text/csv, not the JSON string zod describes.
  const response = (schema as { response?: Record<string, { description?: string }> }).response;
  const ok = response?.['200'];
  if (url.endsWith('/csv') && ok) {
    response['200'] = {
      description: ok.description ?? 'CSV',
      content: { 'text/csv': { schema: { type: 'string' } } },
    } as { description: string };
  }
  // The content export (console/content-export/routes.ts): its 200 is a zip file.
  if (url.endsWith('/content/export') && ok) {
    response['200'] = {
      description: ok.description ?? 'A zip file',
      content: { 'application/zip': { schema: { type: 'string', contentMediaType: 'application/zip' } } },
    } as { description: string };
  }
  const methods = Array.isArray(input.route.method) ? input.route.method : [input.route.method];
  const safe = methods.every((method) => SAFE_METHODS.has(method));
  return {
    ...output,
    schema: {
      ...schema,
      security: [safe ? { consoleSession: [] } : { consoleSession: [], consoleCsrf: [] }],
    },
  };
}

/**
 * A union with an empty member (`z.unknown().nullable()`: anyOf [{}, null]) accepts any value: written as
 * the schema without that anyOf, which says the same (Redocly's no-illogical-composition-keywords).
 */
function withoutAlwaysTrueUnions<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutAlwaysTrueUnions) as T;
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([key, child]) => [key, withoutAlwaysTrueUnions(child)] as const);
  const anyOf = entries.find(([key]) => key === 'anyOf')?.[1];
  const alwaysTrue =
    Array.isArray(anyOf) &&
    anyOf.some((member) => member !== null && typeof member === 'object' && Object.keys(member).length === 0);
  return Object.fromEntries(alwaysTrue ? entries.filter(([key]) => key !== 'anyOf') : entries) as T;
}

/** Registers the OpenAPI generator; call before any route is added so that every route is collected. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Trailpass pass API',
        version: API_VERSION,
        description:
          `Every request except health and these docs carries the pass token (header ${TOKEN_HEADER}, ` +
          `or query parameter t) and ${API_VERSION_HEADER}: ${API_VERSION}. ` +
          `The holder app also sends ${LANGUAGE_HEADER} (en, es, fr or de; anything else is ignored): content ` +
          'texts come in that language, else the holder’s saved one, else English, each field falling back to ' +
          'the original (decision 0049). ' +
          'Errors always have the shape {"error": {"code", "message", "fields"?}}. The partner console’s API ' +
          '(/console/api, tag console) is called with a staff session cookie instead, and answers errors as ' +
          '{"message", "code", "errors"?}.',
        // No licence is granted: the packages are private and the repository has no LICENSE file. SPDX has
        // no identifier for that; LicenseRef- is its form for a licence of one's own (decision 0032).
        license: { name: 'Proprietary: no licence is granted', identifier: 'LicenseRef-Proprietary' },
      },
      // The document is served by the site whose API it describes, and its paths start at the site root.
      servers: [{ url: '/', description: 'The site that serves this document' }],
      components: {
        securitySchemes: {
          passToken: { type: 'apiKey', in: 'header', name: TOKEN_HEADER },
          passTokenQuery: { type: 'apiKey', in: 'query', name: 't' },
          consoleSession: {
            type: 'apiKey',
            in: 'cookie',
            name: CONSOLE_SESSION_COOKIE,
            description:
              'The partner console’s staff session, set by POST /console/api/auth/sign-in/email (better-auth).',
          },
          consoleCsrf: {
            type: 'apiKey',
            in: 'header',
            name: CSRF_HEADER,
            description: 'The csrfToken of GET /console/api/session, on every unsafe console call.',
          },
        },
      },
      security: [{ passToken: [] }, { passTokenQuery: [] }],
    },
    transform,
  });
}

/** The document as JSON at /pass/api/openapi.json and the readable docs at /pass/api/docs. */
export async function registerOpenApiRoutes(app: FastifyInstance): Promise<void> {
  app.get(`${API_BASE}${apiPaths.openapi}`, { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: `${API_BASE}${apiPaths.docs}`,
    uiConfig: { docExpansion: 'list', deepLinking: false },
  });
}
