/**
 * Starts Trailpass: reads the environment, opens (and migrates) the database, imports the demo file into an
 * empty database, serves the API and the built web app on one port, and prints the demo links.
 * server.ts loads it (see there why it is a file of its own).
 */
import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from './app';
import { loadConsoleSecret } from './console/auth/secret';
import { DEMO_OWNER, demoOwnerLine, ensureDemoOwner } from './console/staff/demo-owner';
import { type Database, openDatabase } from './db/client';
import { importPassFile, isDatabaseEmpty, PassImportError } from './db/import';
import { emlTransport, mailSettings, smtpTransport } from './modules/mail';
import { linkUrl, readDemoLinks } from './plugins/demo-links';
import { type Env, EnvError, loadEnv, redactUrl, webDistExists } from './plugins/env';

async function importDemoIfEmpty(env: Env, database: Database, app: FastifyInstance) {
  if (!(await isDatabaseEmpty(database.db))) return;
  if (!existsSync(env.demoFile)) {
    app.log.warn(
      { file: env.demoFile },
      'the database is empty and the demo file is missing; nothing imported',
    );
    return;
  }
  try {
    const result = await importPassFile(database.db, env.demoFile, {
      replace: false,
      mediaDir: env.mediaDir,
    });
    app.log.info({ file: env.demoFile, now: result.now.toISOString() }, 'imported the demo dataset');
    // The demo's console owner (issue 30): only on the start that filled an empty database with the demo.
    if (await ensureDemoOwner(database.db, app.console.auth)) {
      app.log.info({ email: DEMO_OWNER.email }, 'made the demo console owner');
    }
  } catch (error) {
    // Another instance imported it at the same moment: fine.
    if (error instanceof PassImportError && error.code === 'database_not_empty') return;
    throw error;
  }
}

async function main(): Promise<void> {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({ dataDir: env.dataDir, databaseUrl: env.databaseUrl });
  const redis = env.redisUrl
    ? new Redis(env.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  redis?.on('error', () => {
    // Reported through the rate limiter (skipOnError); ioredis reconnects by itself.
  });

  const webDist = webDistExists(env.webDist) ? env.webDist : undefined;
  const listenHost = env.host === '0.0.0.0' || env.host === '::' ? 'localhost' : env.host;
  const origin = `http://${listenHost.includes(':') ? `[${listenHost}]` : listenHost}:${env.port}`;
  // Without SMTP_URL each e-mail becomes an .eml file under DATA_DIR/mail, to be opened by a person.
  const mailTransport = env.smtpUrl ? smtpTransport(env.smtpUrl) : emlTransport(env.mailDir);
  const app = await buildApp({
    db: database.db,
    mediaDir: env.mediaDir,
    webDist,
    consoleDist: env.consoleDist,
    logger: { level: env.logLevel, pretty: process.stdout.isTTY === true },
    rateLimit: redis ? { redis } : {},
    trustProxy: env.trustProxy,
    cartHoldMs: env.cartHoldMs,
    loginCodeTtlMs: env.loginCodeTtlMs,
    mail: {
      settings: mailSettings({ from: env.mailFrom, publicUrl: env.publicUrl ?? origin }),
      transport: mailTransport,
    },
    console: { secret: await loadConsoleSecret(env.consoleAuthSecret, env.dataDir) },
  });
  await importDemoIfEmpty(env, database, app);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await redis?.quit().catch(() => undefined);
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: env.port, host: env.host });
  } catch (error) {
    app.log.error({ err: error }, `cannot listen on ${env.host}:${env.port}`);
    await app.close().catch(() => undefined);
    await redis?.quit().catch(() => undefined);
    await database.close();
    process.exit(1);
  }

  const where = env.databaseUrl ? `Postgres ${redactUrl(env.databaseUrl)}` : `PGlite in ${env.dataDir}`;
  const lines = [
    '',
    `Trailpass is listening on ${origin}/pass/ (database: ${where}${redis ? '; rate limits in Redis' : ''})`,
    webDist
      ? ''
      : 'The web app is not built (apps/web/dist): only the API answers. Run npm start to build it.',
    `E-mail goes to ${mailTransport.description}.`,
    'Demo pass links:',
    ...(await readDemoLinks(env.demoFile)).map((link) => `  ${linkUrl(origin, link)}  ${link.label}`),
    (await demoOwnerLine(database.db, app.console.auth, origin)) ?? '',
    '',
  ].filter((line, i) => line !== '' || i === 0);
  // Printed, not logged: the demo tokens are meant to be clicked, and logs never carry tokens.
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

await main();
