import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseMailbox } from '../modules/mail/address';

/** The repository root, found from this file's place (apps/server/src/plugins). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

function urlWithProtocols(name: string, protocols: string[]) {
  return optionalString.refine(
    (value) => {
      if (value === undefined) return true;
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );
}

const envSchema = z.object({
  PORT: z.coerce
    .number({ message: 'PORT must be a whole number between 1 and 65535' })
    .int('PORT must be a whole number between 1 and 65535')
    .min(1, 'PORT must be a whole number between 1 and 65535')
    .max(65535, 'PORT must be a whole number between 1 and 65535')
    .default(8080),
  HOST: optionalString.default('0.0.0.0'),
  DATA_DIR: optionalString,
  DATABASE_URL: urlWithProtocols('DATABASE_URL', ['postgres:', 'postgresql:']),
  REDIS_URL: urlWithProtocols('REDIS_URL', ['redis:', 'rediss:']),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  WEB_DIST: optionalString,
  /** The partner console's build (issue 30); default apps/console/dist. */
  CONSOLE_DIST: optionalString,
  /**
   * Signs the console's staff sessions, derives their CSRF tokens and encrypts TOTP secrets (issue 30).
   * Unset: one is made and kept in DATA_DIR/console-auth-secret. Instances sharing a database must share it.
   */
  CONSOLE_AUTH_SECRET: optionalString.refine((value) => value === undefined || value.length >= 32, {
    message: 'CONSOLE_AUTH_SECRET must have at least 32 characters (e.g. openssl rand -base64 48)',
  }),
  DEMO_FILE: optionalString,
  TRUST_PROXY: optionalString,
  /** E-mail (issue 29): an SMTP server, else .eml files under DATA_DIR/mail. */
  SMTP_URL: urlWithProtocols('SMTP_URL', ['smtp:', 'smtps:']).refine(
    (value) => value === undefined || !URL.canParse(value) || new URL(value).hostname !== '',
    { message: 'SMTP_URL must name the server: smtp://user:password@host:587' },
  ),
  MAIL_FROM: optionalString.refine((value) => value === undefined || parseMailbox(value) !== null, {
    message: 'MAIL_FROM must be an e-mail address, or a name and an address: Name <address@example.com>',
  }),
  /** The address the public reaches this server at: the base of links in e-mails. */
  PUBLIC_URL: urlWithProtocols('PUBLIC_URL', ['http:', 'https:']),
  /**
   * How long a cart holds its item, in seconds (default 600, spec 9). Only for tests and demos of the
   * expiry flow: the product's hold is 10 minutes.
   */
  CART_HOLD_SECONDS: z.coerce
    .number({ message: 'CART_HOLD_SECONDS must be a whole number of seconds from 5 to 3600' })
    .int('CART_HOLD_SECONDS must be a whole number of seconds from 5 to 3600')
    .min(5, 'CART_HOLD_SECONDS must be a whole number of seconds from 5 to 3600')
    .max(3600, 'CART_HOLD_SECONDS must be a whole number of seconds from 5 to 3600')
    .optional(),
  /**
   * How long an e-mailed sign-in code works, in seconds (default 600, issue 29). Only for tests and demos of
   * its expiry: the product's code works for 10 minutes.
   */
  LOGIN_CODE_TTL_SECONDS: z.coerce
    .number({ message: 'LOGIN_CODE_TTL_SECONDS must be a whole number of seconds from 5 to 3600' })
    .int('LOGIN_CODE_TTL_SECONDS must be a whole number of seconds from 5 to 3600')
    .min(5, 'LOGIN_CODE_TTL_SECONDS must be a whole number of seconds from 5 to 3600')
    .max(3600, 'LOGIN_CODE_TTL_SECONDS must be a whole number of seconds from 5 to 3600')
    .optional(),
});

/** Variables whose value is never printed, not even in the message about a bad one. */
const SECRET_VARIABLES = new Set(['CONSOLE_AUTH_SECRET']);

export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Env {
  port: number;
  host: string;
  /** Embedded database and imported media. */
  dataDir: string;
  /** Media imported from the pass file, served under /pass/media/. */
  mediaDir: string;
  /** Unset means the embedded PGlite database under dataDir. */
  databaseUrl: string | undefined;
  /** Unset means rate-limit counters live in process memory. */
  redisUrl: string | undefined;
  logLevel: LogLevel;
  webDist: string;
  /** The partner console's build, served under /console/ when it exists. */
  consoleDist: string;
  /** CONSOLE_AUTH_SECRET; unset means the one kept in the data directory (console/auth/secret.ts). */
  consoleAuthSecret: string | undefined;
  demoFile: string;
  /**
   * Trust X-Forwarded-For from the proxy in front (load balancer): `true`, or the proxy addresses/CIDRs
   * as a comma-separated list. Unset or `false`: the socket address is the client's.
   */
  trustProxy: boolean | string;
  /** Cart hold in milliseconds when CART_HOLD_SECONDS is set; otherwise the spec's 10 minutes. */
  cartHoldMs: number | undefined;
  /** How long a sign-in code works, in milliseconds, when LOGIN_CODE_TTL_SECONDS is set; else 10 minutes. */
  loginCodeTtlMs: number | undefined;
  /** The SMTP server e-mail goes to; unset means each message is written as an .eml file to mailDir. */
  smtpUrl: string | undefined;
  /** The sender of e-mails (MAIL_FROM); unset means the default (allowed without SMTP_URL only). */
  mailFrom: { address: string; name: string | null } | undefined;
  /** The base of links in e-mails, without a trailing slash; unset means where this server listens. */
  publicUrl: string | undefined;
  /** Where e-mails are written without SMTP_URL: `<dataDir>/mail`. */
  mailDir: string;
}

export class EnvError extends Error {
  override name = 'EnvError';
}

/**
 * Reads the configuration from the environment, once, at start-up. A bad value throws an EnvError whose
 * message names every offending variable, so the process can print it and stop.
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  const lines = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const name = issue.path.join('.') || 'environment';
        const value =
          typeof issue.path[0] === 'string' && !SECRET_VARIABLES.has(issue.path[0])
            ? source[issue.path[0]]
            : undefined;
        return `  ${name}${value === undefined ? '' : `=${JSON.stringify(redactUrl(value))}`}: ${issue.message}`;
      });
  lines.push(...missingWithSmtp(source));
  if (!parsed.success || lines.length > 0) {
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const resolveFromRoot = (value: string | undefined, fallback: string) =>
    path.resolve(REPO_ROOT, value ?? fallback);
  const dataDir = resolveFromRoot(env.DATA_DIR, '.data');
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    logLevel: env.LOG_LEVEL,
    webDist: resolveFromRoot(env.WEB_DIST, 'apps/web/dist'),
    consoleDist: resolveFromRoot(env.CONSOLE_DIST, 'apps/console/dist'),
    consoleAuthSecret: env.CONSOLE_AUTH_SECRET,
    demoFile: resolveFromRoot(env.DEMO_FILE, 'demo/pass-demo.json'),
    trustProxy:
      env.TRUST_PROXY === undefined || env.TRUST_PROXY === 'false'
        ? false
        : env.TRUST_PROXY === 'true'
          ? true
          : env.TRUST_PROXY,
    cartHoldMs: env.CART_HOLD_SECONDS === undefined ? undefined : env.CART_HOLD_SECONDS * 1000,
    loginCodeTtlMs: env.LOGIN_CODE_TTL_SECONDS === undefined ? undefined : env.LOGIN_CODE_TTL_SECONDS * 1000,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM === undefined ? undefined : (parseMailbox(env.MAIL_FROM) ?? undefined),
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, ''),
    mailDir: path.join(dataDir, 'mail'),
  };
}

/**
 * With SMTP_URL, e-mail goes to real people: its links must be absolute (PUBLIC_URL), and its sender one
 * the operator chose (MAIL_FROM), not a made-up default a receiving server would reject.
 */
function missingWithSmtp(source: NodeJS.ProcessEnv): string[] {
  const isSet = (name: string) => (source[name] ?? '').trim() !== '';
  if (!isSet('SMTP_URL')) return [];
  return [
    isSet('PUBLIC_URL')
      ? ''
      : '  PUBLIC_URL: PUBLIC_URL is required when SMTP_URL is set (links in e-mails are absolute)',
    isSet('MAIL_FROM')
      ? ''
      : '  MAIL_FROM: MAIL_FROM is required when SMTP_URL is set (the sender of every e-mail)',
  ].filter((line) => line !== '');
}

/** Hides a password in a connection URL before it is printed. */
export function redactUrl(value: string): string {
  try {
    const url = new URL(value);
    if (!url.password) return value;
    url.password = '***';
    return url.toString();
  } catch {
    return value;
  }
}

export function webDistExists(webDist: string | undefined): webDist is string {
  return webDist !== undefined && existsSync(path.join(webDist, 'index.html'));
}
