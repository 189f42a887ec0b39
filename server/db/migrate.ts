import { type Kysely, Migrator } from 'kysely';
import { type DatabaseHandle, migrationTableSchema, withExclusiveLock } from './dialect.ts';
import { migrationsFor } from './migrations/index.ts';
import type { Database } from './schema.ts';
import { seedReferenceData } from './seed.ts';

/** Kysely's migrator over our static list, keeping its own tables in the current schema. */
export async function migratorFor(handle: DatabaseHandle, db: Kysely<Database> = handle.db) {
  return new Migrator({
    db,
    migrationTableSchema: await migrationTableSchema(handle.engine, db),
    provider: { getMigrations: async () => migrationsFor(handle.engine) },
  });
}

/** Applies every pending migration and loads reference data, once across concurrent starts. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  return withExclusiveLock(handle, async (db) => {
    const migrator = await migratorFor(handle, db);
    const { error, results = [] } = await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    await seedReferenceData(db);
    return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
  });
}
