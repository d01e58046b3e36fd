// `npm run seed:load -- [--holders 100000] [--offer 101] [--batch 10000] [--page-views 2000000]
// [--check-ins 200000]`: many holders, with passes, points and orders, and their page views and check-ins, on
// one offer of the database the server uses (issue 30 item 7, decision 0042; issue 31 item 5, decision
// 0045). The work is apps/server/src/console/holder-import/seed-load-cli.ts (scripts/server-cli.mjs).
import { runServerCli } from './server-cli.mjs';

await runServerCli('npm run seed:load', 'seedLoad');
