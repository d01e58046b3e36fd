import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { API_BASE, APP_BASE } from '@trailpass/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import type { DbExecutor } from '../db/client';
import { type BuildFiles, readBuildFiles, sendBuildFile } from './build-files';
import { type AnswerCompressor, acceptedEncoding, addVary } from './compression';
import {
  badRequest,
  type ErrorAnswer,
  MAX_PATH_SEGMENT_LENGTH,
  notFound,
  PATH_SEGMENT_TOO_LONG_MESSAGE,
  sendError,
} from './errors';
import { type AppPages, appPagesOf } from './page-html';
import { firstAnswers } from './page-reads';
import { applyPagePolicy } from './security';
import { decodedOrSelf } from './url-decoding';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';
/** A page with a holder's answers in it (decision 0026): kept by no cache, as the answers themselves. */
export const NO_STORE = 'no-store';
const MEDIA_CACHE = 'public, max-age=3600';
const OTHER_FILE_CACHE = 'public, max-age=86400';

const MEDIA_PREFIX = `${APP_BASE}/media/`;
const ASSETS_PREFIX = `${APP_BASE}/assets/`;
const API_PREFIX = `${API_BASE}/`;
/** A path @fastify/static refused (a dot file, `..`, `//`): the same answer. */
const FORBIDDEN: ErrorAnswer = { statusCode: 403, code: 'forbidden', message: 'Forbidden' };
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

/** Whether a segment of the path, decoded as the router decodes parameters, is longer than it takes. */
function hasOverlongSegment(urlPath: string): boolean {
  if (urlPath.length <= MAX_PATH_SEGMENT_LENGTH) return false;
  return urlPath.split('/').some((segment) => decodedOrSelf(segment).length > MAX_PATH_SEGMENT_LENGTH);
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
  /** For a page made per request (with its first answers), sent from a route without the compress hooks. */
  compressAnswer: AnswerCompressor;
}

/** A page without first answers, made and compressed once at start-up: what each encoding sends. */
interface MemoryPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli quality 10 and gzip level 9, once at start-up, so the bytes count more than the time: for the demo
 * build's Pass Login page (36 kB) 7,185 bytes of Brotli in 21 ms, where quality 11 (the build's own files)
 * gives 7,006 in 79 ms, and the quality 0 of an answer compressed per request gave 10,780. The build's twenty
 * pages take a few tenths of a second of the start.
 */
const PAGE_BROTLI_QUALITY = 10;

async function memoryPage(html: string): Promise<MemoryPage> {
  const identity = Buffer.from(html, 'utf8');
  const [br, gzipped] = await Promise.all([
    brotliAsync(identity, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: zlibConstants.Z_BEST_COMPRESSION }),
  ]);
  return { identity, br, gzip: gzipped };
}

/** The web build as the server holds it: its files and its pages, all in memory (issue 28). */
interface Build {
  files: BuildFiles;
  pages: AppPages<MemoryPage>;
}

/**
 * The built web app under /pass/ (precompressed files chosen by Accept-Encoding), media under /pass/media/,
 * history-mode fallback to index.html, and the one JSON 404 for everything else.
 *
 * The build is read once, here (build-files.ts, decision 0036): a file, a page without first answers, an
 * unknown API path and a missing file are all answered without a filesystem call. Only media, which imports
 * add to while the server runs, are still looked up on disk by @fastify/static.
 */
export async function registerStatic(app: FastifyInstance, options: StaticOptions): Promise<void> {
  const { webDist, mediaDir, db, compressAnswer } = options;
  mkdirSync(mediaDir, { recursive: true });

  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: MEDIA_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', MEDIA_CACHE);
    },
  });

  const build: Build | null = webDist
    ? {
        files: readBuildFiles(webDist, `${APP_BASE}/`, cacheControlFor),
        pages: await appPagesOf(webDist, memoryPage),
      }
    : null;

  // Every HTML page of the app (index.html at /pass/ and the history fallback alike) gets the policy of the
  // pass in its URL. They all come from the app's route below, so the hook is that route's alone, not one that
  // every answer of the API passes through. Only a page with a token waits for a lookup.
  const pagePolicy: onSendHookHandler = (request, reply, payload, done) => {
    const token = (request.query as Record<string, unknown> | undefined)?.t;
    const type = reply.getHeader('content-type');
    if (
      typeof token === 'string' &&
      typeof type === 'string' &&
      type.startsWith('text/html') &&
      isAppPath(pathOf(request.url))
    ) {
      applyPagePolicy(db, token, reply).then(() => done(null, payload), done);
      return;
    }
    done(null, payload);
  };

  const redirectToApp = (request: FastifyRequest, reply: FastifyReply) =>
    reply.redirect(`${APP_BASE}/${queryOf(request.url)}`, 302);
  app.get('/', { schema: { hide: true } }, redirectToApp);
  app.get(APP_BASE, { schema: { hide: true } }, redirectToApp);

  /** The one 404 of a path nothing answers (no Error made: nothing was thrown). */
  const noSuchResource = (request: FastifyRequest, reply: FastifyReply, urlPath: string) =>
    sendError(reply, {
      statusCode: 404,
      code: 'not_found',
      message: `No such resource: ${request.method} ${urlPath}`,
    });

  /** A page of the app, or the 404 of a path that is none. */
  async function pageOrNotFound(request: FastifyRequest, reply: FastifyReply, urlPath: string) {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      isAppPath(urlPath) &&
      urlPath !== API_BASE &&
      // A missing file (a name with an extension) is a 404, not the app shell.
      !/\.[A-Za-z0-9]+$/.test(urlPath);
    if (!isPage) return noSuchResource(request, reply, urlPath);
    if (!build) {
      return sendError(
        reply,
        notFound('The web app is not built. Run npm run build, or npm start, which builds it.'),
      );
    }
    // The page's first answers, from the API itself (decision 0026); none for a page without a token, an unknown
    // token and the like. Whatever goes wrong there, the page is still served, without them: the app then asks
    // as before.
    const answers = await firstAnswers(app, request).catch((error: unknown) => {
      request.log.warn({ err: error }, 'page served without its first answers');
      return null;
    });
    const withAnswers = answers && build.pages.withAnswers?.(urlPath, answers);
    const encoding = acceptedEncoding(request);
    /** The page's bytes in the encoding negotiated, with the headers the compress plugin gives an answer. */
    const sendPage = (cacheControl: string, bytes: Buffer) => {
      reply.header('cache-control', cacheControl).header('content-type', 'text/html; charset=utf-8');
      if (encoding === null) return reply.send(bytes);
      addVary(reply);
      return reply.header('content-encoding', encoding).send(bytes);
    };
    if (withAnswers) {
      // Made for this request, and compressed for it here (the compress plugin's hooks are off the route).
      const plain = Buffer.from(withAnswers, 'utf8');
      return sendPage(NO_STORE, encoding === null ? plain : await compressAnswer(request, plain, encoding));
    }
    // From memory, compressed at start-up.
    const page = build.pages.plain(urlPath);
    if (page) return sendPage(NO_CACHE, encoding === null ? page.identity : page[encoding]);
    const index = build.files.get('index.html');
    return index ? sendBuildFile(request, reply, index) : noSuchResource(request, reply, urlPath);
  }

  // An unknown API path: the 404, before any look at the build, on a route of its own. The API's routes are
  // more specific and come first; this one is more specific than the app's below. Its answer is a few dozen
  // bytes, never compressed, so the compress plugin's and the compression thread's hooks are left off it:
  // they were about a fifth of its cost (decision 0036, measured again).
  app.route({
    method: ['GET', 'HEAD'],
    url: `${API_PREFIX}*`,
    schema: { hide: true },
    compress: false,
    decompress: false,
    handler(request, reply) {
      const urlPath = pathOf(request.url);
      // The router refuses a parameter longer than it takes (frameworkErrors' 400) only when no route is left
      // to take the path, and this wildcard would take it: the same refusal here.
      if (hasOverlongSegment(urlPath)) return sendError(reply, badRequest(PATH_SEGMENT_TOO_LONG_MESSAGE));
      return noSuchResource(request, reply, urlPath);
    },
  });

  if (build) {
    // Everything else under /pass/ that no route of the API or media takes: a file of the build, then a page or
    // the 404 of a missing file. The build's files and the plain pages are compressed already, and a page
    // made per request is compressed by pageOrNotFound, so the compress plugin's and the compression
    // thread's hooks, which found nothing to do on every other answer here, are left off (decision 0036).
    app.route({
      method: ['GET', 'HEAD'],
      url: `${APP_BASE}/*`,
      schema: { hide: true },
      compress: false,
      decompress: false,
      onSend: pagePolicy,
      handler(request, reply) {
        const urlPath = pathOf(request.url);
        const file = build.files.lookup(urlPath);
        if (file === 'forbidden') return sendError(reply, FORBIDDEN);
        if (file) return sendBuildFile(request, reply, file);
        return pageOrNotFound(request, reply, urlPath);
      },
    });
  }

  app.setNotFoundHandler((request, reply) => pageOrNotFound(request, reply, pathOf(request.url)));
}
