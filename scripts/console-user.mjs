// `npm run console:user -- --email a@b.c --partner <id> --role owner [--password ...]`: creates a partner
// console staff account (issue 30). The work is apps/server/src/console/staff/cli.ts (scripts/server-cli.mjs).
import { runServerCli } from './server-cli.mjs';

await runServerCli('npm run console:user', 'staff');
