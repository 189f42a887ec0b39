import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { connect, type DatabaseHandle } from '../db/dialect.ts';
import { migrateToLatest } from '../db/migrate.ts';

/**
 * Issue 26 (a faster loop): every test file's database was migrated anew, 0.1 s on SQLite and
 * over 1 s on PostgreSQL each time. The migrations now run once per test worker (the api
 * projects share one worker's modules across files: vitest.config.ts), into a template that
 * each new test database copies. The copy is the migrated database itself, so a test sees what
 * migrating would have given it; the migration tests (server/db/migrat*.test.ts) still migrate
 * for real.
 */

/**
 * SQLite: the image of a freshly migrated database (`VACUUM INTO` a file, read back), which
 * `connect({ sqliteImage })` opens in memory, one private copy per test app.
 */
let sqliteImage: Promise<Buffer> | undefined;

export async function migratedSqlite(): Promise<DatabaseHandle> {
  sqliteImage ??= (async () => {
    const template = connect({ sqliteFile: ':memory:' });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redhope-template-'));
    try {
      await migrateToLatest(template);
      const file = path.join(dir, 'migrated.sqlite');
      await sql`vacuum into ${sql.lit(file)}`.execute(template.db);
      return fs.readFileSync(file);
    } finally {
      await template.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  })();
  return connect({ sqliteImage: await sqliteImage });
}

/**
 * PostgreSQL: a schema migrated once, dumped by pg_dump as SQL (data as INSERTs), and dropped;
 * each test's schema is that script run under the new schema's name. The template's name is
 * random and long, so replacing it names nothing else.
 */
let pgScript: Promise<{ script: string; template: string }> | undefined;

const run = promisify(execFile);

/**
 * Runs `text` (one or more statements, or one with `values`) on its own connection to `url`;
 * answers the rows of the last statement.
 */
export async function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  text: string,
  values?: unknown[],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<T>(text, values);
    // A multi-statement text answers one result per statement.
    return (Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows) as T[];
  } finally {
    await client.end();
  }
}

async function dumpMigratedSchema(url: string) {
  const template = `tpl_${randomBytes(8).toString('hex')}`;
  await adminQuery(url, `create schema ${template}`);
  try {
    const handle = connect({ databaseUrl: url, pgSchema: template });
    try {
      await migrateToLatest(handle);
    } finally {
      await handle.close();
    }
    const { stdout } = await run(
      'pg_dump',
      [
        `--dbname=${url}`,
        `--schema=${template}`,
        '--no-owner',
        '--no-privileges',
        '--inserts',
        '--rows-per-insert=1000',
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    // psql's own commands (pg_dump writes \restrict and \unrestrict around its script) are not
    // SQL; the rest runs as one multi-statement query.
    const script = stdout
      .split('\n')
      .filter((line) => !line.startsWith('\\'))
      .join('\n');
    return { script, template };
  } finally {
    await adminQuery(url, `drop schema if exists ${template} cascade`);
  }
}

/** Creates `schema` in the database at `url`, migrated, as a copy of this worker's template. */
export async function createMigratedSchema(url: string, schema: string): Promise<void> {
  pgScript ??= dumpMigratedSchema(url);
  const { script, template } = await pgScript;
  await adminQuery(url, script.replaceAll(template, schema));
}
