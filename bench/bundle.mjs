// Initial JavaScript per entry route, gzip -9, from apps/web/dist and its Vite manifest: the entry with
// its static imports, and each lazily loaded route's closure on top of it.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { run, WEB_DIR, WEB_DIST } from '../scripts/lib.mjs';
import { note, section } from './server.mjs';

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(file), { level: 9 }).length);
  return gzipCache.get(file);
}

/** The Vite manifest of dist, or of a scratch build with --manifest when dist has none. */
async function viteManifest() {
  const inDist = join(WEB_DIST, '.vite/manifest.json');
  if (existsSync(inDist)) return { dir: WEB_DIST, manifest: JSON.parse(readFileSync(inDist, 'utf8')) };
  const outDir = mkdtempSync(join(tmpdir(), 'trailpass-bench-web-'));
  note(`dist has no Vite manifest: building a copy with --manifest in ${outDir}`);
  const code = await run(
    'npx',
    ['vite', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: WEB_DIR,
    },
  );
  const file = join(outDir, '.vite/manifest.json');
  if (code !== 0 || !existsSync(file)) return null;
  return { dir: outDir, manifest: JSON.parse(readFileSync(file, 'utf8')), scratch: true };
}

/** JS files loaded up-front by index.html: module scripts and modulepreloads. */
function upFrontFromHtml(dir) {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const files = new Set();
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="([^"]+\.js)"[^>]*>/g)) {
    const tag = m[0];
    if (tag.startsWith('<script') && !/type="module"/.test(tag)) continue;
    if (tag.startsWith('<link') && !/rel="modulepreload"/.test(tag)) continue;
    files.add(m[1].replace(/^\/pass\//, '').replace(/^\//, ''));
  }
  return [...files];
}

/** Prints the table of routes; returns { entry, routes: { [route file]: kB } } or null. */
export async function bundleReport() {
  section('Initial JS per entry route (gzip -9)');
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    note('apps/web/dist is missing and could not be built: no bundle numbers');
    return null;
  }
  const upFront = upFrontFromHtml(WEB_DIST);
  const upFrontBytes = upFront.reduce((sum, f) => sum + gzipSize(join(WEB_DIST, f)), 0);
  note(`index.html loads up-front: ${kB(upFrontBytes)} in ${upFront.length} file(s): ${upFront.join(', ')}`);

  const built = await viteManifest();
  if (!built) {
    note('no Vite manifest could be made: per-route numbers unavailable');
    return null;
  }
  const { dir, manifest } = built;
  // Closure of static imports from a manifest key.
  const closure = (key, seen = new Set()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, seen);
    return seen;
  };
  // The entry chunk: marked isEntry, or (when a chunk group holds the entry's code, as vite.config.ts's
  // `initial` does) the chunk index.html loads as its module script.
  const entryKey =
    Object.keys(manifest).find((k) => manifest[k].isEntry) ??
    Object.keys(manifest).find(
      (k) => upFront.includes(manifest[k].file) && manifest[k].dynamicImports?.length,
    );
  if (!entryKey) {
    note('the manifest has no entry chunk');
    return null;
  }
  const base = closure(entryKey);
  const size = (keys) => [...keys].reduce((sum, k) => sum + gzipSize(join(dir, manifest[k].file)), 0);
  const baseBytes = size(base);
  note(`entry ${entryKey} with its static imports: ${kB(baseBytes)}`);
  // Each lazily loaded route chunk (a dynamic import of the entry or its static imports) adds its own closure.
  const lazy = new Set([...base].flatMap((k) => manifest[k].dynamicImports ?? []));
  const rows = [...lazy].map((key) => {
    const extra = new Set([...closure(key)].filter((k) => !base.has(k)));
    return { route: key.replace(/^src\//, ''), extra: size(extra), total: baseBytes + size(extra) };
  });
  rows.sort((a, b) => b.total - a.total);
  for (const r of rows) note(`${r.route.padEnd(60)} +${kB(r.extra).padStart(9)} = ${kB(r.total)}`);
  if (rows.length === 0) note('no lazily loaded routes: every route loads the entry above');
  if (built.scratch) rmSync(dir, { recursive: true, force: true });
  return {
    entry: baseBytes / 1024,
    routes: Object.fromEntries(rows.map((r) => [r.route, r.total / 1024])),
  };
}
