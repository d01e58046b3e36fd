import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_BASE, APP_BASE } from '@trailpass/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DbExecutor } from '../db/client';
import { notFound, sendError } from './errors';
import { pageHtmlOf } from './page-html';
import { firstAnswers } from './page-reads';
import { applyPagePolicy } from './security';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';
/** A page with a holder's answers in it (decision 0026): kept by no cache, as the answers themselves. */
export const NO_STORE = 'no-store';
const MEDIA_CACHE = 'public, max-age=3600';
const OTHER_FILE_CACHE = 'public, max-age=86400';

const MEDIA_PREFIX = `${APP_BASE}/media/`;
const ASSETS_PREFIX = `${APP_BASE}/assets/`;
/** Files that name the current build: always revalidated. */
const ENTRY_FILES = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'manifest.json']);

/** Cache-Control for a file of the web build, by its path relative to the build folder. */
export function cacheControlFor(relativePath: string): string {
  const file = relativePath
    .split(path.sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  if (file.startsWith('assets/')) return IMMUTABLE;
  if (ENTRY_FILES.has(file) || file.endsWith('.html')) return NO_CACHE;
  return OTHER_FILE_CACHE;
}

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** A path under the app that is none of the API, media or build assets: a page or a file of the build. */
function isAppPath(urlPath: string): boolean {
  return (
    urlPath.startsWith(`${APP_BASE}/`) &&
    !urlPath.startsWith(`${API_BASE}/`) &&
    !urlPath.startsWith(MEDIA_PREFIX) &&
    !urlPath.startsWith(ASSETS_PREFIX)
  );
}

function queryOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? '' : url.slice(q);
}

export interface StaticOptions {
  /** Built web app (index.html, assets/, sw.js, ... with .br/.gz siblings); undefined = API only. */
  webDist: string | undefined;
  /** Imported media, served under /pass/media/. */
  mediaDir: string;
  /** For the page policy of a pass (its offer's translation snippet). */
  db: DbExecutor;
}

/**
 * The built web app under /pass/ (precompressed files chosen by Accept-Encoding), media under /pass/media/,
 * history-mode fallback to index.html, and the one JSON 404 for everything else.
 */
export async function registerStatic(app: FastifyInstance, options: StaticOptions): Promise<void> {
  const { webDist, mediaDir, db } = options;
  mkdirSync(mediaDir, { recursive: true });

  // Every HTML page of the app (index.html at /pass/ and the history fallback alike) gets the policy of
  // the pass in its URL; added before the routes below so that it runs for them and the fallback.
  app.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html') && isAppPath(pathOf(request.url))) {
      await applyPagePolicy(db, (request.query as Record<string, unknown> | undefined)?.t, reply);
    }
    return payload;
  });

  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: MEDIA_PREFIX,
    decorateReply: !webDist,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', MEDIA_CACHE);
    },
  });

  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: `${APP_BASE}/`,
      preCompressed: true,
      index: ['index.html'],
      list: false,
      dotfiles: 'deny',
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlFor(path.relative(webDist, filePath)));
      },
    });
  }

  const redirectToApp = (request: FastifyRequest, reply: FastifyReply) =>
    reply.redirect(`${APP_BASE}/${queryOf(request.url)}`, 302);
  app.get('/', { schema: { hide: true } }, redirectToApp);
  app.get(APP_BASE, { schema: { hide: true } }, redirectToApp);

  const pageHtml = webDist ? pageHtmlOf(webDist) : () => null;

  async function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
    const urlPath = pathOf(request.url);
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      isAppPath(urlPath) &&
      urlPath !== API_BASE &&
      // A missing file (a name with an extension) is a 404, not the app shell.
      !/\.[A-Za-z0-9]+$/.test(urlPath);
    if (isPage && webDist) {
      // The page's first answers, from the API itself (decision 0026); none for an unknown token and the like.
      // Whatever goes wrong there, the page is still served, without them: the app then asks as before.
      const answers = await firstAnswers(app, request).catch((error: unknown) => {
        request.log.warn({ err: error }, 'page served without its first answers');
        return null;
      });
      const html = pageHtml(urlPath, answers);
      if (html !== null) {
        // Compressed by the app's compress plugin, as any other answer made here.
        return reply
          .header('cache-control', answers ? NO_STORE : NO_CACHE)
          .type('text/html; charset=utf-8')
          .send(html);
      }
      return reply.header('cache-control', NO_CACHE).sendFile('index.html', webDist);
    }
    const message =
      isPage && !webDist
        ? 'The web app is not built. Run npm run build, or npm start, which builds it.'
        : `No such resource: ${request.method} ${urlPath}`;
    return sendError(reply, notFound(message));
  }
  app.setNotFoundHandler(notFoundHandler);
}
