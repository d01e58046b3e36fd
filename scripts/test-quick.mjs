// `npm run test:quick`: the inner loop, in a minute or two. Typecheck, lint, then the vitest tests that the
// files changed since `main` reach (committed on this branch, staged, unstaged or new; vitest follows the
// imports), and the Playwright journeys whose own spec files changed. `npm test` stays the full run, and
// the one CI runs. Ends with the same table and closing line as `npm test`.
//   BASE=<ref> npm run test:quick   compares with another ref than main
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, requireSupportedNode } from './lib.mjs';
import { createSteps, embeddedDatabaseEnv } from './test-steps.mjs';

requireSupportedNode('npm run test:quick');
if (!existsSync(join(ROOT, 'node_modules'))) {
  console.error('node_modules is missing: run `npm ci` first.');
  process.exit(1);
}

const base = process.env.BASE || 'main';
const git = (args) => spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
if (git(['rev-parse', '--verify', '--quiet', base]).status !== 0) {
  console.error(`[test] ${base} is not a ref here: set BASE to the branch or commit to compare with.`);
  process.exit(1);
}
/** Every file changed since `base`: committed since the branches parted, staged, unstaged and new. */
function changedFiles() {
  const lists = [
    git(['diff', '--name-only', `${base}...HEAD`]),
    git(['diff', '--name-only', 'HEAD']),
    git(['ls-files', '--others', '--exclude-standard']),
  ];
  return [...new Set(lists.flatMap((r) => r.stdout.split('\n')).filter(Boolean))];
}

const steps = createSteps('quick');
const changed = changedFiles();
steps.say(`${changed.length} file(s) changed since ${base}`);

await steps.plain('typecheck', 'npm', ['run', 'typecheck']);
await steps.plain('lint', 'npm', ['run', 'lint']);
// The embedded database, as npm test's first pass; the Postgres pass is npm test's.
const env = embeddedDatabaseEnv();
await steps.vitest('vitest (changed)', ['--changed', base, '--passWithNoTests'], env);

const journeys = changed.filter((file) => /^e2e\/.*\.spec\.ts$/.test(file) && existsSync(join(ROOT, file)));
if (journeys.length > 0) await steps.playwright('playwright (changed)', journeys, env);
else steps.note('playwright (changed)', 'no journey spec changed');

steps.finish();
