import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { RouteName } from '@trailpass/contract';
import react from '@vitejs/plugin-react';
import Icons from 'unplugin-icons/vite';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
// The route table from its own file: the config is bundled with its relative imports only, and Node cannot
// load the contract's TypeScript through its package name (lib/routes re-exports the same table).
import { appRoutePaths as routePaths } from '../../packages/contract/src/app-routes';
import { MUI_PAGES } from './src/app/mui-pages';
import { plainAppModules } from './src/build/app-chunk';
import { entryScriptsAtLowPriority } from './src/build/entry-script';
import { iconOptions } from './src/build/icons';
import { inlineStylesheets } from './src/build/inline-css';
import { linguiCatalogues } from './src/build/lingui-catalogues';
import { installedReactRouterDir, reactRouterProductionAliases } from './src/build/react-router-production';
import { type BuiltChunk, moduleTypePreloads, routePreloads } from './src/build/route-preloads';

const API_TARGET = 'http://localhost:8080';

/** MUI and the packages only it uses (styling, transitions); see codeSplitting below. */
const MUI_CORE_PACKAGES =
  /node_modules[\\/](@mui|@emotion|stylis|react-transition-group|hoist-non-react-statics|react-is|clsx)[\\/]/;

/** The `app` chunk's rule (src/build/app-chunk.ts), made once per chunking pass from the bundler's graph. */
const plainAppModuleRules = new WeakMap<object, (id: string) => boolean>();

/**
 * The app's modules that act when imported: the entry, zod's settings (lib/zod-jitless.ts) and dayjs's
 * plugins (lib/dates.ts). Every other module of src/ only declares; a new module that acts on import must be
 * added here, or the build may drop it where nothing uses its exports.
 */
const SIDE_EFFECT_MODULES = /[\\/]src[\\/](main\.tsx|lib[\\/]zod-jitless\.ts|lib[\\/]dates\.ts)$/;

/**
 * The service worker is built and given its precache list by vite-plugin-pwa after the bundle (and after
 * vite-plugin-compression2 has run), so this compresses it once everything is on disk.
 */
function compressServiceWorker(): Plugin {
  let outDir = 'dist';
  return {
    name: 'trailpass:compress-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const files = (await readdir(outDir)).filter((name) => name === 'sw.js');
        for (const name of files) {
          const source = await readFile(join(outDir, name));
          await writeFile(join(outDir, `${name}.gz`), await promisify(gzip)(source, { level: 9 }));
          await writeFile(
            join(outDir, `${name}.br`),
            await promisify(brotliCompress)(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
          );
        }
      },
    },
  };
}

/** The source of a module type's lazily loaded code (features/modules/registry.ts): `types/<Type>.tsx`. */
const MODULE_TYPE_SOURCE = /[\\/]src[\\/]features[\\/]modules[\\/]types[\\/]([A-Za-z0-9]+)\.tsx$/;

/**
 * dist/.vite/route-preloads.json: each page's scripts beyond the entry, which the server names in that
 * page's index.html as modulepreload hints (src/build/route-preloads.ts, decision 0025), and each module
 * type's, which it names for the first screen of a page it sends with its assignment (decision 0026).
 * Written beside the bundle rather than emitted into it: it is for the server only, not to be compressed,
 * served or precached.
 */
function routePreloadsFile(): Plugin {
  let base = '/';
  return {
    name: 'trailpass:route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    async writeBundle(options, bundle) {
      if (!options.dir) return;
      const chunks: BuiltChunk[] = Object.values(bundle).flatMap((item) =>
        item.type === 'chunk'
          ? [
              {
                fileName: item.fileName,
                facadeModuleId: item.facadeModuleId,
                isEntry: item.isEntry,
                imports: item.imports,
              },
            ]
          : [],
      );
      const routes = routePreloads({
        chunks,
        base,
        routes: routePaths,
        // Pages drawn with the plain components get only their own chunk; those still drawn with MUI also
        // MUI's core and the theme's chunk (decision 0027).
        plainRoutes: new Set(
          (Object.keys(routePaths) as RouteName[]).filter((route) => !MUI_PAGES.has(route)),
        ),
        shellModule: /[\\/]src[\\/]components[\\/]mui-theme[\\/]MuiTheme\.tsx$/,
      });
      const moduleTypes = moduleTypePreloads({
        chunks,
        base,
        moduleTypeOf: (id) => MODULE_TYPE_SOURCE.exec(id)?.[1] ?? null,
      });
      await mkdir(join(options.dir, '.vite'), { recursive: true });
      await writeFile(
        join(options.dir, '.vite', 'route-preloads.json'),
        `${JSON.stringify({ routes, moduleTypes }, null, 1)}\n`,
      );
    },
  };
}

/** The entry's stylesheet inline in index.html (src/build/inline-css.ts, decision 0027). */
function inlineEntryCss(): Plugin {
  let base = '/';
  return {
    name: 'trailpass:inline-entry-css',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {};
        return inlineStylesheets(html, (href) => {
          const fileName = href.startsWith(base) ? href.slice(base.length) : href;
          const asset = bundle[fileName];
          if (asset?.type !== 'asset') return undefined;
          // Nothing else names the file (one stylesheet, cssCodeSplit off): it is not emitted, nor precached.
          delete bundle[fileName];
          return typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
        });
      },
    },
  };
}

/** React Router's production build in the bundle (src/build/react-router-production.ts). */
function reactRouterProductionBuild(): Plugin {
  return {
    name: 'trailpass:react-router-production',
    apply: 'build',
    config: () => ({ resolve: { alias: reactRouterProductionAliases(installedReactRouterDir()) } }),
  };
}

/** index.html's module scripts at low priority (src/build/entry-script.ts, decision 0028). */
function lowPriorityEntry(): Plugin {
  return {
    name: 'trailpass:low-priority-entry',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: (html) => entryScriptsAtLowPriority(html) },
  };
}

export default defineConfig({
  base: '/pass/',
  plugins: [
    react(),
    Icons(iconOptions),
    // The catalogues compiled for Lingui when imported (decision 0052); the web test projects use it too.
    linguiCatalogues(),
    VitePWA({
      // A hand-written worker (src/sw/sw.ts, decision 0021): pages network first, each token's last answers
      // kept for offline use. Workbox only injects the precache list into it.
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      scope: '/pass/',
      // 'prompt' without a prompt: registering never reloads a page, and the worker does not skip waiting, so a
      // new version applies on the next open (src/sw/sw.ts).
      registerType: 'prompt',
      // No registerSW.js: the app registers the worker itself once the first page has settled
      // (src/features/offline/register-worker.ts, decision 0025).
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icon.svg'],
      // No static manifest: each pass has its own (name, colours, icons, a start URL with its token),
      // served by GET /pass/api/manifest.webmanifest and linked by the app once /data has loaded.
      manifest: false,
      injectManifest: {
        // One classic script: no module worker, no Workbox runtime file beside it.
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        // The phone input's ~250 country flags (assets/US-<hash>.svg...) load when a flag is shown; precaching
        // them all would cost every install about 175 kB for the one or two a holder sees.
        globIgnores: ['assets/[A-Z][A-Z]-*.svg'],
      },
    }),
    compression({
      algorithms: ['gzip', 'brotliCompress'],
      include: /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/,
      threshold: 0,
    }),
    compressServiceWorker(),
    routePreloadsFile(),
    inlineEntryCss(),
    lowPriorityEntry(),
    reactRouterProductionBuild(),
  ],
  build: {
    // One stylesheet for the whole app (the entry's, decision 0027), inline in index.html (inlineEntryCss).
    // Split per chunk, Vite lists it among every dynamic import's dependencies, and its preload helper
    // then asked for the file again, at the highest priority, in the middle of the first screen's loading.
    cssCodeSplit: false,
    rolldownOptions: {
      treeshake: {
        // The contract's modules only declare schemas and constants. Marking them side-effect free
        // lets the shell import the plain constants without bundling zod and every schema.
        // The app's own modules too, but for the few that do something when imported
        // (SIDE_EFFECT_MODULES): a feature's index.ts re-exports its components and its helpers, and an
        // import of one helper through it would otherwise bring every component the index names into
        // that page's chunks (decision 0025).
        moduleSideEffects: (id: string) => {
          if (/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id)) return false;
          if (/[\\/]apps[\\/]web[\\/]src[\\/].*\.tsx?$/.test(id)) return SIDE_EFFECT_MODULES.test(id);
          return undefined;
        },
      },
      output: {
        // Everything the first page needs before any lazy chunk, in one file: split across many small
        // shared chunks (as the lazy pages and module types cut it up) it compresses worse and costs a
        // request each.
        // MUI's core (styling, theme, ButtonBase, the small helpers every component shares) in one chunk
        // too: left to the automatic split it came as some 40 files of a kilobyte or two, each a request of
        // its own on a phone's connection, for every page but Login. Only what at least 12 of the lazy
        // chunks use goes in; components fewer pages use stay with those pages (decision 0025).
        //
        // The small plain modules that two or more lazy chunks share (the UI kit, the module pages' frame, lib
        // helpers, icons, the contract's rules) in one `app` chunk, without what they import from packages:
        // as chunks of their own they cost a page a request each, 23 before Rewards' first screen
        // (src/build/app-chunk.ts, decision 0028).
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'] },
            { name: 'mui', test: MUI_CORE_PACKAGES, minShareCount: 12 },
            {
              debugName: 'app',
              name: (id, context) => {
                let isPlain = plainAppModuleRules.get(context);
                if (!isPlain) {
                  isPlain = plainAppModules(
                    (moduleId) => context.getModuleInfo(moduleId)?.importedIds ?? null,
                  );
                  plainAppModuleRules.set(context, isPlain);
                }
                return isPlain(id) ? 'app' : null;
              },
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
  },
  server: {
    proxy: {
      '/pass/api': { target: API_TARGET, changeOrigin: true },
      '/pass/media': { target: API_TARGET, changeOrigin: true },
      // Spec 7 calls served at the site root (contract rootApiPaths).
      '/products': { target: API_TARGET, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/pass/api': { target: API_TARGET, changeOrigin: true },
      '/pass/media': { target: API_TARGET, changeOrigin: true },
      // Spec 7 calls served at the site root (contract rootApiPaths).
      '/products': { target: API_TARGET, changeOrigin: true },
    },
  },
});
