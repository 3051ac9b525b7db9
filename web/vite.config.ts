// Vite build and dev-server config for the dashboard: React + Tailwind 4, output in web/dist
// (served by services/api, precompressed), and a dev proxy of every server-owned path to the local `tracker`.
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const TRACKER_ORIGIN = 'http://127.0.0.1:5000';
// Anchored patterns, so a future screen such as /reports is not mistaken for the /r redirect.
const SERVER_PATHS = ['^/api(/|\\?|$)', '^/r/', '^/click(/|\\?|$)', '^/postback(/|\\?|$)', '^/exit-tracker\\.js'];

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html)$/;
// Below about a packet, compression saves no round trip and the headers cost more than the bytes.
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes `x.br` and `x.gz` beside every text file of the build, once at build time at the highest
 * levels, so the server (@fastify/static `preCompressed`) sends them without spending CPU per request.
 * Node's own zlib does the work; a plugin package would add a dependency for these few lines.
 */
function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'tracker:precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const target = path.join(outDir, file);
          const content = await readFile(target);
          if (content.length < MIN_COMPRESS_BYTES) return;
          const [br, gz] = await Promise.all([
            promisify(brotliCompress)(content, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length },
            }),
            promisify(gzip)(content, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  // Resolve index.html and dist/ next to this file, whichever directory vite is started from.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), precompressAssets()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each entry and lazy screen loads (bench/web-bundle.ts reads it).
    manifest: true,
    rollupOptions: {
      output: {
        // React and the router run on every page and change less often than our code: one file that stays
        // cached across deploys. Every other library goes where Rollup puts it: with the lazy screens that
        // import it, so the sign-in page never downloads the tables, forms, date picker or chart.
        manualChunks(id) {
          if (/\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)\//.test(id)) {
            return 'react';
          }
          return undefined;
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(SERVER_PATHS.map((pattern) => [pattern, { target: TRACKER_ORIGIN, changeOrigin: false }])),
  },
});
