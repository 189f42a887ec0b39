import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShapeProbe, type ShapeProbeTables } from '../test/shape-probe.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { compiledByShape, type ParamOf } from './compiled-by-shape.ts';
import type { Database } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createShapeProbe(t.db);
});
afterAll(() => t.close());

const probe = compiledByShape(
  (db: Kysely<Database>, shape: { kind: boolean; after: boolean }, param: ParamOf) => {
    let query = (db as unknown as Kysely<ShapeProbeTables>)
      .selectFrom('shape_probe')
      .select(['name', 'n']);
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

  it('refuses a call that lacks a value its shape binds, instead of running with a stand-in', async () => {
    await expect(probe(t.db, { kind: true, after: false }, { limit: 10 })).rejects.toThrow(
      'no value for "kind"',
    );
  });

  it("runs through Kysely's own executor: inside a transaction, it reads that transaction's rows", async () => {
    const seen = await t.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('shape_probe' as never)
        .values({ name: 'd', kind: 'y', n: 4 } as never)
        .execute();
      return probe(trx, { kind: true, after: false }, { kind: 'y', limit: 10 });
    });
    expect(seen.map((row) => row.name)).toEqual(['b', 'd']);
  });
});
