import { build } from 'esbuild';

// `npm run build` compiles the server to one ES module (dependencies stay in node_modules), so
// production runs plain JavaScript with no TypeScript loader (`npm start`).
await build({
  entryPoints: {
    index: 'server/index.ts',
    'db-migrate': 'server/db/migrate-cli.ts',
    admin: 'server/admin-cli.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
