import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { answerSchemas } from './scripts/vite-answer-schemas.ts';
import { chunkReport } from './scripts/vite-chunk-report.ts';
import { precompress } from './scripts/vite-precompress.ts';

// The web app lives in web/; the server serves dist/web in production and proxies nothing.
// In development Vite serves the app and forwards /api to the server on PORT (default 3000).
const apiPort = process.env.PORT ?? '3000';

/**
 * The app is written against React's API and drawn by Preact (decision 015): about 55 KB gzip
 * less on every first load. Exact names only, so `react-router/dom` and the like are untouched.
 * `react-dom/static` (the build's prerender, web/prerender.tsx) has no Preact counterpart:
 * scripts/preact-static.ts gives its `prerender` on preact-render-to-string. To go back to
 * React, delete this list, `ssr.noExternal` and the `refreshExclude` below.
 */
const preactAliases = Object.entries({
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/server': 'preact/compat/server',
  'react-dom/static': path.resolve('scripts/preact-static.ts'),
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
}).map(([name, replacement]) => ({ find: new RegExp(`^${name}$`), replacement }));

/** zod, jitless before any schema parses (web/lib/zod-jitless.ts says why). */
const zodAlias = { find: /^zod$/, replacement: path.resolve('web/lib/zod-jitless.ts') };

export default defineConfig({
  root: 'web',
  resolve: { alias: [...preactAliases, zodAlias] },
  // The prerender's server build (scripts/prerender.ts) bundles its packages too, so that
  // react-router, react-query and react-i18next get Preact there as well, not node_modules' React.
  ssr: { noExternal: true },
  plugins: [
    // JSX only. Fast Refresh works with React's renderer, not Preact's: in development an edited
    // component reloads the page instead of being swapped in place.
    react({ refreshExclude: /./ }),
    // web/ reads the contract's endpoints with JSON Schemas for answers, not zod (decision 020).
    answerSchemas(),
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
    // Every browser the app supports (ES2022 modules, Preact 11) preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      onwarn(warning, warn) {
        // React Router uses React 19's useOptimistic when there is one and does without it
        // otherwise; Preact has none, as expected.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) {
          return;
        }
        warn(warning);
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
