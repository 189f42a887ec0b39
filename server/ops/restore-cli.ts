import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { EnvError, parseEnv } from '../lib/env.ts';
import { RestoreRefused, restoreBackup } from './restore.ts';

// `npm run restore -- FILE [--data-dir DIR]`: unpacks an archive of `npm run backup` into an
// empty data folder (DATA_DIR unless --data-dir says otherwise). It never overwrites one.
const USAGE = `Usage: npm run restore -- FILE [--data-dir DIR]
  FILE            an archive made by npm run backup (redhope-backup-….tar.gz)
  --data-dir DIR  the folder to restore into (default: DATA_DIR); it must be empty or absent`;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    allowPositionals: true,
    options: { 'data-dir': { type: 'string' }, help: { type: 'boolean', default: false } },
  });
}
try {
  args = parse();
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`, 2);
}
if (args.values.help) {
  console.log(USAGE);
  process.exit(0);
}
const [file, ...extra] = args.positionals;
if (!file || extra.length) fail(USAGE, 2);

try {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const env = parseEnv();
  const result = await restoreBackup(file, args.values['data-dir'] ?? env.DATA_DIR);
  const { manifest } = result;
  console.log(`Restored the backup of ${manifest.createdAt} into ${result.dataDir}`);
  if (manifest.database) {
    const rows = Object.entries(manifest.database.rows)
      .map(([table, n]) => `${n} ${table}`)
      .join(', ');
    console.log(`  database: ${rows} (integrity checked)`);
  } else {
    console.log('  database: not in this archive: restore PostgreSQL with pg_restore (README)');
  }
  console.log(`  uploads: ${result.uploads} images`);
  if (!manifest.authSecret && !env.AUTH_SECRET) {
    console.log(
      '  The sessions were signed with AUTH_SECRET: set the same value, or everyone signs in again.',
    );
  }
  console.log('Start the server on it (npm start) with DATA_DIR pointing at that folder.');
} catch (error) {
  if (error instanceof RestoreRefused) fail(`Restore refused: ${error.message}`, 2);
  fail(
    error instanceof EnvError ? error.message : `Restore failed: ${(error as Error).message}`,
    1,
  );
}
