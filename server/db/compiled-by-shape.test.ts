import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { compiledByShape, type ParamOf } from './compiled-by-shape.ts';
import type { Database } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await sql`create table shape_probe (name text not null, kind text not null, n integer not null)`.execute(
    t.db,
  );
  await t.db
    .insertInto('shape_probe' as never)
    .values([
      { name: 'a', kind: 'x', n: 1 },
      { name: 'b', kind: 'y', n: 2 },
      { name: 'c', kind: 'x', n: 3 },
    ] as never)
    .execute();
});
afterAll(() => t.close());

const probe = compiledByShape(
  (db: Kysely<Database>, shape: { kind: boolean; after: boolean }, param: ParamOf) => {
    let query = (db as Kysely<any>).selectFrom('shape_probe').select(['name', 'n']);
    if (shape.kind) query = query.where('kind', '=', param<string>('kind'));
    if (shape.after) query = query.where('n', '>', param<number>('after'));
    return query.orderBy('n').limit(param<number>('limit'));
  },
);

describe(`compiledByShape (${process.env.TEST_ENGINE})`, () => {
  it('binds each call its own values, whatever the shape compiled first', async () => {
    const names = async (shape: { kind: boolean; after: boolean }, values: object) =>
      (await probe(t.db, shape, { limit: 10, ...values })).map((row) => row.name);
    expect(await names({ kind: true, after: false }, { kind: 'x' })).toEqual(['a', 'c']);
    expect(await names({ kind: true, after: false }, { kind: 'y' })).toEqual(['b']);
    expect(await names({ kind: false, after: false }, {})).toEqual(['a', 'b', 'c']);
    expect(await names({ kind: true, after: true }, { kind: 'x', after: 1 })).toEqual(['c']);
    expect(await names({ kind: false, after: true }, { after: 1, limit: 1 })).toEqual(['b']);
  });

  it("never reads inside another caller's open transaction", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted = () => {};
    const insertedYet = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const rolledBack = t.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('shape_probe' as never)
          .values({ name: 'uncommitted', kind: 'x', n: 9 } as never)
          .execute();
        inserted();
        await gate;
        throw new Error('rolled back');
      })
      .catch(() => 'rolled back');
    await insertedYet;
    // Asked while the transaction holds SQLite's one connection: it must wait for it, and by
    // then the row is gone (on PostgreSQL another connection never sees it).
    const read = probe(t.db, { kind: true, after: false }, { kind: 'x', limit: 10 });
    release();
    expect(await rolledBack).toBe('rolled back');
    expect((await read).map((row) => row.name)).toEqual(['a', 'c']);
  });

  it('reads at once, past Kysely, only on SQLite with its connection free', async () => {
    const viaKysely = vi.spyOn(t.db, 'executeQuery');
    try {
      const rows = await probe(t.db, { kind: true, after: false }, { kind: 'y', limit: 10 });
      expect(rows.map((row) => row.name)).toEqual(['b']);
      expect(viaKysely).toHaveBeenCalledTimes(process.env.TEST_ENGINE === 'sqlite' ? 0 : 1);
    } finally {
      viaKysely.mockRestore();
    }
  });

  it('refuses a call that leaves a value of its shape out', async () => {
    await expect(probe(t.db, { kind: true, after: false }, { limit: 5 })).rejects.toThrow(
      'no value for "kind"',
    );
  });
});
