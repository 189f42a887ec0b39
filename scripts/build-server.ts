import { build } from 'esbuild';

// `npm run build` compiles the server to one ES module (dependencies stay in node_modules), so
// production runs plain JavaScript with no TypeScript loader (`npm start`). Another output folder
// may be named (the process tests build their own copy); it must sit inside this project, so the
// compiled files find node_modules.
await build({
  entryPoints: {
    index: 'server/index.ts',
    'db-migrate': 'server/db/migrate-cli.ts',
    admin: 'server/admin-cli.ts',
    backup: 'server/ops/backup-cli.ts',
    restore: 'server/ops/restore-cli.ts',
  },
  outdir: process.argv[2] ?? 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
