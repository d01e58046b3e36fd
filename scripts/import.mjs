// `npm run import -- FILE [--replace]`: imports a pass-import/1 file into the database the server uses. The
// work is apps/server/src/db/import/cli.ts (scripts/server-cli.mjs).
import { runServerCli } from './server-cli.mjs';

await runServerCli('npm run import', 'import');
