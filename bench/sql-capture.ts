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

/** The rows a recorded statement is answered with (by its place in the run): none unless said. */
export type Answers = (index: number) => Record<string, unknown>[];

class RecordingDriver implements Driver {
  constructor(
    private readonly queries: CompiledQuery[],
    private readonly answers: Answers,
  ) {}
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    const { queries, answers } = this;
    return {
      async executeQuery(query) {
        queries.push(query);
        return { rows: answers(queries.length - 1) as never[] };
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

/**
 * The statements `run` sends, in order (it sees no rows, or those `answers` gives: a function
 * that reads a row before it writes; an error from that is ignored).
 */
export async function capture(
  engine: Engine,
  run: (db: Kysely<Database>) => Promise<unknown>,
  answers: Answers = () => [],
): Promise<CompiledQuery[]> {
  const queries: CompiledQuery[] = [];
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => (engine === 'sqlite' ? new SqliteAdapter() : new PostgresAdapter()),
      createDriver: () => new RecordingDriver(queries, answers),
      createIntrospector: (k) =>
        engine === 'sqlite' ? new SqliteIntrospector(k) : new PostgresIntrospector(k),
      createQueryCompiler: () =>
        engine === 'sqlite' ? new SqliteQueryCompiler() : new PostgresQueryCompiler(),
    },
  });
  await run(db).catch(() => undefined);
  return queries;
}
