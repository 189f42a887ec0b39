import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShapeProbe, type ShapeProbeTables } from '../test/shape-probe.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import type { Database } from './schema.ts';

// What the reads through Kysely's own dialects answer (decision 027 removed the SQLite reads
// that went past its connection queue, decision 023): never another caller's uncommitted rows.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createShapeProbe(t.db);
});
afterAll(() => t.close());

async function namesOfKind(db: Kysely<Database>, kind: string): Promise<string[]> {
  const rows = await (db as unknown as Kysely<ShapeProbeTables>)
    .selectFrom('shape_probe')
    .select(['name', 'n'])
    .where('kind', '=', kind)
    .orderBy('n')
    .limit(10)
    .execute();
  return rows.map((row) => row.name);
}

describe(`reads beside a transaction (${process.env.TEST_ENGINE})`, () => {
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
    const read = namesOfKind(t.db, 'x');
    release();
    expect(await rolledBack).toBe('rolled back');
    expect(await read).toEqual(['a', 'c']);
  });
});
