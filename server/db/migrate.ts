import { Migrator } from 'kysely';
import { type DatabaseHandle, migrationTableSchema, withExclusiveLock } from './dialect.ts';
import { migrationsFor } from './migrations/index.ts';
import { seedReferenceData } from './seed.ts';

/** Applies every pending migration and loads reference data, once across concurrent starts. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  return withExclusiveLock(handle, async (db) => {
    const migrator = new Migrator({
      db,
      migrationTableSchema: await migrationTableSchema(handle.engine, db),
      provider: { getMigrations: async () => migrationsFor(handle.engine) },
    });
    const { error, results = [] } = await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    await seedReferenceData(db);
    return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
  });
}
