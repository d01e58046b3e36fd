import { randomBytes } from 'node:crypto';
import { CONSOLE_API_BASE, CONSOLE_AUTH_BASE } from '@trailpass/contract/console';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { auditRoutes } from './audit/routes';
import { type ConsoleAuthRateLimit, createConsoleAuth } from './auth/auth';
import { DEFAULT_LOCKOUT, type LockoutPolicy } from './auth/lockout';
import { authRoutes } from './auth/routes';
import { contentRoutes } from './content/routes';
import { contentExportRoutes } from './content-export/routes';
import { contentImportRoutes } from './content-import/routes';
import type { ConsoleContext } from './context';
import { notFound, setConsoleErrorHandler } from './errors';
import { fulfilmentRoutes } from './fulfilment/routes';
import { holderImportRoutes } from './holder-import/routes';
import { holdersRoutes } from './holders/routes';
import { inboxRoutes } from './inbox/routes';
import { messagesRoutes } from './messages/routes';
import { reportsRoutes } from './reports/routes';
import { staffRoutes } from './staff/routes';
import { registerStaffAuth } from './staff-auth';

export interface ConsoleOptions {
  /** CONSOLE_AUTH_SECRET or the kept one (auth/secret.ts); a random one per app when omitted (tests). */
  secret?: string | undefined;
  lockout?: LockoutPolicy | undefined;
  authRateLimit?: ConsoleAuthRateLimit | undefined;
}

/** The API's 404 of any other /console/api path (before the console's page fallback could answer it). */
const NOT_FOUND_URL = `${CONSOLE_API_BASE}/*`;
const PUBLIC_URLS: ReadonlySet<string> = new Set([`${CONSOLE_AUTH_BASE}/*`, NOT_FOUND_URL]);

/**
 * The partner console's API (issue 30) under /console/api: its own scope, error shape and staff-auth plugin
 * (staff-auth.ts), then each area's routes. Returns the console's context (the CLI and tests use its auth).
 */
export async function registerConsole(
  app: FastifyInstance,
  appContext: AppContext,
  options: ConsoleOptions = {},
): Promise<ConsoleContext> {
  const secret = options.secret ?? randomBytes(48).toString('base64url');
  const context: ConsoleContext = {
    ...appContext,
    secret,
    lockout: options.lockout ?? DEFAULT_LOCKOUT,
    auth: createConsoleAuth({
      db: appContext.db,
      secret,
      mail: appContext.mail,
      rateLimit: options.authRateLimit,
      log: app.log.child({ module: 'console-auth' }),
    }),
  };
  await app.register(async (scope) => {
    setConsoleErrorHandler(scope);
    registerStaffAuth(scope, context, PUBLIC_URLS);
    await authRoutes(scope, context);
    await staffRoutes(scope, context);
    await holdersRoutes(scope, context);
    await holderImportRoutes(scope, context);
    await auditRoutes(scope, context);
    await fulfilmentRoutes(scope, context);
    await messagesRoutes(scope, context);
    await inboxRoutes(scope, context);
    await contentRoutes(scope, context);
    await contentExportRoutes(scope, context);
    await contentImportRoutes(scope, context);
    await reportsRoutes(scope, context);
    scope.all(
      NOT_FOUND_URL,
      { config: { console: { scope: 'public' } }, schema: { hide: true } },
      async () => {
        throw notFound('No such console API path.');
      },
    );
  });
  return context;
}
