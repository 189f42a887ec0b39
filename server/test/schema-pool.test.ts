import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { connect } from '../db/dialect.ts';
import { createUser } from './factories.ts';
import { borrowSchema } from './schema-pool.ts';
import { testEngine } from './test-app.ts';

// The PostgreSQL test schemas are lent again after a test (./schema-pool.ts): the next test
// must get one in the state of a freshly migrated copy, whatever the last one did to it.

const url = process.env.TEST_DATABASE_URL ?? '';

async function rowsIn(schema: string) {
  const handle = connect({ databaseUrl: url, pgSchema: schema });
  try {
    const count = async (table: string) => {
      const { rows } = await sql<{
        n: string;
      }>`select count(*) as n from ${sql.table(table)}`.execute(handle.db);
      return Number(rows[0]?.n);
    };
    return { users: await count('user'), districts: await count('district') };
  } finally {
    await handle.close();
  }
}

describe.runIf(testEngine === 'postgres')('the lent PostgreSQL test schemas', () => {
  it('come back emptied of a test’s rows, with the migrations’ own rows as they were', async () => {
    const first = await borrowSchema(url);
    const fresh = await rowsIn(first.name);
    expect(fresh.users).toBe(0);
    expect(fresh.districts).toBe(64);
    const handle = connect({ databaseUrl: url, pgSchema: first.name });
    await createUser(handle.db);
    await sql`delete from "district" where "name" = 'Dhaka'`.execute(handle.db).catch(() => {
      // Referenced by upazilas: the test's own change need not succeed to be undone.
    });
    await handle.close();
    await first.giveBack();

    const again = await borrowSchema(url);
    expect(again.name).toBe(first.name);
    expect(await rowsIn(again.name)).toEqual(fresh);
    await again.giveBack();
  });

  it('are not lent again after a test changed their tables', async () => {
    const first = await borrowSchema(url);
    const handle = connect({ databaseUrl: url, pgSchema: first.name });
    await sql`drop table "upazila"`.execute(handle.db);
    await handle.close();
    await first.giveBack();

    const next = await borrowSchema(url);
    expect(next.name).not.toBe(first.name);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const kept = await client.query('select 1 from pg_namespace where nspname = $1', [first.name]);
    await client.end();
    expect(kept.rowCount).toBe(0);
    await next.giveBack();
  });

  it('are lent to one test app at a time, even when one is given back twice', async () => {
    const first = await borrowSchema(url);
    await first.giveBack();
    await first.giveBack();
    const one = await borrowSchema(url);
    const other = await borrowSchema(url);
    expect(one.name).not.toBe(other.name);
    await one.giveBack();
    await other.giveBack();
  });
});
