import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

const API_TARGET = 'http://localhost:8080';

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

export default defineConfig({
  base: '/pass/',
  plugins: [
    react(),
    VitePWA({
      // A hand-written worker (src/sw/sw.ts, decision 0021): pages network first, each token's last answers
      // kept for offline use. Workbox only injects the precache list into it.
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      scope: '/pass/',
      // 'prompt' without a prompt: the registration script only registers, it never reloads a page, and the
      // worker does not skip waiting, so a new version applies on the next open (src/sw/sw.ts).
      registerType: 'prompt',
      injectRegister: 'script-defer',
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
  ],
  build: {
    rolldownOptions: {
      treeshake: {
        // The contract's modules only declare schemas and constants. Marking them side-effect free
        // lets the shell import the plain constants without bundling zod and every schema.
        moduleSideEffects: (id: string) =>
          /[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id) ? false : undefined,
      },
      output: {
        // Everything the first page needs before any lazy chunk, in one file: split across many small
        // shared chunks (as the lazy pages and module types cut it up) it compresses worse and costs a
        // request each.
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
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
