import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './errors';

/**
 * The web build, read once at start-up and answered from memory (issue 28, decision 0036): every file with
 * its precompressed siblings, each with the bytes and the headers @fastify/send made from the file's stat, so
 * that an answer needs no filesystem call. The answers are those @fastify/static gave for the build with
 * `preCompressed: true` (the negotiation, ETag, Last-Modified, 304, 412, Range, 206 and 416), byte for byte:
 * test/app.test.ts compares the two for every file and encoding.
 *
 * The build must not change under a running server: a deploy that builds again restarts it (npm start builds
 * first), as it had to for route-preloads.json and index.html, which were already read once (page-html.ts).
 */

/** One file as sent: its bytes, and the validators @fastify/send derives from its size and mtime. */
export interface FileVariant {
  body: Buffer;
  /** `W/"<size in hex>-<mtime in ms, hex>"`, as @fastify/send makes it. */
  etag: string;
  /** The mtime as an HTTP date. */
  lastModified: string;
}

/** The encodings @fastify/static looks for a sibling of, in the order it prefers them, with the sibling's suffix. */
const SIBLINGS = { br: '.br', gzip: '.gz', deflate: '.deflate' } as const;
type SiblingEncoding = keyof typeof SIBLINGS;
const ENCODINGS = Object.keys(SIBLINGS) as SiblingEncoding[];

export interface BuildFile {
  /** The Content-Type of the file, whichever variant is sent. */
  type: string;
  cacheControl: string;
  identity: FileVariant;
  encoded: Partial<Record<SiblingEncoding, FileVariant>>;
  /** Each Accept-Encoding value met, with the variant it chose (see chooseVariant). */
  chosen: Map<string, SiblingEncoding | null>;
}

/** Files the build may hold, with the types the `mime` package (3.x, behind @fastify/send) gives them. */
const TYPES: Record<string, string> = {
  html: 'text/html',
  htm: 'text/html',
  js: 'application/javascript',
  mjs: 'application/javascript',
  css: 'text/css',
  json: 'application/json',
  map: 'application/json',
  webmanifest: 'application/manifest+json',
  txt: 'text/plain',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/vnd.microsoft.icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  wasm: 'application/wasm',
  gz: 'application/gzip',
};
/** @fastify/static's default type, for a file of any other kind. */
const DEFAULT_TYPE = 'application/octet-stream';

/** The Content-Type @fastify/send gives a file by its name: the type, with a charset for text, JSON and JavaScript. */
export function contentTypeOf(file: string): string {
  const type = TYPES[path.extname(file).slice(1).toLowerCase()] ?? DEFAULT_TYPE;
  const utf8 =
    type.startsWith('text/') ||
    type.startsWith('application/javascript') ||
    type.startsWith('application/json');
  return utf8 ? `${type}; charset=utf-8` : type;
}

function variantOf(file: string): FileVariant {
  const stat = statSync(file);
  return {
    body: readFileSync(file),
    etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
    lastModified: stat.mtime.toUTCString(),
  };
}

/** Every regular file below `dir`, as posix paths relative to it; names starting with a dot are left out. */
function filesBelow(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const relative = `${prefix}${entry.name}`;
    if (entry.isDirectory()) out.push(...filesBelow(path.join(dir, entry.name), `${relative}/`));
    else if (entry.isFile()) out.push(relative);
  }
  return out;
}

/** What a path of the build stands for: a file, a path refused as @fastify/static refused it, or nothing. */
export type BuildLookup = BuildFile | 'forbidden' | null;

export interface BuildFiles {
  /** The file a URL path below the app (`/pass/...`, the query already cut off) names. */
  lookup(urlPath: string): BuildLookup;
  /** A file by its path relative to the build. */
  get(relativePath: string): BuildFile | undefined;
  readonly size: number;
}

/**
 * @fastify/static's check of a decoded path: `..` or `.` segments, `//` and backslashes are refused (403),
 * and so are names starting with a dot (its `dotfiles: 'deny'`), as are NUL characters.
 */
function isForbidden(relativePath: string): boolean {
  const full = `/${relativePath}`;
  if (full.includes('\\') || full.includes('\0') || path.posix.normalize(full) !== full) return true;
  return full.split('/').some((segment) => segment.length > 1 && segment.startsWith('.'));
}

/** `decodeURI`, after `%23` and `%3F` (which decodeURI keeps), as @fastify/static decodes a path. */
function decodePathname(text: string): string {
  return decodeURI(text.replace(/%(?:23|3f)/gi, decodeURIComponent));
}

/**
 * The web build below `webDist`, read now: every file but dot files, each with its `.br`, `.gz` and
 * `.deflate` siblings (a sibling is also a file of its own, as @fastify/static served it when asked by name).
 * `cacheControlFor` gives each file's Cache-Control by its relative path.
 */
export function readBuildFiles(
  webDist: string,
  mountPath: string,
  cacheControlFor: (relativePath: string) => string,
): BuildFiles {
  const names = filesBelow(webDist);
  const present = new Set(names);
  const files = new Map<string, BuildFile>();
  const variants = new Map<string, FileVariant>();
  const variant = (name: string) => {
    let found = variants.get(name);
    if (!found) {
      found = variantOf(path.join(webDist, ...name.split('/')));
      variants.set(name, found);
    }
    return found;
  };
  for (const name of names) {
    const encoded: BuildFile['encoded'] = {};
    for (const encoding of ENCODINGS) {
      const sibling = `${name}${SIBLINGS[encoding]}`;
      if (present.has(sibling)) encoded[encoding] = variant(sibling);
    }
    files.set(name, {
      type: contentTypeOf(name),
      cacheControl: cacheControlFor(name),
      identity: variant(name),
      encoded,
      chosen: new Map(),
    });
  }
  const prefixLength = mountPath.length;
  return {
    size: files.size,
    get: (relativePath) => files.get(relativePath),
    lookup(urlPath) {
      let relative = urlPath.slice(prefixLength);
      if (relative.includes('%')) {
        try {
          relative = decodePathname(relative);
        } catch {
          return null;
        }
      }
      const file = files.get(relative);
      if (file) return file;
      if (isForbidden(relative)) return 'forbidden';
      // A folder's index.html, with or without the trailing slash (as @fastify/static's `index`).
      return (
        files.get(
          relative === '' || relative.endsWith('/') ? `${relative}index.html` : `${relative}/index.html`,
        ) ?? null
      );
    },
  };
}

/** The most Accept-Encoding values kept per file with the variant they chose. */
const CHOSEN_LIMIT = 64;

/**
 * The encoding of the variant to send, as @fastify/static chooses it: none without Accept-Encoding; otherwise
 * the client's preferred among br, gzip and deflate (`*` counting as gzip), then the next while the file has
 * no such sibling, and the file itself when none is left. Kept per header value: browsers send a handful.
 */
function chooseVariant(file: BuildFile, header: string | undefined): SiblingEncoding | null {
  if (header === undefined) return null;
  const known = file.chosen.get(header);
  if (known !== undefined) return known;
  const normalised = header.toLowerCase().replace(/\*/g, 'gzip');
  let candidates = ENCODINGS;
  let chosen: SiblingEncoding | null = null;
  for (;;) {
    const encoding = negotiate(normalised, candidates) as SiblingEncoding | null | undefined;
    if (!encoding) break;
    if (file.encoded[encoding]) {
      chosen = encoding;
      break;
    }
    candidates = candidates.filter((candidate) => candidate !== encoding);
  }
  if (file.chosen.size >= CHOSEN_LIMIT) file.chosen.clear();
  file.chosen.set(header, chosen);
  return chosen;
}

/** RFC 9110 token list, as @fastify/send parses If-Match and If-None-Match. */
function someToken(list: string, match: (token: string) => boolean): boolean {
  let start = 0;
  let end = 0;
  for (let i = 0; i < list.length; i++) {
    const char = list.charCodeAt(i);
    if (char === 0x20) {
      if (start === end) start = end = i + 1;
    } else if (char === 0x2c) {
      if (start !== end && match(list.slice(start, end))) return true;
      start = end = i + 1;
    } else {
      end = i + 1;
    }
  }
  return start !== end && match(list.slice(start, end));
}

type Headers = FastifyRequest['headers'];

function preconditionFailed(headers: Headers, sent: FileVariant): boolean {
  const ifMatch = headers['if-match'];
  if (ifMatch && ifMatch !== '*') {
    if (!someToken(ifMatch, (token) => token === sent.etag || `W/${token}` === sent.etag)) return true;
  }
  const ifUnmodifiedSince = headers['if-unmodified-since'];
  if (ifUnmodifiedSince !== undefined) {
    const since = Date.parse(ifUnmodifiedSince);
    if (!Number.isNaN(since)) {
      const modified = Date.parse(sent.lastModified);
      if (Number.isNaN(modified) || modified > since) return true;
    }
  }
  return false;
}

function notModified(headers: Headers, sent: FileVariant): boolean {
  // A reload (Cache-Control: no-cache) always gets the file.
  if (headers['cache-control']?.includes('no-cache')) return false;
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch === '*') return true;
    const { etag } = sent;
    // If-Modified-Since is ignored beside If-None-Match (RFC 9110 section 13.1.3).
    return someToken(
      ifNoneMatch,
      (token) =>
        (etag.length === token.length && token === etag) ||
        (etag.length > token.length && `W/${token}` === etag),
    );
  }
  const ifModifiedSince = headers['if-modified-since'];
  return ifModifiedSince !== undefined && Date.parse(sent.lastModified) <= Date.parse(ifModifiedSince);
}

function rangeIsFresh(headers: Headers, sent: FileVariant): boolean {
  const header = headers['if-range'];
  if (header === undefined) return true;
  const ifRange = Array.isArray(header) ? header.join(', ') : header;
  if (ifRange.includes('"')) return ifRange.includes(sent.etag);
  const at = Date.parse(ifRange);
  if (Number.isNaN(at)) return false;
  const modified = Date.parse(sent.lastModified);
  return Number.isNaN(modified) || modified <= at;
}

interface ByteRange {
  start: number;
  end: number;
  index: number;
}

/**
 * The satisfiable ranges of a `bytes=` header for `size` bytes, overlapping ones merged: @fastify/send's
 * parser (after range-parser), step for step, so that odd headers get the answers they got.
 */
export function parseBytesRange(size: number, header: string): ByteRange[] {
  const values = header.slice(header.indexOf('=') + 1);
  const ranges: ByteRange[] = [];
  const length = values.length;
  let count = 0;
  let commaAt = values.indexOf(',');
  let dashAt = values.indexOf('-');
  let previousAt = -1;
  for (;;) {
    if (commaAt === -1) commaAt = length;
    let start = Number.parseInt(values.slice(previousAt + 1, dashAt), 10);
    let end = Number.parseInt(values.slice(dashAt + 1, commaAt), 10);
    if (Number.isNaN(start)) {
      start = size - end;
      end = size - 1;
    } else if (Number.isNaN(end)) {
      end = size - 1;
    } else if (end > size - 1) {
      end = size - 1;
    }
    if (!Number.isNaN(start) && !Number.isNaN(end) && start > -1 && start <= end) {
      ranges.push({ start, end, index: count++ });
    }
    if (commaAt === length) break;
    previousAt = commaAt++;
    dashAt = values.indexOf('-', commaAt);
    commaAt = values.indexOf(',', commaAt);
  }
  if (ranges.length < 2) return ranges;
  ranges.sort((a, b) => a.start - b.start);
  const merged: ByteRange[] = [];
  for (const range of ranges) {
    const current = merged[merged.length - 1];
    if (!current || range.start > current.end + 1) {
      merged.push(range);
    } else if (range.end > current.end) {
      current.end = range.end;
      if (current.index > range.index) current.index = range.index;
    }
  }
  return merged.sort((a, b) => a.index - b.index);
}

/** Adds accept-encoding to Vary once (the answer was chosen by it, whichever variant went). */
function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) {
    reply.header('vary', 'accept-encoding');
    return;
  }
  const value = Array.isArray(vary) ? vary.join(', ') : String(vary);
  const tokens = value.split(',').map((token) => token.trim().toLowerCase());
  if (!tokens.includes('accept-encoding') && !tokens.includes('*')) {
    reply.header('vary', `${value}, accept-encoding`);
  }
}

/**
 * Answers a GET or HEAD for `file` from memory, as @fastify/static answered it: the variant chosen by
 * Accept-Encoding; 412 for a failed If-Match or If-Unmodified-Since; 304 for a matching If-None-Match or an
 * unchanged If-Modified-Since; 206 for one satisfiable byte range of the variant sent (when If-Range allows),
 * 416 for none, and the whole variant for several.
 */
export function sendBuildFile(request: FastifyRequest, reply: FastifyReply, file: BuildFile): FastifyReply {
  const headers = request.headers;
  const accepted = headers['accept-encoding'];
  const encoding = chooseVariant(file, Array.isArray(accepted) ? accepted.join(', ') : accepted);
  const sent = encoding === null ? file.identity : (file.encoded[encoding] as FileVariant);

  if (
    headers['if-match'] ||
    headers['if-unmodified-since'] ||
    headers['if-none-match'] ||
    headers['if-modified-since']
  ) {
    if (preconditionFailed(headers, sent)) {
      return sendError(reply, { statusCode: 412, code: 'invalid_input', message: 'Precondition Failed' });
    }
    if (notModified(headers, sent)) {
      reply.code(304);
      reply.header('accept-ranges', 'bytes');
      reply.header('last-modified', sent.lastModified);
      reply.header('etag', sent.etag);
      reply.header('cache-control', file.cacheControl);
      varyOnEncoding(reply);
      // As @fastify/static: a 304 of a compressed variant still names its type and encoding.
      if (encoding !== null) {
        reply.header('content-type', file.type);
        reply.header('content-encoding', encoding);
      }
      return reply.send();
    }
  }

  let body = sent.body;
  const range = headers.range;
  if (range !== undefined && /^ *bytes=/.test(range) && rangeIsFresh(headers, sent)) {
    const ranges = parseBytesRange(body.length, range);
    if (ranges.length === 0) {
      reply.header('content-range', `bytes */${body.length}`);
      return sendError(reply, { statusCode: 416, code: 'invalid_input', message: 'Range Not Satisfiable' });
    }
    const [only] = ranges;
    if (ranges.length === 1 && only) {
      reply.code(206);
      reply.header('content-range', `bytes ${only.start}-${only.end}/${body.length}`);
      body = body.subarray(only.start, only.end + 1);
    }
  }

  reply.header('accept-ranges', 'bytes');
  reply.header('last-modified', sent.lastModified);
  reply.header('etag', sent.etag);
  reply.header('content-type', file.type);
  reply.header('content-length', body.length);
  reply.header('cache-control', file.cacheControl);
  varyOnEncoding(reply);
  if (encoding !== null) reply.header('content-encoding', encoding);
  return reply.send(body);
}
