/**
 * `npm run seed:load -- [--holders 100000] [--offer 101] [--batch 10000] [--page-views 2000000]
 * [--check-ins 200000]` (scripts/seed-load.mjs): seeds
 * the database the server uses (DATABASE_URL, else the embedded one in DATA_DIR) with many holders on one
 * offer (seed-load.ts), with their page views and check-ins over the last 400 days. Exit 0 when seeded, 1 when refused (nothing written), 2 on bad usage.
 */
import { type Database, openDatabase } from '../../db/client';
import { EnvError, loadEnv } from '../../plugins/env';
import { SeedLoadError, seedLoad } from './seed-load';

const USAGE =
  'usage: npm run seed:load -- [--holders N (default 100000)] [--offer ID (default 101)] [--batch N] [--page-views N (default 2000000)] [--check-ins N (default 200000)]';

interface Args {
  holders: number;
  offerId: number;
  batch: number;
  pageViews: number;
  checkIns: number;
}

function parseArgs(argv: string[]): Args | string {
  const values: Record<string, number> = {
    '--holders': 100_000,
    '--offer': 101,
    '--batch': 10_000,
    '--page-views': 2_000_000,
    '--check-ins': 200_000,
  };
  const zeroAllowed = new Set(['--page-views', '--check-ins']);
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i] as string;
    const value = argv[i + 1];
    if (!(flag in values)) return `unknown argument ${flag}`;
    const pattern = zeroAllowed.has(flag) ? /^(0|[1-9][0-9]{0,7})$/ : /^[1-9][0-9]{0,6}$/;
    if (value === undefined || !pattern.test(value))
      return `${flag} needs a ${zeroAllowed.has(flag) ? 'whole' : 'positive whole'} number`;
    values[flag] = Number(value);
  }
  return {
    holders: values['--holders'] as number,
    offerId: values['--offer'] as number,
    batch: values['--batch'] as number,
    pageViews: values['--page-views'] as number,
    checkIns: values['--check-ins'] as number,
  };
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help')) {
    console.log(USAGE);
    return 0;
  }
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    console.error(`${args}\n${USAGE}`);
    return 2;
  }
  let database: Database | undefined;
  try {
    const env = loadEnv();
    database = await openDatabase({ dataDir: env.dataDir, databaseUrl: env.databaseUrl });
    const where = env.databaseUrl ? 'DATABASE_URL' : `the embedded database in ${env.dataDir}`;
    console.log(
      `seeding ${args.holders} holders on offer ${args.offerId}, with ${args.pageViews} page views and ${args.checkIns} check-ins (${where})`,
    );
    const started = Date.now();
    const result = await seedLoad(database.db, { ...args, log: (line) => console.log(line) });
    console.log(
      `seeded ${result.holders} holders with ${result.orders} orders, ${args.pageViews} page views and ${args.checkIns} check-ins on offer ${result.offerId} (partner ${result.partnerId}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return 0;
  } catch (error) {
    if (error instanceof SeedLoadError || error instanceof EnvError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database?.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
