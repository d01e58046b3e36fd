import { API_BASE, LOGIN_CODE_TTL_MINUTES, ORDER_HOLD_MS } from '@trailpass/contract';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { AppContext } from './app-context';
import { type ConsoleOptions, registerConsole } from './console';
import type { ConsoleContext } from './console/context';
import { registerConsoleStatic } from './console/static';
import type { AppDb } from './db/client';
import { adEventsRoutes } from './modules/ad-events/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { assignmentsRoutes } from './modules/assignments/routes';
import { authRoutes } from './modules/auth/routes';
import { availabilityRoutes } from './modules/availability/routes';
import { cartRoutes } from './modules/cart/routes';
import { dataRoutes } from './modules/data/routes';
import { distributionRoutes } from './modules/distribution/routes';
import { errorReportsRoutes } from './modules/error-reports/routes';
import { healthRoutes } from './modules/health/routes';
import { errorLocalizer } from './modules/language/errors';
import { languageRoutes } from './modules/language/routes';
import {
  type MailSenderTuning,
  type MailSettings,
  type MailTransport,
  mailSettings,
  registerMailSender,
} from './modules/mail';
import { manifestRoutes } from './modules/manifest/routes';
import { messagesRoutes } from './modules/messages/routes';
import { ordersRoutes } from './modules/orders/routes';
import { pointsRoutes } from './modules/points/routes';
import { pollsRoutes } from './modules/polls/routes';
import { productsRoutes } from './modules/products/routes';
import { redeemRoutes } from './modules/redeem/routes';
import { rewardsRoutes } from './modules/rewards/routes';
import { sessionsRoutes } from './modules/sessions/routes';
import { shareRoutes } from './modules/share/routes';
import { messageListsRootRoutes, subscriptionsRoutes } from './modules/subscriptions/routes';
import { supportRoutes } from './modules/support/routes';
import { registerCompression } from './plugins/compression';
import { webDistExists } from './plugins/env';
import { frameworkErrors, MAX_PATH_SEGMENT_LENGTH, setupErrorHandler } from './plugins/errors';
import {
  type LoggerSettings,
  loggerOptions,
  OneLinePerRequest,
  requestLoggerFactory,
} from './plugins/logging';
import { registerOpenApi, registerOpenApiRoutes } from './plugins/openapi';
import { type RateLimitSettings, registerRateLimit } from './plugins/rate-limit';
import { responseSerializerCompiler } from './plugins/response-encoding';
import { registerSecurityHeaders } from './plugins/security';
import { registerSession } from './plugins/session';
import { registerStatic } from './plugins/static';
import { validatorCompiler } from './plugins/validation';

export interface BuildAppOptions {
  db: AppDb;
  /** Imported media, served under /pass/media/. */
  mediaDir: string;
  /** The built web app; when missing or without index.html the API still works. */
  webDist?: string | undefined;
  /** The partner console's build (apps/console/dist), served under /console/; when missing the API still works. */
  consoleDist?: string | undefined;
  /** Pino settings; false or omitted = no logging. */
  logger?: LoggerSettings | false;
  rateLimit?: RateLimitSettings;
  /** Trust X-Forwarded-* from a proxy in front (needed for per-address rate limits behind a balancer). */
  trustProxy?: boolean | string;
  /** The clock for derived fields (ticket timers, points expiry); tests may fix it. */
  now?: () => Date;
  /** How long a cart holds its item (default ORDER_HOLD_MS, 10 minutes; tests of expiry set less). */
  cartHoldMs?: number | undefined;
  /** How long an e-mailed sign-in code works (default 10 minutes). */
  loginCodeTtlMs?: number | undefined;
  /** Told of every route as it is registered (the security tests' route catalogue). */
  onRoute?: ((route: RouteOptions) => void) | undefined;
  /** Compress answers on the compression thread (default: when the machine has more than one core). */
  compressOnThread?: boolean | undefined;
  /**
   * E-mail: the settings (default: the default sender, links to http://localhost:8080), and the transport
   * a mail sender hands the outbox's messages to while the app is up. No transport, no sender (most tests).
   */
  mail?: { settings?: MailSettings; transport?: MailTransport; tuning?: MailSenderTuning } | undefined;
  /** The partner console (issue 30): its secret, lockout and auth rate limits (defaults: see console/). */
  console?: ConsoleOptions | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The partner console's context: its better-auth instance (the CLI and tests use it). */
    console: ConsoleContext;
  }
}

/** The whole server (plugins and routes), not listening. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.logger),
    // One line per request instead of Fastify's two.
    logController: options.logger ? new OneLinePerRequest() : undefined,
    // Each request's logger made when it first logs, not for every request.
    childLoggerFactory: options.logger ? requestLoggerFactory : undefined,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 64 * 1024,
    routerOptions: { maxParamLength: MAX_PATH_SEGMENT_LENGTH },
    frameworkErrors,
  });
  // Before any route, so that it sees them all.
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  const context: AppContext = {
    db: options.db,
    mediaDir: options.mediaDir,
    now: options.now ?? (() => new Date()),
    rateLimit: options.rateLimit ?? {},
    cartHoldMs: options.cartHoldMs ?? ORDER_HOLD_MS,
    loginCodeTtlMs: options.loginCodeTtlMs ?? LOGIN_CODE_TTL_MINUTES * 60_000,
    mail: options.mail?.settings ?? mailSettings({ publicUrl: 'http://localhost:8080' }),
  };
  if (options.mail?.transport) {
    registerMailSender(app, {
      db: context.db,
      settings: context.mail,
      transport: options.mail.transport,
      tuning: options.mail.tuning,
    });
  }

  // JSON bodies only: no text/plain parser (such a body gets 415), and an empty JSON body counts as no
  // body (POST /logout may be sent with a JSON content type and nothing in it).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  setupErrorHandler(app, errorLocalizer(context.db));
  await registerSecurityHeaders(app);
  const compressAnswer = await registerCompression(app, options.compressOnThread);
  await registerOpenApi(app);

  // Public API: no token, no version header.
  await app.register(
    async (scope) => {
      await healthRoutes(scope, context);
    },
    { prefix: API_BASE },
  );
  await registerOpenApiRoutes(app);

  // Pass API: rate limits, then version header and token -> session, then the modules.
  await app.register(
    async (scope) => {
      await registerRateLimit(scope, context.rateLimit);
      registerSession(scope, context.db);
      await dataRoutes(scope, context);
      await authRoutes(scope, context);
      await sessionsRoutes(scope, context);
      await analyticsRoutes(scope, context);
      await errorReportsRoutes(scope, context);
      await manifestRoutes(scope, context);
      await messagesRoutes(scope, context);
      await subscriptionsRoutes(scope, context);
      await languageRoutes(scope, context);
      await supportRoutes(scope, context);
      await ordersRoutes(scope, context);
      await shareRoutes(scope, context);
      await adEventsRoutes(scope, context);
      await pollsRoutes(scope, context);
      await redeemRoutes(scope, context);
      await pointsRoutes(scope, context);
      await rewardsRoutes(scope, context);
      await availabilityRoutes(scope, context);
      await distributionRoutes(scope, context);
      await cartRoutes(scope, context);
      await assignmentsRoutes(scope, context);
    },
    { prefix: API_BASE },
  );

  // Root API: the spec 7 calls "outside the pass prefix" (rootApiPaths; decision 0012), with the same rate
  // limits, version header and token as the pass API. Add further root routes here.
  await app.register(async (scope) => {
    await registerRateLimit(scope, context.rateLimit);
    registerSession(scope, context.db);
    await productsRoutes(scope, context);
    await messageListsRootRoutes(scope, context);
  });

  // The partner console's API (issue 30): its own scope, cookie sessions and error shape.
  app.decorate('console', await registerConsole(app, context, options.console));
  await registerConsoleStatic(app, options.consoleDist);

  await registerStatic(app, {
    webDist: webDistExists(options.webDist) ? options.webDist : undefined,
    mediaDir: options.mediaDir,
    db: options.db,
    compressAnswer,
  });
  return app;
}
