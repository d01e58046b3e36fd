// Small helpers shared by start.mjs, test.mjs, e2e-server.mjs, crash-test.mjs and bench/run.mjs.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_DIR = join(ROOT, 'apps/web');
export const WEB_DIST = join(WEB_DIR, 'dist');
/**
 * The server's built entry points (apps/server/build.mjs, decision 0051), run with plain Node; source maps on,
 * so stack traces name the TypeScript sources.
 */
export const SERVER_BUILD = {
  server: 'apps/server/dist/server.mjs',
  import: 'apps/server/dist/import.mjs',
  staff: 'apps/server/dist/staff.mjs',
  seedLoad: 'apps/server/dist/seed-load.mjs',
};
export const SERVER_ENTRY = SERVER_BUILD.server;
/** `node <these> <script>` runs one of SERVER_BUILD. */
export const SERVER_NODE_ARGS = ['--enable-source-maps'];
/** Debian's Chromium: Lighthouse in the bench runs the whole browser, as a phone's would. */
export const CHROMIUM = '/usr/bin/chromium';
/**
 * The journeys' browser: Debian's build of Chromium's headless shell (package chromium-headless-shell, from
 * the same source and version as chromium). It is what Playwright itself runs for headless journeys; the
 * whole browser costs about a third more CPU a journey on two cores (decision 0051).
 */
export const JOURNEY_CHROMIUM = '/usr/bin/chromium-headless-shell';
/** The Debian packages npm test needs: the journeys' browser, and the whole one for the bench. */
export const CHROMIUM_PACKAGES = ['chromium', 'chromium-headless-shell'];
export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
export const DEFAULT_TEST_REDIS_URL = 'redis://127.0.0.1:6379/15';

/** The Node.js lines the project runs on, as package.json's `engines` says: 22 (from 22.12) and 24, the LTS lines. */
export const SUPPORTED_NODE = 'Node.js 24 or 22 (22.12 or later)';

/** True when this Node.js is one package.json's `engines` allows (`^22.12.0 || >=24.0.0`). */
export function isSupportedNode(version = process.versions.node) {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major >= 24 || (major === 22 && minor >= 12);
}

/** Stops at once, naming the version needed, on a Node.js the project does not run on. */
export function requireSupportedNode(command) {
  if (isSupportedNode()) return;
  console.error(
    `[trailpass] ${command} needs ${SUPPORTED_NODE}; this is Node.js ${process.versions.node}. Install Node.js 24 and run it again.`,
  );
  process.exit(1);
}

/** Newest modification time (ms) of a file or of any file below a folder; 0 when absent. */
export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/**
 * What `npm start`, the journeys and the bench run, each built when its output is missing or older than its
 * inputs (its own sources and config, and the contract it bundles): the two front ends, the holder's PWA and
 * the partner console (issue 30), whose dist/index.html every Vite build writes, and the server's bundle
 * (decision 0051), whose dist/server.mjs its build writes.
 */
export const BUILDS = {
  web: {
    label: 'the web app',
    dir: 'apps/web',
    source: 'index.html',
    output: 'dist/index.html',
    script: 'build',
    inputs: ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'tsconfig.json'],
  },
  console: {
    label: 'the partner console',
    dir: 'apps/console',
    source: 'index.html',
    output: 'dist/index.html',
    script: 'build',
    inputs: ['src', 'index.html', 'vite.config.ts', 'package.json', 'tsconfig.json'],
  },
  server: {
    label: 'the server',
    dir: 'apps/server',
    source: 'build.mjs',
    output: 'dist/server.mjs',
    script: 'bundle',
    inputs: ['src', 'build.mjs', 'package.json'],
  },
};
const SHARED_INPUTS = ['packages/contract/src', 'package-lock.json'];

/** Why `name` of BUILDS needs building, or null when its output is up to date (or it has nothing to build). */
export function buildReason(name) {
  const { dir, source, output, inputs } = BUILDS[name];
  if (!existsSync(join(ROOT, dir, source))) return null; // nothing to build (yet)
  const built = join(ROOT, dir, output);
  if (!existsSync(built)) return `${dir}/${output} is missing`;
  const builtAt = statSync(built).mtimeMs;
  const changed = [...inputs.map((p) => `${dir}/${p}`), ...SHARED_INPUTS].find(
    (p) => newestMtime(join(ROOT, p)) > builtAt,
  );
  return changed ? `${changed} changed since the last build` : null;
}

/** Why the web app needs building, or null when apps/web/dist is up to date. */
export function webBuildReason() {
  return buildReason('web');
}

/** Runs a command with inherited stdio; resolves with its exit code (signals count as failure). */
export function run(cmd, args, options = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('error', (err) => {
      console.error(`could not run ${cmd}: ${err.message}`);
      resolvePromise(127);
    });
    child.on('exit', (code, signal) => resolvePromise(code ?? (signal ? 128 : 1)));
  });
}

/** Builds `name` of BUILDS when its output is missing or stale. Returns the exit code (0 when nothing to do). */
export async function buildIfNeeded(name) {
  const reason = buildReason(name);
  if (!reason) return 0;
  const { label, dir, script } = BUILDS[name];
  console.log(`[trailpass] building ${label} (${reason})`);
  return run('npm', ['run', script, '--workspace', dir]);
}

/** Builds apps/web when its dist is missing or stale. Returns the exit code (0 when nothing to do). */
export function buildWebIfNeeded() {
  return buildIfNeeded('web');
}

/** True when something accepts TCP connections on host:port within timeoutMs. */
export function portAnswers(host, port, timeoutMs = 1000) {
  return new Promise((resolvePromise) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolvePromise(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Host and port of a postgres:// URL (defaults 127.0.0.1:5432). */
export function postgresAddress(url) {
  const u = new URL(url);
  return { host: u.hostname || '127.0.0.1', port: Number(u.port || 5432) };
}

/** A TCP port that is free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolvePromise, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolvePromise(port));
    });
  });
}
