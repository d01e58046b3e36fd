/**
 * `npm run console:user -- --email a@b.c --partner 1 --role owner [--password ...] [--name ...]`, or
 * `--provider-admin` instead of --partner and --role (issue 30): creates a console staff account with an
 * e-mail-and-password sign-in, or gives the account the address already has that membership. Prints the
 * generated password when none is given (it is not stored anywhere but as its hash).
 * `--from FILE` instead: every account of a JSON array of `{email, partnerId, role, password?, name?}` (or
 * `providerAdmin: true` instead of partnerId and role), in one run: a partner's staff list at once, and the
 * journeys' accounts made once in their demo database (scripts/e2e-server.mjs).
 *
 * Env as the server's: DATA_DIR, DATABASE_URL, CONSOLE_AUTH_SECRET (plugins/env.ts). Exit 0 on success, 1
 * when refused (no such partner, a short password), 2 on bad usage.
 */
import { readFileSync } from 'node:fs';
import { PARTNER_ROLES, type PartnerRole } from '@trailpass/contract/console';
import { type Database, openDatabase } from '../../db/client';
import { mailSettings } from '../../modules/mail';
import { EnvError, loadEnv } from '../../plugins/env';
import { createConsoleAuth } from '../auth/auth';
import { loadConsoleSecret } from '../auth/secret';
import { createStaffAccount, StaffAccountError } from './accounts';

const USAGE =
  'usage: npm run console:user -- --email ADDRESS (--partner ID --role owner|manager|viewer | --provider-admin) ' +
  '[--password PASSWORD] [--name NAME]\n       npm run console:user -- --from FILE.json';

interface Args {
  email: string;
  partnerId?: number;
  role?: PartnerRole;
  providerAdmin: boolean;
  password?: string;
  name?: string;
}

function parseArgs(argv: string[]): Args | string {
  const values = new Map<string, string>();
  let providerAdmin = false;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i] as string;
    if (flag === '--provider-admin') {
      providerAdmin = true;
      continue;
    }
    if (!['--email', '--partner', '--role', '--password', '--name'].includes(flag))
      return `unknown argument ${flag}`;
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) return `${flag} needs a value`;
    values.set(flag, value);
    i++;
  }
  const email = values.get('--email');
  if (!email) return '--email is required';
  const partner = values.get('--partner');
  const role = values.get('--role');
  if (providerAdmin && (partner || role)) return '--provider-admin takes no --partner or --role';
  if (!providerAdmin) {
    if (!partner || !/^[1-9][0-9]{0,9}$/.test(partner)) return '--partner must be a partner id';
    if (!role || !(PARTNER_ROLES as readonly string[]).includes(role))
      return `--role must be one of ${PARTNER_ROLES.join(', ')}`;
  }
  return {
    email,
    providerAdmin,
    ...(partner ? { partnerId: Number(partner) } : {}),
    ...(role ? { role: role as PartnerRole } : {}),
    ...(values.has('--password') ? { password: values.get('--password') as string } : {}),
    ...(values.has('--name') ? { name: values.get('--name') as string } : {}),
  };
}

/** The accounts of a `--from` file, or what is wrong with it. */
function readAccountsFile(file: string): Args[] | string {
  let entries: unknown;
  try {
    entries = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return `--from ${file}: ${(error as Error).message}`;
  }
  if (!Array.isArray(entries) || entries.length === 0)
    return `--from ${file}: expected a non-empty JSON array`;
  const accounts: Args[] = [];
  for (const [index, entry] of entries.entries()) {
    const e = (entry ?? {}) as Record<string, unknown>;
    const argv = ['--email', String(e.email ?? '')];
    if (e.providerAdmin === true) argv.push('--provider-admin');
    else argv.push('--partner', String(e.partnerId ?? ''), '--role', String(e.role ?? ''));
    if (typeof e.password === 'string') argv.push('--password', e.password);
    if (typeof e.name === 'string') argv.push('--name', e.name);
    const parsed = parseArgs(argv);
    if (typeof parsed === 'string') return `--from ${file}, entry ${index + 1}: ${parsed}`;
    accounts.push(parsed);
  }
  return accounts;
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help')) {
    console.log(USAGE);
    return 0;
  }
  const fromAt = argv.indexOf('--from');
  const parsed =
    fromAt === -1
      ? parseArgs(argv)
      : argv.length !== 2 || !argv[1]
        ? '--from FILE takes no other argument'
        : readAccountsFile(argv[1]);
  if (typeof parsed === 'string') {
    console.error(`${parsed}\n${USAGE}`);
    return 2;
  }
  const accountsToMake = Array.isArray(parsed) ? parsed : [parsed];
  let database: Database | undefined;
  try {
    const env = loadEnv();
    database = await openDatabase({ dataDir: env.dataDir, databaseUrl: env.databaseUrl });
    const auth = createConsoleAuth({
      db: database.db,
      secret: await loadConsoleSecret(env.consoleAuthSecret, env.dataDir),
      mail: mailSettings({ from: env.mailFrom, publicUrl: env.publicUrl ?? `http://localhost:${env.port}` }),
    });
    for (const args of accountsToMake) {
      const result = await createStaffAccount(database.db, auth, {
        email: args.email,
        name: args.name,
        password: args.password,
        providerAdmin: args.providerAdmin,
        membership:
          args.partnerId !== undefined && args.role
            ? { partnerId: args.partnerId, role: args.role }
            : undefined,
      });
      const what = args.providerAdmin
        ? 'provider admin (every partner)'
        : `${args.role} of partner ${args.partnerId}`;
      console.log(
        result.created
          ? `created console account ${result.email}: ${what}`
          : `${result.email} already has an account (its password is unchanged): now ${what}`,
      );
      if (result.password) console.log(`password: ${result.password}`);
    }
    return 0;
  } catch (error) {
    if (error instanceof StaffAccountError || error instanceof EnvError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database?.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
