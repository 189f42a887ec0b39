import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { testEngine } from '../test/test-app.ts';
import { unmigratedDatabases } from '../test/unmigrated-databases.ts';
import { migrateToLatest } from './migrate.ts';

// The migrator asks the introspector whether its tables exist. On PostgreSQL it must read this
// connection's schema only: reading the others failed whenever one was dropped meanwhile (CI,
// stop 38), and told a schema of another's tables. SQLite has one schema per file.

const databases = unmigratedDatabases();
afterAll(() => databases.closeAll());

describe.runIf(testEngine === 'postgres')('the introspector (postgres)', () => {
  it("reads this schema's tables and columns, none of another schema's", async () => {
    const migrated = await databases.fresh();
    await migrateToLatest(migrated);
    const empty = await databases.fresh();

    expect(await empty.db.introspection.getTables({ withInternalKyselyTables: true })).toEqual([]);

    const tables = await migrated.db.introspection.getTables();
    const [schema] = (await sql<{ s: string }>`select current_schema() as s`.execute(migrated.db))
      .rows;
    expect(tables.every((t) => t.schema === schema?.s)).toBe(true);
    const user = tables.find((t) => t.name === 'user');
    expect(user?.columns.find((c) => c.name === 'id')).toMatchObject({
      dataType: 'text',
      isNullable: false,
    });
    // Kysely's own tables only when asked for.
    expect(tables.some((t) => t.name.startsWith('kysely_'))).toBe(false);
    const all = await migrated.db.introspection.getTables({ withInternalKyselyTables: true });
    expect(all.map((t) => t.name)).toContain('kysely_migration');
  });

  it('migrates while other schemas are dropped', async () => {
    const target = await databases.fresh();
    // Schemas with tables, dropped one by one while the migrator introspects over and over.
    const doomed = await Promise.all(Array.from({ length: 6 }, () => databases.fresh()));
    for (const handle of doomed)
      await sql`create table t (id serial primary key)`.execute(handle.db);
    const names = await Promise.all(
      doomed.map(
        async (h) =>
          (await sql<{ s: string }>`select current_schema() as s`.execute(h.db)).rows[0]?.s,
      ),
    );
    const dropping = (async () => {
      for (const name of names) await sql.raw(`drop schema ${name} cascade`).execute(target.db);
    })();
    await expect(migrateToLatest(target)).resolves.toContain('001-geo');
    await dropping;
  });
});
