import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The server `npm run dev --workspace apps/server` starts (the console's API and auth live under it), or
 * another one's address in CONSOLE_API_TARGET.
 */
const API_TARGET = process.env.CONSOLE_API_TARGET ?? 'http://localhost:8080';

// Served by the same server under /console/ (its API under /console/api/*), so every asset URL carries the
// prefix. The sign-in pages are the entry's own; the admin (react-admin) is a lazy chunk loaded after it.
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The admin chunk is react-admin with its UI kit; it is loaded only once someone is signed in.
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5174,
    proxy: { '/console/api': { target: API_TARGET, changeOrigin: false } },
  },
});
