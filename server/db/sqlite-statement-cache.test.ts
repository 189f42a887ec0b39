import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './sqlite-statement-cache.ts';

// SQLite only: the api-postgres project leaves this file out (see vitest.config.ts).
interface Db {
  note: { id: number; text: string };
}

const open: Array<Kysely<Db>> = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.destroy();
});

/** A Kysely over an in-memory database, counting what SQLite is asked to prepare. */
function cachedKysely(size?: number) {
  const sqlite = new BetterSqlite3(':memory:');
  const prepared: string[] = [];
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((text: string) => {
    prepared.push(text);
    return prepare(text);
  }) as typeof sqlite.prepare;
  const db = new Kysely<Db>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite, size) }),
  });
  open.push(db);
  return { db, prepared };
}

describe('SQLite statement cache (decision 032)', () => {
  it('prepares a query once and gives each run its own values', async () => {
    const { db, prepared } = cachedKysely();
    await sql`create table note (id integer primary key, text text not null)`.execute(db);
    for (const [id, text] of [
      [1, 'one'],
      [2, 'two'],
      [3, 'three'],
    ] as const) {
      await db.insertInto('note').values({ id, text }).execute();
    }
    const byId = (id: number) =>
      db.selectFrom('note').select('text').where('id', '=', id).executeTakeFirst();
    expect(await byId(1)).toEqual({ text: 'one' });
    expect(await byId(3)).toEqual({ text: 'three' });
    expect(await byId(9)).toBeUndefined();
    const reads = prepared.filter((text) => text.startsWith('select'));
    expect(reads).toHaveLength(1);
    expect(prepared.filter((text) => text.startsWith('insert'))).toHaveLength(1);
  });

  it('keeps no more than its size, dropping the least recently used', async () => {
    const { db, prepared } = cachedKysely(2);
    const select = (n: number) => sql`select ${sql.raw(String(n))} as n`.execute(db);
    await select(1);
    await select(2);
    await select(1); // 1 is now the most recent
    await select(3); // drops 2
    await select(1);
    await select(2); // prepared again
    expect(prepared).toEqual(['select 1 as n', 'select 2 as n', 'select 3 as n', 'select 2 as n']);
  });

  it('follows a schema change: a kept statement sees the new column, or fails for a dropped table', async () => {
    const { db } = cachedKysely();
    await sql`create table note (id integer primary key, text text not null)`.execute(db);
    await db.insertInto('note').values({ id: 1, text: 'one' }).execute();
    const all = () => sql`select * from note`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1, text: 'one' }]);
    await sql`alter table note add column pinned integer not null default 0`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1, text: 'one', pinned: 0 }]);
    await sql`drop table note`.execute(db);
    await expect(all()).rejects.toThrow(/no such table/);
  });

  it('keeps transactions working on the kept statements', async () => {
    const { db } = cachedKysely();
    await sql`create table note (id integer primary key, text text not null)`.execute(db);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('note').values({ id: 1, text: 'gone' }).execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('note').values({ id: 2, text: 'kept' }).execute();
    });
    expect(await db.selectFrom('note').selectAll().execute()).toEqual([{ id: 2, text: 'kept' }]);
  });
});
