import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EnvError, parseEnv } from '../lib/env.ts';
import { createBackup, pruneBackups } from './backup.ts';

// `npm run backup -- [FOLDER] [--keep N] [--files-only]`: one archive of the data folder, made
// while the server keeps serving. README, "Backups", says how to schedule it and restore.
const USAGE = `Usage: npm run backup -- [FOLDER] [--keep N] [--files-only]
  FOLDER        where the archive goes (default ./backups; better another disk)
  --keep N      then delete all but the newest N archives in FOLDER
  --files-only  on PostgreSQL: archive the uploaded images and the session secret
                (the database itself is backed up with pg_dump, see README)`;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    allowPositionals: true,
    options: {
      keep: { type: 'string' },
      'files-only': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
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
if (args.positionals.length > 1) fail(USAGE, 2);
const keep = args.values.keep === undefined ? undefined : Number(args.values.keep);
if (keep !== undefined && !(Number.isInteger(keep) && keep >= 1)) {
  fail('--keep needs a whole number of archives, 1 or more.', 2);
}

try {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const env = parseEnv();
  const engine = env.DATABASE_URL ? 'postgres' : 'sqlite';
  if (engine === 'postgres' && !args.values['files-only']) {
    fail(
      'This server uses PostgreSQL (DATABASE_URL), whose database this command does not copy.\n' +
        'Back it up with pg_dump (README, "Backups"), and the uploaded images and session secret\n' +
        'with: npm run backup -- --files-only [FOLDER]',
      2,
    );
  }
  const outDir = path.resolve(args.positionals[0] ?? 'backups');
  const started = performance.now();
  const result = await createBackup({
    dataDir: env.DATA_DIR,
    outDir,
    engine,
    uploadsInS3: Boolean(env.S3_BUCKET),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const megabytes = (result.bytes / 1_000_000).toFixed(1);
  const { database, uploads } = result.manifest;
  console.log(`Backup written: ${result.file} (${megabytes} MB in ${seconds} s)`);
  if (database) {
    const rows = Object.entries(database.rows)
      .map(([table, n]) => `${n} ${table}`)
      .join(', ');
    console.log(`  database: ${rows}; migrations up to ${database.migrations.at(-1) ?? 'none'}`);
  } else {
    console.log('  database: NOT in this archive (PostgreSQL: back it up with pg_dump)');
  }
  console.log(
    uploads.storage === 's3'
      ? '  uploads: in object storage (S3_BUCKET), not in this archive: the bucket keeps them'
      : `  uploads: ${uploads.files} images`,
  );
  if (result.vanished.length) {
    console.log(`  ${result.vanished.length} images were deleted while the backup ran (left out)`);
  }
  console.log(
    '  It holds personal data and the session secret: keep it private, copy it off this machine.',
  );
  if (keep !== undefined) {
    const removed = pruneBackups(outDir, keep);
    if (removed.length) console.log(`  removed ${removed.length} older archives (--keep ${keep})`);
  }
} catch (error) {
  fail(error instanceof EnvError ? error.message : `Backup failed: ${(error as Error).message}`, 1);
}
