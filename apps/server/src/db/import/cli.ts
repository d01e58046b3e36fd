/**
 * `npm run import -- FILE [--replace]` (from the repo root): loads a pass-import/1 file into the database.
 *
 * Env: DATA_DIR (default <repo root>/.data; the embedded database and the imported media live there),
 * DATABASE_URL (Postgres; unset means the embedded PGlite database). A relative FILE or DATA_DIR is taken
 * from the directory npm was started in (INIT_CWD), since npm runs workspace scripts inside apps/server.
 *
 * Exit code 0 on success (summary on stdout), 1 on a bad file or refused import (one `<json path>: <problem>`
 * line per error on stderr), 2 on bad usage.
 */
import path from 'node:path';
import { type Database, openDatabase } from '../client.js';
import { DEFAULT_DATA_DIR, mediaDirFor } from '../paths.js';
import { formatIssue, importPassDocument, loadPassFile, PassImportError } from './index.js';

const USAGE = 'usage: npm run import -- FILE [--replace]';

async function main(argv: string[]): Promise<number> {
  const args = argv.filter((a) => !a.startsWith('--'));
  const flags = argv.filter((a) => a.startsWith('--'));
  const unknown = flags.filter((f) => f !== '--replace' && f !== '--help');
  if (flags.includes('--help')) {
    console.log(USAGE);
    return 0;
  }
  if (args.length !== 1 || unknown.length > 0) {
    console.error(unknown.length > 0 ? `unknown option ${unknown.join(', ')}\n${USAGE}` : USAGE);
    return 2;
  }
  const baseCwd = process.env.INIT_CWD ?? process.cwd();
  const file = path.resolve(baseCwd, args[0] as string);
  const dataDir = process.env.DATA_DIR ? path.resolve(baseCwd, process.env.DATA_DIR) : DEFAULT_DATA_DIR;
  const databaseUrl = process.env.DATABASE_URL || undefined;

  const now = new Date();
  let database: Database | undefined;
  try {
    // Check the file before opening the database: a bad file fails fast and touches nothing.
    const loaded = await loadPassFile(file, { now });
    database = await openDatabase({ dataDir, databaseUrl });
    const result = await importPassDocument(database.db, loaded, {
      replace: flags.includes('--replace'),
      mediaDir: mediaDirFor(dataDir),
      now,
      baseDir: path.dirname(file),
    });
    for (const warning of result.warnings) console.error(`warning: ${formatIssue(warning)}`);
    const where =
      database.kind === 'pglite' ? `PGlite in ${path.join(dataDir, 'pglite')}` : 'Postgres (DATABASE_URL)';
    console.log(
      `imported ${path.relative(baseCwd, file) || file} into ${where}${result.replaced ? ' (replaced the existing data)' : ''}`,
    );
    console.log(`@now = ${result.now.toISOString()}`);
    const width = Math.max(...Object.keys(result.counts).map((k) => k.length));
    for (const [table, count] of Object.entries(result.counts)) {
      if (count > 0) console.log(`  ${table.padEnd(width)}  ${count}`);
    }
    console.log(
      `media: ${result.media.copied} file(s) copied to ${mediaDirFor(dataDir)}` +
        (result.media.missing.length ? `, missing: ${result.media.missing.join(', ')}` : '') +
        (result.media.icons.length ? `; ${result.media.icons.length} PNG install icon(s) made` : ''),
    );
    return 0;
  } catch (error) {
    if (error instanceof PassImportError) {
      // stderr carries only `<json path>: <problem>` lines; the closing remark goes to stdout.
      for (const issue of error.issues) console.error(formatIssue(issue));
      if (error.code === 'invalid_file') {
        console.log(`${error.issues.length} problem(s) in ${file}; nothing was imported`);
      }
      return 1;
    }
    throw error;
  } finally {
    await database?.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`import failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
