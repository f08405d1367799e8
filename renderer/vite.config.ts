/**
 * Renderer build: `npm run build` writes dist/renderer (served by `npm run serve` and loaded by
 * the Electron window). `npx vite --config renderer/vite.config.ts` is the dev server; it
 * proxies /api to a running `npm run serve` (port from LEDGER_API_PORT, default 8000 as serve).
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiPort = Number(process.env.LEDGER_API_PORT ?? 8000);

export default defineConfig({
  root: here,
  // Absolute asset URLs: the router uses web history, so a page reloaded at a deep path
  // (/accounts/Assets:Cash) must still find /assets/... . Both hosts serve the build at the root:
  // http://127.0.0.1:PORT/ headless and app://ledger/ in Electron (main/electron/protocol.ts).
  base: '/',
  plugins: [vue()],
  build: {
    outDir: path.resolve(here, '../dist/renderer'),
    emptyOutDir: true,
    // Dec uses bigint; every engine the app runs in (Electron 45, current browsers) has it.
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
});
