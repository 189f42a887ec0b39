import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testEngine } from '../test/test-app.ts';
import { connect } from './dialect.ts';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

const execFileAsync = promisify(execFile);

/** Settings that point a new process at one fresh database of the engine under test. */
async function freshDatabaseEnv(): Promise<Record<string, string>> {
  if (testEngine === 'postgres') {
    const url = process.env.TEST_DATABASE_URL ?? '';
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    });
    const withSchema = new URL(url);
    withSchema.searchParams.set('options', `-c search_path=${schema}`);
    return { DATABASE_URL: withSchema.toString() };
  }
  return { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'redhope-')) };
}

describe(`migrations (${testEngine})`, () => {
  it('apply once when several processes start together, and load the reference data once', async () => {
    const dbEnv = await freshDatabaseEnv();
    const runs = await Promise.all(
      Array.from({ length: 3 }, () =>
        execFileAsync(process.execPath, ['--import', 'tsx', 'server/db/migrate-cli.ts'], {
          env: { ...process.env, ...dbEnv, DATABASE_URL: dbEnv.DATABASE_URL ?? '' },
        }),
      ),
    );
    const applied = runs.map((run) => JSON.parse(run.stdout.trim()) as string[]);
    // Exactly one process applied the migrations; the others found nothing left to do.
    expect(applied.filter((list) => list.length > 0)).toHaveLength(1);
    const handle = connect(
      dbEnv.DATABASE_URL
        ? { databaseUrl: dbEnv.DATABASE_URL }
        : { sqliteFile: path.join(dbEnv.DATA_DIR ?? '', 'redhope.sqlite') },
    );
    const { count } = await handle.db
      .selectFrom('upazila')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    await handle.close();
    expect(Number(count)).toBe(495);
  });
});
