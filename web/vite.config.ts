// Vite build and dev-server config for the dashboard: React + Tailwind 4, output in web/dist
// (served by services/api), and a dev proxy of every server-owned path to the local `tracker`.
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const TRACKER_ORIGIN = 'http://127.0.0.1:5000';
// Anchored patterns, so a future screen such as /reports is not mistaken for the /r redirect.
const SERVER_PATHS = ['^/api(/|\\?|$)', '^/r/', '^/click(/|\\?|$)', '^/postback(/|\\?|$)', '^/exit-tracker\\.js'];

export default defineConfig({
  // Resolve index.html and dist/ next to this file, whichever directory vite is started from.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      // Libraries change less often than our code: separate files stay cached across deploys.
      output: {
        manualChunks(id) {
          if (!id.includes('/node_modules/')) return undefined;
          if (/\/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          if (id.includes('/node_modules/react-router')) return 'router';
          // The chart is loaded lazily with the Stats screen; keep its libraries out of the first load.
          if (/\/node_modules\/(recharts|d3-[^/]+|victory-vendor|internmap)\//.test(id)) return 'charts';
          return 'vendor';
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(SERVER_PATHS.map((path) => [path, { target: TRACKER_ORIGIN, changeOrigin: false }])),
  },
});
