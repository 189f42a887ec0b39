import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { buildDeps } from '../deps.ts';
import { parseEnv } from '../lib/env.ts';
import { createLogger } from '../lib/logger.ts';
import { adminQuery } from '../test/migrated-template.ts';
import { connect } from './dialect.ts';

/*
 * Issue 25: on PostgreSQL, a lost database connection ended the process (the pool's `error`
 * events had no listener), and a request that met the outage was answered 500. The process
 * test (server/ops/database-outage.test.ts) kills the backends of a running server; these check
 * the two halves in this process.
 */

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/** The app on a PostgreSQL nobody answers at (nothing listens on port 1). */
function appWithoutDatabase() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'redhope-nodb-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'test-secret-that-is-long-enough-1234567890',
    AUTH_RATE_LIMIT: 'false',
  });
  const handle = connect({ databaseUrl: 'postgres://postgres@127.0.0.1:1/nothing' });
  const built = buildDeps(handle, env, createLogger('silent'));
  closers.push(async () => {
    await built.close();
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const app = createApp(built.deps);
  return async (
    method: string,
    urlPath: string,
    init: { body?: unknown; language?: string } = {},
  ) => {
    const headers: Record<string, string> = { origin: 'http://localhost:3000' };
    if (init.language) headers['accept-language'] = init.language;
    if (init.body) headers['content-type'] = 'application/json';
    const res = await app.request(
      urlPath,
      { method, headers, body: init.body ? JSON.stringify(init.body) : undefined },
      { incoming: { socket: { remoteAddress: '10.0.0.1', remotePort: 1 } } },
    );
    return { status: res.status, headers: res.headers, body: await res.json() };
  };
}

describe('a request while the database cannot be reached', () => {
  it('is answered 503 DATABASE_UNAVAILABLE with Retry-After, in the caller’s language', async () => {
    const ask = appWithoutDatabase();
    const list = await ask('GET', '/api/blogs/publish');
    expect(list.status).toBe(503);
    expect(list.body.error.code).toBe('DATABASE_UNAVAILABLE');
    expect(list.body.error.message).toMatch(/database cannot be reached/);
    expect(list.headers.get('retry-after')).toBe('5');

    const bangla = await ask('GET', '/api/blogs/publish', { language: 'bn' });
    expect(bangla.status).toBe(503);
    expect(bangla.body.error.message).toMatch(/ডেটাবেসে পৌঁছানো যাচ্ছে না/);
  });

  it('is a 503 on the auth routes too (better-auth hands the error on)', async () => {
    const ask = appWithoutDatabase();
    const res = await ask('POST', '/api/auth/sign-in/email', {
      body: { email: 'rahim@example.org', password: 'Passw0rd!' },
    });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('DATABASE_UNAVAILABLE');
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.runIf(pgUrl && process.env.TEST_ENGINE === 'postgres')(
  'a pool connection PostgreSQL closes',
  () => {
    it('does not end the process: it is logged once, and the next query opens a new one', async () => {
      let log = '';
      const logger = createLogger(
        'info',
        new Writable({
          write(chunk, _encoding, done) {
            log += String(chunk);
            done();
          },
        }),
      );
      const handle = connect({ databaseUrl: pgUrl, logger });
      closers.push(() => handle.close());
      const pidOf = async () =>
        (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db)).rows[0]
          ?.pid;
      const idle = await pidOf();
      // Only this pool's own connection, now idle: an unhandled `error` would fail this test run.
      await adminQuery(String(pgUrl), `select pg_terminate_backend(${Number(idle)})`);
      await expect.poll(() => log.includes('PostgreSQL connection lost')).toBe(true);
      const next = await pidOf();
      expect(next).not.toBe(idle);
      expect(log.match(/PostgreSQL connection lost/g)).toHaveLength(1);
      expect(log).toContain('PostgreSQL is reachable again');
    });
  },
);
