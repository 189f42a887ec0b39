import path from 'node:path';
import type { Env } from '../lib/env.ts';
import type { Logger } from '../lib/logger.ts';
import { checkSqlitePragmas, connect, type DatabaseHandle } from './dialect.ts';
import { migrateToLatest } from './migrate.ts';

/**
 * The database the settings name (PostgreSQL for a DATABASE_URL, else DATA_DIR's SQLite file),
 * checked and migrated. Used by the server and by the command-line tools alike.
 */
export async function openDatabase(
  env: Env,
  logger?: Logger,
): Promise<{ handle: DatabaseHandle; applied: string[] }> {
  const handle = connect({
    databaseUrl: env.DATABASE_URL,
    sqliteFile: path.join(env.DATA_DIR, 'redhope.sqlite'),
    ...(logger && { logger }),
  });
  try {
    await checkSqlitePragmas(handle);
    const applied = await migrateToLatest(handle);
    return { handle, applied };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
