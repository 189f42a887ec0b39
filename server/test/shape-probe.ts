import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A table only the query tests make (not in the schema): three rows of two kinds. */
export interface ShapeProbeTables {
  shape_probe: { name: string; kind: string; n: number };
}

/** Makes the probe table with its rows a, b (kind y) and c, numbered 1 to 3. */
export async function createShapeProbe(db: Kysely<Database>) {
  await sql`create table shape_probe (name text not null, kind text not null, n integer not null)`.execute(
    db,
  );
  await (db as unknown as Kysely<ShapeProbeTables>)
    .insertInto('shape_probe')
    .values([
      { name: 'a', kind: 'x', n: 1 },
      { name: 'b', kind: 'y', n: 2 },
      { name: 'c', kind: 'x', n: 3 },
    ])
    .execute();
}
