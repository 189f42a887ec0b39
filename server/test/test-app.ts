import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { pino } from 'pino';
import { createApp } from '../app.ts';
import { connect, type DatabaseHandle, type Engine } from '../db/dialect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { Database } from '../db/schema.ts';
import { buildDeps } from '../deps.ts';
import type { RequestEventSink } from '../features/trust/request-events.ts';
import type { Clock } from '../lib/clock.ts';
import type { AppDeps } from '../lib/context.ts';
import { parseEnv } from '../lib/env.ts';
import { createLogger } from '../lib/logger.ts';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  db: Kysely<Database>;
  engine: Engine;
  handle: DatabaseHandle;
  close: () => Promise<void>;
}

/** The engine this test run targets (set per vitest project). */
export const testEngine: Engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/**
 * A fresh, migrated database and the app built on it. SQLite: a private in-memory database.
 * PostgreSQL: a new schema in TEST_DATABASE_URL, dropped on close.
 */
export async function createTestApp(
  envOverrides: Record<string, string> = {},
  options: {
    logTo?: pino.DestinationStream;
    clock?: Clock;
    requestEvents?: RequestEventSink;
  } = {},
): Promise<TestApp> {
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'test-secret-that-is-long-enough-1234567890',
    // Most tests sign in many times from one address; the rate-limit tests turn it back on.
    AUTH_RATE_LIMIT: 'false',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'redhope-test-')),
    ...envOverrides,
  });
  let handle: DatabaseHandle;
  let dropSchema = async () => {};
  if (testEngine === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    handle = connect({ databaseUrl: url, pgSchema: schema });
    dropSchema = async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    };
  } else {
    handle = connect({ sqliteFile: ':memory:' });
  }
  await migrateToLatest(handle);
  const logger = options.logTo ? createLogger('info', options.logTo) : createLogger('silent');
  const built = buildDeps(handle, env, logger, {
    clock: options.clock,
    requestEvents: options.requestEvents,
  });
  const app = createApp(built.deps);
  return {
    app,
    deps: built.deps,
    db: handle.db,
    engine: handle.engine,
    handle,
    close: async () => {
      await built.close();
      await handle.close();
      fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
      await dropSchema();
    },
  };
}

/** Runs raw SQL in tests that must break the database on purpose. */
export const rawSql = (db: Kysely<Database>, text: string) => sql.raw(text).execute(db);
