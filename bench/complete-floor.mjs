// The floor under `PUT .../complete` on this machine: the same shape of work with none of its rules. A bare
// Fastify route (no plugins) makes the completion's five round trips on a pg.Pool of 10 (a read, then BEGIN,
// a row lock, one write statement that appends a ledger entry and completes the order, COMMIT), each
// statement trivial, under the same load as the real one. The bench prints it beside the real figure, so
// a reader on any machine sees what the hardware gives and how much the completion's own work costs on top
// (decision 0016, "The floor").
//
// Run as a script it is that server (DATABASE_URL, PORT; prints "ready"); floorLoad starts it as a child,
// so the server and the load run in separate processes, as in the real measurement.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../scripts/lib.mjs';
import { measureLoad, putLoad } from './complete.mjs';

const SCHEMA = 'bench_floor';

async function serve() {
  const [{ default: Fastify }, { default: pg }] = await Promise.all([import('fastify'), import('pg')]);
  const orders = Number(process.env.FLOOR_ORDERS);
  const setup = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await setup.connect();
  await setup.query(`drop schema if exists ${SCHEMA} cascade; create schema ${SCHEMA};
    create table ${SCHEMA}.orders (id int primary key, holder int not null, status text not null, points int);
    create table ${SCHEMA}.ledger (id serial primary key, holder int not null, points int not null,
      balance int not null);
    create index on ${SCHEMA}.ledger (holder, id);
    insert into ${SCHEMA}.orders select g, g, 'draft', null from generate_series(1, ${orders}) g;
    insert into ${SCHEMA}.ledger (holder, points, balance) select g, 10000, 10000 from generate_series(1, ${orders}) g;
    analyze ${SCHEMA}.orders; analyze ${SCHEMA}.ledger;`);
  await setup.end();
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const app = Fastify();
  app.put('/complete/:id', async (request, reply) => {
    const id = Number(request.params.id);
    const plan = await pool.query({
      name: 'floor_plan',
      text: `select o.status, (select l.balance from ${SCHEMA}.ledger l where l.holder = o.holder
        order by l.id desc limit 1) as balance from ${SCHEMA}.orders o where o.id = $1`,
      values: [id],
    });
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query({
        name: 'floor_lock',
        text: `select status from ${SCHEMA}.orders where id = $1 for update`,
        values: [id],
      });
      const change = await client.query({
        name: 'floor_change',
        text: `with entry as (insert into ${SCHEMA}.ledger (holder, points, balance)
            select $1, -1000, $2::int - 1000 returning balance)
          update ${SCHEMA}.orders set status = 'completed', points = 1000 where id = $1
          returning id, status, points, (select balance from entry) as balance`,
        values: [id, plan.rows[0]?.balance ?? 0],
      });
      await client.query('commit');
      return { order: change.rows[0] };
    } catch (error) {
      await client.query('rollback');
      reply.code(500);
      return { error: String(error) };
    } finally {
      client.release();
    }
  });
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  console.log('ready');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await serve();

/**
 * Completes `amount` orders of the floor server, `connections` at a time, after a warm-up of a tenth as many;
 * resolves to measureLoad's figures (rps, p50, p99, failed, cpu: the server's and its Postgres backends' ms
 * per completion, or null) or null when the floor server did not start. `database` names the database of
 * `url` (for its backends' CPU); the floor's tables live in a schema of their own there.
 */
export async function floorLoad(url, database, connections, amount) {
  const port = await freePort();
  const warm = Math.max(1, Math.floor(amount / 10));
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), FLOOR_ORDERS: String(warm + amount) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = await new Promise((resolve) => {
    child.stdout.on('data', (d) => String(d).includes('ready') && resolve(true));
    child.once('exit', () => resolve(false));
  });
  if (!ready) return null;
  const base = `http://127.0.0.1:${port}`;
  let next = 1;
  const nextRequest = () => ({ path: `/complete/${next++}` });
  try {
    await putLoad(base, connections, warm, nextRequest);
    return await measureLoad(child.pid, database, () => putLoad(base, connections, amount, nextRequest));
  } finally {
    child.kill('SIGKILL');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));
    // The scratch database is dropped after the bench, but BENCH_DATABASE_URL's is kept.
    const { default: pg } = await import('pg');
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    await cleanup.query(`drop schema if exists ${SCHEMA} cascade`).finally(() => cleanup.end());
  }
}
