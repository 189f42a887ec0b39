import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { Database } from '../server/db/schema.ts';

// The raw server must run the very SQL the repositories run. Rather than copy it by hand (and
// drift), it calls the repository functions once against a Kysely whose driver only records the
// compiled statements and answers no rows, then runs those statements itself.

export type Engine = 'sqlite' | 'postgres';

class RecordingDriver implements Driver {
  constructor(private readonly queries: CompiledQuery[]) {}
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    const queries = this.queries;
    return {
      async executeQuery(query) {
        queries.push(query);
        return { rows: [] };
      },
      // biome-ignore lint/correctness/useYield: never streams
      async *streamQuery() {
        throw new Error('not recorded');
      },
    };
  }
  async beginTransaction() {}
  async commitTransaction() {}
  async rollbackTransaction() {}
  async releaseConnection() {}
  async destroy() {}
}

/** The statements `run` sends, in order (it sees no rows; an error from that is ignored). */
export async function capture(
  engine: Engine,
  run: (db: Kysely<Database>) => Promise<unknown>,
): Promise<CompiledQuery[]> {
  const queries: CompiledQuery[] = [];
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => (engine === 'sqlite' ? new SqliteAdapter() : new PostgresAdapter()),
      createDriver: () => new RecordingDriver(queries),
      createIntrospector: (k) =>
        engine === 'sqlite' ? new SqliteIntrospector(k) : new PostgresIntrospector(k),
      createQueryCompiler: () =>
        engine === 'sqlite' ? new SqliteQueryCompiler() : new PostgresQueryCompiler(),
    },
  });
  await run(db).catch(() => undefined);
  return queries;
}
