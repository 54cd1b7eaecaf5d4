import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress';
import { preloadChunks } from './scripts/preloadChunks';

const root = fileURLToPath(new URL('.', import.meta.url));

const sep = String.raw`[\\/]`;
const publicModules = new RegExp(
  `web${sep}src${sep}(app${sep}(PublicShell|LanguageSwitcher)|features${sep}publicEvent${sep})`,
);
const backOfficeLibraries = new RegExp(
  `node_modules${sep}(@blueprintjs${sep}core|@floating-ui|@popperjs|react-transition-group|dom-helpers|@babel${sep}runtime|tslib)${sep}`,
);
const backOfficeModules = new RegExp(
  `web${sep}src${sep}(shared${sep}(ui|forms|live)${sep}|app${sep}(AdminShell|ManageLayout|AuthLayout)\\.|features${sep}[^/\\\\]+${sep}(api|queries|types|live|listParams)\\.ts$)`,
);
// The buyers' features never go into the back office's chunk, nor does what their pages import from shared/.
const buyerModules = new RegExp(
  `web${sep}src${sep}(features${sep}(checkout|publicEvent|widget|home)${sep}|shared${sep}(ui${sep}(PageTitle|Logo|messages)|forms${sep}amount)\\.)`,
);
// react-query's hooks: the checkout reads with them as the back office does.
const queryHooks = new RegExp(`node_modules${sep}@tanstack${sep}`);
const isPublic = (id: string) => publicModules.test(id) || queryHooks.test(id);
const isBackOfficeShared = (id: string) =>
  backOfficeLibraries.test(id) || (backOfficeModules.test(id) && !buyerModules.test(id));
const apiTarget = `http://127.0.0.1:${process.env.API_PORT || 3000}`;

export default defineConfig({
  root,
  plugins: [react(), preloadChunks(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Blueprint's CSS and the admin chunk are large by nature; they never load on the public pages.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // A phone on a mobile network pays a round trip per file, and a browser fetches only six at a time over
        // HTTP/1.1: dozens of tiny shared chunks cost seconds. Three groups instead (npm run bench -- web):
        codeSplitting: {
          groups: [
            // what index.html loads first, in one file;
            { name: 'boot', tags: ['$initial'], priority: 3 },
            // the buyers' pages (event page, checkout's shared parts), without Blueprint;
            { name: 'public', test: isPublic, priority: 2 },
            // what every back-office page and the scanner share: Blueprint and its helpers, the shared UI, and
            // each feature's API calls and queries. The pages themselves stay in chunks of their own.
            { name: 'admin', test: isBackOfficeShared, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: false },
    },
  },
});
