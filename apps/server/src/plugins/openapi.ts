import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  API_BASE,
  API_VERSION,
  API_VERSION_HEADER,
  apiPaths,
  rootApiPaths,
  TOKEN_HEADER,
} from '@trailpass/contract';
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

/**
 * Only API routes appear in the document: those under /pass/api (not the docs UI itself) and the few at the
 * site root; not the static files or redirects.
 */
function transform(input: TransformInput) {
  const url = input.url;
  const isApi =
    (url.startsWith(`${API_BASE}/`) && !url.startsWith(`${API_BASE}${apiPaths.docs}`)) ||
    ROOT_API_ROUTES.has(url);
  if (!isApi) return { schema: { hide: true }, url };
  const output = zodTransform(input);
  return { ...output, schema: withoutAlwaysTrueUnions(output.schema) };
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
          'Errors always have the shape {"error": {"code", "message", "fields"?}}.',
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
