// The server's runnable build (decision 0051): its entry points bundled by esbuild into dist/, with the
// workspace's contract inside and every npm package left to node_modules. `npm start`, the journeys' servers,
// the crash test and the bench run it with plain Node: tsx compiled the whole server on each start, about
// 2.5 s of CPU a server more than loading the bundle, and a full `npm test` starts some thirty servers.
// Vitest keeps transforming the sources itself. Half a second; scripts/lib.mjs builds it when it is missing
// or older than its sources.
import { readFile, rm } from 'node:fs/promises';
import { dirname, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const HERE = dirname(fileURLToPath(import.meta.url));
export const OUT_DIR = join(HERE, 'dist');

/** dist/<name>.mjs for each entry point, named as the scripts run them. */
export const ENTRIES = {
  server: 'src/server.ts',
  import: 'src/db/import/cli.ts',
  staff: 'src/console/staff/cli.ts',
  'seed-load': 'src/console/holder-import/seed-load-cli.ts',
};

/**
 * The sources find files beside themselves (the migrations, the import format's schema, the compression
 * thread's script, the repository root) through `import.meta.url`. In a bundle that would be the bundle's
 * address, so each source's `import.meta.url` becomes its own file's address, relative to the bundle: the
 * build keeps working wherever the checkout is.
 */
function sourceAddresses(outDir) {
  return {
    name: 'source-addresses',
    setup(esbuild) {
      esbuild.onLoad({ filter: /\.(ts|tsx|mts)$/ }, async (args) => {
        if (args.path.includes('node_modules')) return undefined;
        const contents = await readFile(args.path, 'utf8');
        if (!contents.includes('import.meta.url')) return undefined;
        if (/import\.meta\.(dirname|filename)/.test(contents)) {
          throw new Error(`${args.path}: use import.meta.url (the build rewrites only that)`);
        }
        const fromBundle = relative(outDir, args.path).split('\\').join('/');
        const address = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
        return {
          contents: contents.replaceAll('import.meta.url', address),
          loader: extname(args.path) === '.tsx' ? 'tsx' : 'ts',
        };
      });
    },
  };
}

/** npm packages stay imports (node_modules is there at run time); the workspace's own are bundled. */
const packagesOutside = {
  name: 'packages-outside',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@trailpass/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Builds into `outDir` (dist/ by default; the server's own test builds elsewhere below apps/server, so that
 * the bundle finds node_modules the same way).
 */
export async function buildServer(outDir = OUT_DIR) {
  // Chunks are named by their content: the last build's would pile up.
  await rm(outDir, { recursive: true, force: true });
  await build({
    absWorkingDir: HERE,
    entryPoints: ENTRIES,
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    jsx: 'automatic',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [packagesOutside, sourceAddresses(outDir)],
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildServer();
  console.log(
    `[server] built ${Object.keys(ENTRIES).length} entry points into dist/ in ${Date.now() - started} ms`,
  );
}
