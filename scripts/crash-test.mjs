// Crash test (issue 10, DESIGN.md section 4): the real server under a load of claims, completes, redeems and
// check-ins is killed with SIGKILL at a random moment, restarted on the same database, and the database is
// checked with SQL: ledger balances, orders and their debits, redemption counters, tickets, stock and
// idempotency keys, against the state before the load and what the clients were answered. Repeated
// CRASH_ROUNDS times; ends with `N operations, N inconsistencies` and exits non-zero when any is found.
//
// Database: Postgres when one answers (TEST_DATABASE_URL, or 127.0.0.1:5432), in a database of its own that
// is dropped at the end; else PGlite in a temporary DATA_DIR. CRASH_DATABASE=postgres|pglite forces one.
// Env: CRASH_ROUNDS (default 5 on Postgres, 2 on PGlite); CRASH_MIN_DELAY_MS and CRASH_MAX_DELAY_MS, when
// the kill comes once the load is under way (its first answers are in; default 300 to 2000); CRASH_KEEP=1
// keeps the database and prints where it is.
import { checkConsistency, snapshot } from './crash/checks.mjs';
import { chooseDatabase, createDatabase } from './crash/database.mjs';
import { createLoad } from './crash/load.mjs';
import { seed } from './crash/seed.mjs';
import { startServer } from './crash/server.mjs';
import { buildIfNeeded, freePort } from './lib.mjs';

function intEnv(name, fallback) {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) {
    console.error(`${name} must be a whole number, not ${value}`);
    process.exit(2);
  }
  return number;
}

const MIN_DELAY_MS = intEnv('CRASH_MIN_DELAY_MS', 300);
const MAX_DELAY_MS = Math.max(MIN_DELAY_MS, intEnv('CRASH_MAX_DELAY_MS', 2000));
/** A server just started answers its first requests slowly: the kill waits for the load to be under way. */
const WARM_ANSWERS = 10;
/** Takes the claims of dead requests over at once instead of after a minute (decision 0019's timeout). */
const AGE_PENDING_KEYS = `update idempotency_keys set created_at = created_at - interval '2 minutes'
  where status = 'pending'`;

const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const say = (line) => console.log(`[crash] ${line}`);

// The server it kills is the server's bundle (decision 0051); npm test has built it already.
const built = await buildIfNeeded('server');
if (built !== 0) process.exit(built);

const choice = await chooseDatabase();
// About a minute either way: on PGlite each round also stops and starts the server for the SQL checks.
const ROUNDS = Math.max(1, intEnv('CRASH_ROUNDS', choice.kind === 'postgres' ? 5 : 2));
const database = await createDatabase(choice);
say(`${database.where} (${choice.reason}); ${ROUNDS} rounds`);
const port = await freePort();
const inconsistencies = new Set();
let server = null;
let sql = null;
let load = null;

/** SQL access: on Postgres one connection beside the running server; PGlite only while the server is down. */
async function openSql() {
  if (database.kind === 'pglite' && server) {
    await server.stop();
    server = null;
  }
  sql ??= await database.open();
  return sql;
}
async function closeSqlForServer() {
  if (database.kind === 'pglite' && sql) {
    await sql.close();
    sql = null;
  }
}
async function start(what) {
  await closeSqlForServer();
  try {
    server = await startServer({ port, env: database.serverEnv });
  } catch (error) {
    inconsistencies.add(`the server did not start ${what}: ${error.message}`);
    throw error;
  }
  return server;
}

function check(label, now, before) {
  const result = checkConsistency(now, before, load?.records ?? []);
  for (const problem of result.problems) inconsistencies.add(problem);
  return (
    `${result.problems.length} inconsistencies, ${result.abandonedKeys} abandoned keys, ` +
    `${result.unansweredRedemptions} redemptions kept without an answer (${label})`
  );
}

function countOf(round, kind, status = 200) {
  return load.records.filter((r) => r.round === round && r.kind === kind && r.status === status).length;
}

try {
  await start('on a fresh database');
  say(`server ${server.pid} started in ${seconds(server.startMs)}: migrated, demo imported`);
  const pools = await seed((await openSql()).query);
  const baseline = await snapshot(sql.query);
  say(
    `seeded ${pools.reduce((n, p) => n + p.ops.length, 0)} order products to redeem; ${check('before the load', baseline, baseline)}`,
  );
  load = createLoad(pools);
  if (!server) await start('after seeding');

  for (let round = 1; round <= ROUNDS; round += 1) {
    const delay = MIN_DELAY_MS + Math.floor(Math.random() * (MAX_DELAY_MS - MIN_DELAY_MS + 1));
    const running = load.run(server.baseUrl, round);
    const loadStarted = Date.now();
    await load.answered(round, WARM_ANSWERS);
    await new Promise((done) => setTimeout(done, delay));
    const inFlight = load.state.inFlight;
    const killedPid = server.pid;
    await server.kill();
    load.stop();
    await running;
    const sent = load.records.filter((r) => r.round === round).length;
    say(
      `round ${round}: SIGKILL to server ${killedPid} ${seconds(Date.now() - loadStarted)} into the load, ${inFlight} requests in flight; ` +
        `${sent} requests (${countOf(round, 'complete')} completes, ${countOf(round, 'redeem')} redemptions answered 200)`,
    );
    await start(`again after SIGKILL in round ${round}`);
    say(
      `round ${round}: restarted on the same database in ${seconds(server.startMs)} (server ${server.pid})`,
    );
    await (await openSql()).query(AGE_PENDING_KEYS);
    say(
      `round ${round}: ${check(`after the restart of round ${round}`, await snapshot(sql.query), baseline)}`,
    );
    if (!server) await start(`for the retries of round ${round}`);
    const retryProblems = await load.retry(server.baseUrl, round);
    for (const problem of retryProblems) inconsistencies.add(problem);
    const retried = load.records.filter((r) => r.round === round).length - sent;
    say(`round ${round}: ${retried} requests sent again (lost answers with their keys, and replays)`);
  }

  await server.stop();
  server = null;
  say(
    `final: ${check('after the last retries and a clean stop', await snapshot((await openSql()).query), baseline)}`,
  );
} catch (error) {
  inconsistencies.add(`the crash test could not go on: ${error.message.split('\n')[0]}`);
  console.error(error);
} finally {
  await server?.kill();
  await sql?.close();
  if (process.env.CRASH_KEEP === '1') say(`kept: ${database.where} (DATA_DIR ${database.dataDir})`);
  else await database.drop();
}

// Requests that change (or try to change) money, points or stock; the replay checks only read answers.
const operations = load?.records.filter((r) => !r.replayCheck).length ?? 0;
for (const problem of inconsistencies) console.log(`  inconsistency: ${problem}`);
say(`took ${seconds(Date.now() - started)} on ${database.kind}`);
console.log(`${operations} operations, ${inconsistencies.size} inconsistencies`);
process.exit(inconsistencies.size > 0 ? 1 : 0);
