import { CONSOLE_AUTH_BASE, RESET_PASSWORD_PAGE } from '@trailpass/contract/console';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDb } from '../../db/client';
import {
  console_accounts,
  console_rate_limits,
  console_sessions,
  console_two_factors,
  console_users,
  console_verifications,
} from '../../db/schema';
import { enqueueMail, type MailSettings } from '../../modules/mail';
import type { MailBrand } from '../../modules/mail/branding';
import { staffPasswordResetMail } from '../../modules/mail/messages';

/**
 * The header the console's auth route sets on the Request it hands better-auth: the client's address as
 * Fastify resolved it (behind TRUST_PROXY only from X-Forwarded-For). better-auth reads the address for its
 * rate limits from this header alone, so a client cannot choose its own by sending X-Forwarded-For.
 */
export const CLIENT_IP_HEADER = 'x-trailpass-client-ip';

/** The console's name in e-mails and authenticator apps. */
export const CONSOLE_NAME = 'Trailpass console';
/** How console e-mails look: the console's name on its own colour (no partner's brand). */
export const CONSOLE_BRAND: MailBrand = { offerName: CONSOLE_NAME, colour: '#1f3a5f', logoUrl: null };

const RESET_TOKEN_MINUTES = 60;

/** better-auth's rate limits of the console's auth calls, per client address and path, in seconds. */
export interface ConsoleAuthRateLimit {
  /** Any auth call: `max` within `window` seconds. */
  window: number;
  max: number;
  /** Sign-in, TOTP and password reset calls. */
  signInWindow: number;
  signInMax: number;
}

export const DEFAULT_AUTH_RATE_LIMIT: ConsoleAuthRateLimit = {
  window: 60,
  max: 100,
  signInWindow: 60,
  signInMax: 10,
};

export interface ConsoleAuthOptions {
  db: AppDb;
  secret: string;
  mail: MailSettings;
  rateLimit?: ConsoleAuthRateLimit | undefined;
  /** Where better-auth's errors go (the app's logger); without it they are dropped. */
  log?: Pick<FastifyBaseLogger, 'error'> | undefined;
}

/**
 * better-auth for the console's staff (decision 0037): e-mail and password (scrypt, better-auth's default),
 * no self sign-up (accounts come from `npm run console:user` and owners), optional TOTP, sessions in the
 * database behind an HttpOnly, SameSite=Lax cookie on /console (Secure is added per request over TLS by
 * the route, auth-routes.ts), password reset through the mail outbox.
 */
export function createConsoleAuth(options: ConsoleAuthOptions) {
  const limits = options.rateLimit ?? DEFAULT_AUTH_RATE_LIMIT;
  const strict = { window: limits.signInWindow, max: limits.signInMax };
  return betterAuth({
    appName: CONSOLE_NAME,
    baseURL: options.mail.publicUrl,
    basePath: CONSOLE_AUTH_BASE,
    secret: options.secret,
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: {
        user: console_users,
        session: console_sessions,
        account: console_accounts,
        verification: console_verifications,
        twoFactor: console_two_factors,
        rateLimit: console_rate_limits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 12,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_TOKEN_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      // better-auth's own URL would go through its callback; the console's page posts the token instead.
      sendResetPassword: async ({ user, token }) => {
        const link = `${options.mail.publicUrl}${RESET_PASSWORD_PAGE}?${new URLSearchParams({ token })}`;
        const content = staffPasswordResetMail(CONSOLE_BRAND, {
          name: user.name || null,
          link,
          minutes: RESET_TOKEN_MINUTES,
        });
        await enqueueMail(options.db, options.mail, {
          kind: 'staff-password-reset',
          to: { address: user.email, name: user.name || null },
          ...content,
        });
      },
    },
    session: {
      expiresIn: 12 * 60 * 60,
      updateAge: 60 * 60,
      // Read from the database on every call, so a sign-out or a revoked session counts at once.
      cookieCache: { enabled: false },
    },
    user: { deleteUser: { enabled: false }, changeEmail: { enabled: false } },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: limits.window,
      max: limits.max,
      customRules: {
        '/sign-in/email': strict,
        '/two-factor/verify-totp': strict,
        '/two-factor/verify-backup-code': strict,
        '/request-password-reset': strict,
        '/reset-password': strict,
      },
    },
    // Same origin only: the Origin (or Referer) of an unsafe call must be this server as the request
    // reached it. With SameSite=Lax this is better-auth's CSRF defence on its own routes.
    trustedOrigins: (request) => (request ? [new URL(request.url).origin] : []),
    advanced: {
      cookiePrefix: 'trailpass-console',
      useSecureCookies: false,
      defaultCookieAttributes: { path: '/console', sameSite: 'lax', httpOnly: true },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
    // Its errors (a failed query inside a sign-in, a misconfiguration) into the app's log: better-auth
    // answers such a request with a bare 500, and says why only here. Not its warnings: one per sign-in with
    // an unknown address ("User not found") would fill the log with what the lockout already counts.
    logger: options.log
      ? {
          level: 'error',
          log: (level, message, ...args) => {
            const log = options.log;
            if (!log) return;
            // An Error among the arguments as `err`, for pino's serializer; the rest as they came.
            const err = args.find((arg) => arg instanceof Error);
            const rest = args.filter((arg) => arg !== err);
            const context = { ...(err ? { err } : {}), ...(rest.length > 0 ? { details: rest } : {}) };
            if (level === 'error') log.error(context, message);
          },
        }
      : { disabled: true },
    plugins: [twoFactor({ issuer: CONSOLE_NAME })],
  });
}

export type ConsoleAuth = ReturnType<typeof createConsoleAuth>;
