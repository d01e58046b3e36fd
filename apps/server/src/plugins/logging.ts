import { createRequire } from 'node:module';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { LogLevel } from './env';

export const REDACTED = '[REDACTED]';

/** Replaces the value of every `t` query parameter (the pass token) in a URL or path. */
export function redactTokenInUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const query = url
    .slice(q + 1)
    .replace(/(^|&)(t|%74)=[^&#]*/gi, (_match, sep: string, name: string) => `${sep}${name}=${REDACTED}`);
  return `${url.slice(0, q)}?${query}`;
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
 */
export function loggerOptions(settings: LoggerSettings | false | undefined): FastifyServerOptions['logger'] {
  if (settings === false || settings === undefined) return false;
  const transport = settings.pretty && !settings.stream ? prettyTransport() : undefined;
  return {
    level: settings.level ?? 'info',
    ...(settings.stream ? { stream: settings.stream } : {}),
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
          remoteAddress: request.ip,
        };
      },
      res(reply: { statusCode: number }) {
        return { statusCode: reply.statusCode };
      },
    },
  };
}
