import { createRequire } from 'node:module';
import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import type { Bindings, ChildLoggerOptions, Level } from 'pino';
import type { LogLevel } from './env';
import { stdoutLog } from './log-destination';
import { decodedOrSelf } from './url-decoding';

export const REDACTED = '[REDACTED]';

/**
 * Shaped like a pass token: tokens are at least 24 URL-safe characters (the import's minimum; generated
 * ones have 32). No path segment of the app's pages, API or files is that long without a dot.
 */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{24,}$/;

const looksLikeToken = (text: string) => TOKEN_SHAPE.test(decodedOrSelf(text));

/**
 * A run of 24 or more characters between slashes: the only place a token-shaped path segment can be, since
 * decoding a segment never makes it longer.
 */
const LONG_SEGMENT = /[^/]{24,}/;

/**
 * A URL or path as the log may show it: the value of every `t` query parameter (the pass token) replaced,
 * and any path segment or other query value shaped like a token too. The app never puts a token there,
 * but a mangled or hand-made link (`/pass/<token>`, `?token=`) does, and its 404 is logged all the same.
 */
export function redactTokenInUrl(url: string): string {
  const q = url.indexOf('?');
  const urlPath = q === -1 ? url : url.slice(0, q);
  // Nearly every path (the API's, the pages') has no segment that long: kept as it is, without splitting and
  // decoding each segment, which was about 6 µs of a logged 404's 57 (decision 0036).
  const redactedPath = LONG_SEGMENT.test(urlPath)
    ? urlPath
        .split('/')
        .map((segment) => (looksLikeToken(segment) ? REDACTED : segment))
        .join('/')
    : urlPath;
  if (q === -1) return redactedPath;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return looksLikeToken(pair) ? REDACTED : pair;
      const name = pair.slice(0, equals);
      const shownName = looksLikeToken(name) ? REDACTED : name;
      const isTokenName = decodedOrSelf(name).toLowerCase() === 't';
      const value = isTokenName || looksLikeToken(pair.slice(equals + 1)) ? REDACTED : pair.slice(equals + 1);
      return `${shownName}=${value}`;
    })
    .join('&');
  return `${redactedPath}?${query}`;
}

export interface LoggerSettings {
  level?: LogLevel;
  /** Where JSON lines go (tests pass a capturing stream); default stdout. */
  stream?: NodeJS.WritableStream;
  /** Human-readable output through pino-pretty, when it is installed (development). */
  pretty?: boolean;
}

function prettyTransport() {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } };
  } catch {
    return undefined;
  }
}

/**
 * Pino options for Fastify. Tokens never reach the log: the request serializer writes the URL with `t`
 * redacted and no headers, and redaction covers `t` and `X-Pass-Token` wherever a log call passes them.
 * Fastify's own two lines per request are one (OneLinePerRequest, app.ts).
 */
export function loggerOptions(settings: LoggerSettings | false | undefined): FastifyServerOptions['logger'] {
  if (settings === false || settings === undefined) return false;
  const transport = settings.pretty && !settings.stream ? prettyTransport() : undefined;
  // Standard output written asynchronously, in pieces of 4 kB or more and at least every quarter of a second,
  // instead of a write per line on the event loop (decision 0036; log-destination.ts).
  const stream = settings.stream ?? (transport ? undefined : stdoutLog());
  return {
    level: settings.level ?? 'info',
    ...(stream ? { stream } : {}),
    ...(transport ? { transport } : {}),
    redact: {
      paths: [
        't',
        '*.t',
        'query.t',
        'req.query.t',
        'headers["x-pass-token"]',
        'req.headers["x-pass-token"]',
        'request.headers["x-pass-token"]',
        'token',
        '*.token',
      ],
      censor: REDACTED,
    },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactTokenInUrl(request.url),
          // The route's pattern (e.g. /pass/api/partnerUser/:id/orders); none for the 404 handler.
          route: request.routeOptions.url,
          remoteAddress: request.ip,
        };
      },
      res(reply: { statusCode: number }) {
        return { statusCode: reply.statusCode };
      },
    },
  };
}

/** What a pino logger has beyond FastifyBaseLogger that this file asks of it. */
type LevelAware = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's own logger (`request.log`), made on its first use instead of for every request. Fastify makes
 * each request a child of the app's logger with its id bound; pino serializes the bindings through the
 * redaction's wildcard paths as it makes one, about 4 % of a logged 404's busy time (decision 0036,
 * "... a request's logger when it logs ..."). Most answers log nothing through it: the request's line goes through
 * requestLineLogger with the id as a field. What a route or plugin logs through it comes out as from the child.
 */
class RequestLogger implements FastifyBaseLogger {
  #logger: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    this.#logger ??= this.parent.child(this.bindings, this.options);
    return this.#logger;
  }

  get level(): string {
    return this.#logger?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  /** A line at `level` through the child (pino's methods need it as `this`). */
  private write(level: Level, args: unknown[]): void {
    const logger = this.logger;
    (logger[level] as (...a: unknown[]) => void).apply(logger, args);
  }

  isLevelEnabled(level: string): boolean {
    // Without a level of its own, the child's levels are its parent's: no need to make it to ask.
    const logger = this.#logger ?? (this.options.level === undefined ? this.parent : this.logger);
    return (logger as LevelAware).isLevelEnabled(level);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.write('error', args);
  }

  warn(...args: unknown[]): void {
    this.write('warn', args);
  }

  info(...args: unknown[]): void {
    this.write('info', args);
  }

  debug(...args: unknown[]): void {
    this.write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger, made when first used (RequestLogger). */
export const requestLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => new RequestLogger(logger, bindings, options);

/** Per app logger, the child the request lines go through (requestLineLogger). */
const requestLineLoggers = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();

/**
 * The app logger's child for the request lines: without pino's redaction paths, since every field of the line
 * is made by OneLinePerRequest from the request (the URL through redactTokenInUrl) and none is an object a
 * token could hide in. Walking the paths was about a fifth of the line's cost (decision 0036).
 */
function requestLineLogger(appLogger: FastifyBaseLogger): FastifyBaseLogger {
  let logger = requestLineLoggers.get(appLogger);
  if (!logger) {
    logger = appLogger.child({}, { redact: [] });
    requestLineLoggers.set(appLogger, logger);
  }
  return logger;
}

/**
 * One log line per request (issue 28), written once its answer has gone: the request id, the method, the URL
 * (tokens redacted, as above), the route, the client's address, the status and the time taken in ms, as fields
 * of the line itself; at error level, with the error, when the answer failed. Fastify wrote two lines per
 * request, one as it came in and one as it went (issue 28 measured the 404 at 2,975 req/s with them and 4,644
 * without; decision 0036). Its other lines are as before.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
      return;
    }
    // The request's own logger says whether info is on (a route may have a level of its own): pino's.
    if (!(reply.log as LevelAware).isLevelEnabled('info')) return;
    requestLineLogger(request.server.log).info(
      {
        reqId: request.id,
        method: request.method,
        url: redactTokenInUrl(request.url),
        // The route's pattern (e.g. /pass/api/partnerUser/:id/orders); none for the 404 handler.
        route: request.routeOptions.url,
        remoteAddress: request.ip,
        statusCode: reply.statusCode,
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
  }
}
