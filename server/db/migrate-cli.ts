import path from 'node:path';
import { EnvError, parseEnv } from '../lib/env.ts';
import { checkSqlitePragmas, connect } from './dialect.ts';
import { migrateToLatest } from './migrate.ts';

// `npm run db:migrate`: applies pending migrations and loads reference data, then prints the
// names of the migrations it applied as JSON (an empty list when there was nothing to do).
try {
  const env = parseEnv();
  const handle = connect({
    databaseUrl: env.DATABASE_URL,
    sqliteFile: path.join(env.DATA_DIR, 'redhope.sqlite'),
  });
  await checkSqlitePragmas(handle);
  const applied = await migrateToLatest(handle);
  await handle.close();
  console.log(JSON.stringify(applied));
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}
