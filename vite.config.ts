import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkReport } from './scripts/vite-chunk-report.ts';
import { precompress } from './scripts/vite-precompress.ts';

// The web app lives in web/; the server serves dist/web in production and proxies nothing.
// In development Vite serves the app and forwards /api to the server on PORT (default 3000).
// React and react-dom draw it, in the browser and in the build's prerender alike (decision 028):
// no alias, so `react`, `react-dom` and `zod` are the installed packages everywhere.
const apiPort = process.env.PORT ?? '3000';

export default defineConfig({
  root: 'web',
  plugins: [
    // JSX, and Fast Refresh in `npm run dev`: an edited component is swapped in place.
    react(),
    tailwindcss(),
    precompress(path.resolve('dist/web')),
    // Read by tests/e2e/bundle-budget.spec.ts; beside dist/web, not in it, so never served.
    chunkReport(path.resolve('dist/web-chunks.json')),
  ],
  // The footer's first render (prerendered at build, then taken over by the browser) says this.
  define: { 'import.meta.env.BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())) },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the app supports (ES2022 modules) preloads modules itself.
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
