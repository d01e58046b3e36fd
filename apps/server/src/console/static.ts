import { existsSync } from 'node:fs';
import path from 'node:path';
import { CONSOLE_BASE } from '@trailpass/contract/console';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readBuildFiles, sendBuildFile } from '../plugins/build-files';
import { sendError } from '../plugins/errors';
import { cacheControlFor } from '../plugins/static';

/**
 * The console pages' Content-Security-Policy (issue 30): scripts from this origin only (no inline script, no
 * eval), styles also inline (MUI's emotion injects style tags), images also as data: URIs and from https
 * (partner logos), calls to this origin only, and no frame may hold a console page (clickjacking of a
 * staff member's session). Unlike the pass's policy it allows no web manifest or worker: the console has
 * none. Set on every answer of the build, over the pass's policy that every answer starts with.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'none'",
  "worker-src 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** Whether the console's build is there (its index.html). */
export function consoleDistExists(consoleDist: string | undefined): consoleDist is string {
  return consoleDist !== undefined && existsSync(path.join(consoleDist, 'index.html'));
}

/**
 * The console's build (apps/console/dist, base /console/) under /console/, read into memory once at start-up
 * as the pass's build is (build-files.ts, decision 0036): a file of the build, else for a path that names no
 * file (no extension) the console's index.html, its router's page (history fallback). /console redirects to
 * /console/. Without a build every such path is a 404 that says how to make it; the API still answers. The
 * console's API paths never get here: their own routes (and the API's 404) are more specific.
 */
export async function registerConsoleStatic(
  app: FastifyInstance,
  consoleDist: string | undefined,
): Promise<void> {
  const files = consoleDistExists(consoleDist)
    ? readBuildFiles(consoleDist, `${CONSOLE_BASE}/`, cacheControlFor)
    : null;

  app.get(CONSOLE_BASE, { schema: { hide: true } }, (request, reply) => {
    const q = request.url.indexOf('?');
    return reply.redirect(`${CONSOLE_BASE}/${q === -1 ? '' : request.url.slice(q)}`, 302);
  });

  const notFound = (request: FastifyRequest, reply: FastifyReply, message: string) =>
    sendError(reply, {
      statusCode: 404,
      code: 'not_found',
      message: `${message}: ${request.method} ${pathOf(request.url)}`,
    });

  app.route({
    method: ['GET', 'HEAD'],
    url: `${CONSOLE_BASE}/*`,
    schema: { hide: true },
    handler(request, reply) {
      if (!files) {
        return notFound(
          request,
          reply,
          'The partner console is not built (npm run build --workspace apps/console, or npm start)',
        );
      }
      const urlPath = pathOf(request.url);
      reply.header('content-security-policy', CONSOLE_CSP);
      const file = files.lookup(urlPath);
      if (file === 'forbidden')
        return sendError(reply, { statusCode: 403, code: 'forbidden', message: 'Forbidden' });
      if (file) return sendBuildFile(request, reply, file);
      // A missing file (a name with an extension) is a 404, not the console's page.
      if (/\.[A-Za-z0-9]+$/.test(urlPath)) return notFound(request, reply, 'No such file');
      const index = files.get('index.html');
      return index ? sendBuildFile(request, reply, index) : notFound(request, reply, 'No such page');
    },
  });
}
