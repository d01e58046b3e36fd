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
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

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
  return jsonSchemaTransform(input);
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
      },
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
