import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { connect, type DatabaseHandle } from '../db/dialect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { builtEntry } from '../test/child-server.ts';
import { startSmtpSink } from '../test/smtp-sink.ts';
import { testEngine } from '../test/test-app.ts';
import { insert as insertJob } from './jobs.repository.ts';

// The outbox across processes (issue 13): real servers (the compiled server/index.ts, as
// production runs it) started, killed and started again on one database, sending to a real SMTP
// server on 127.0.0.1.

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Settings for a fresh database of the engine under test, and a handle on it (migrated). */
async function freshDatabase(): Promise<{ env: Record<string, string>; handle: DatabaseHandle }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'redhope-outbox-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  let env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: '' };
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
    env = { ...env, DATABASE_URL: withSchema.toString() };
  }
  const handle = connect(
    env.DATABASE_URL
      ? { databaseUrl: env.DATABASE_URL }
      : { sqliteFile: path.join(dataDir, 'redhope.sqlite') },
  );
  cleanups.push(() => handle.close());
  await migrateToLatest(handle);
  return { env, handle };
}

interface ServerProcess {
  child: ChildProcess;
  /** Resolves when it serves (its log says it listens). */
  listening: Promise<void>;
  exited: Promise<void>;
  output: () => string;
}

function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--enable-source-maps', builtEntry('index')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      AUTH_SECRET: 'outbox-test-secret-that-is-long-enough-123',
      JOB_POLL_MS: '100',
      JOB_LEASE_SECONDS: '2',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let onListening: () => void = () => undefined;
  const listening = new Promise<void>((resolve) => {
    onListening = resolve;
  });
  const read = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('RedHope is listening')) onListening();
  };
  child.stdout?.on('data', read);
  child.stderr?.on('data', read);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  return { child, listening, exited, output: () => output };
}

/** Waits (polling, with a deadline) until `ready` holds; the processes work on their own time. */
async function until(ready: () => Promise<boolean> | boolean, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Keeps the server from marking a job done: PostgreSQL, the job's row locked by another
 * transaction; SQLite, the database's write lock (BEGIN IMMEDIATE) on another connection.
 */
async function holdJobWrites(env: Record<string, string>, jobId: string) {
  if (testEngine === 'postgres') {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    await client.query('begin');
    await client.query('select id from job where id = $1 for update', [jobId]);
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const pid = rows[0]?.pid;
    return {
      /** Until the server's update of the job waits for this lock. */
      serverWaits: () =>
        until(async () => {
          const waiting = await client.query(
            'select 1 from pg_stat_activity where $1 = any(pg_blocking_pids(pid))',
            [pid],
          );
          return (waiting.rowCount ?? 0) > 0;
        }, "the server's update waits for the lock"),
      /**
       * After the server was killed: its connection's update, already sent and waiting, would
       * still commit once the lock is let go (PostgreSQL finishes a statement whose client died);
       * ended with the connection, it is as if the server died just before sending it.
       */
      release: async () => {
        await client.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where $1 = any(pg_blocking_pids(pid))',
          [pid],
        );
        await client.query('rollback');
        await client.end();
      },
    };
  }
  const sqlite = new BetterSqlite3(path.join(env.DATA_DIR ?? '', 'redhope.sqlite'));
  sqlite.exec('begin immediate');
  return {
    // SQLite shows no waiters; a server that has its answer reaches its write well within this.
    serverWaits: () => new Promise<void>((resolve) => setTimeout(resolve, 1000)),
    release: async () => {
      sqlite.exec('rollback');
      sqlite.close();
    },
  };
}

/**
 * `promise`, or a failure after `ms` that says what did not happen and what the server printed
 * (a wait on the SMTP server alone would otherwise hang until the test's own limit, silently).
 */
async function withDeadline(
  promise: Promise<void>,
  what: string,
  server: ServerProcess,
  ms = 60_000,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(`Timed out waiting until ${what}. The server printed:\n${server.output()}`),
        ),
      ms,
    );
  });
  try {
    await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

const emailJob = (to: string) => ({
  kind: 'email',
  payload: { to, subject: `For ${to}`, text: 'Hello', requestId: null, onlyWhilePending: false },
  runAt: new Date(),
});

describe(`the email outbox across processes (${testEngine})`, () => {
  it('delivers a message once when the server is killed mid-send and started again', async () => {
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const { env, handle } = await freshDatabase();
    await insertJob(handle.db, emailJob('killed-mid-send@example.org'));
    const serverEnv = { ...env, SMTP_URL: sink.url };

    // The first server takes the message and is killed while the SMTP server has its data but
    // has not answered: nothing was delivered, and the job is still claimed by a dead worker.
    const held = sink.holdNext();
    const first = startServerProcess(serverEnv);
    await withDeadline(held, 'the first server sends the message', first);
    first.child.kill('SIGKILL');
    await first.exited;
    sink.release();
    // The email's job (each server also schedules its hourly request sweep in the same table).
    const job = () =>
      handle.db.selectFrom('job').selectAll().where('kind', '=', 'email').executeTakeFirstOrThrow();
    expect((await job()).status).toBe('running');

    // Started again: once the dead worker's lease (2 s) runs out, the message goes, once.
    const second = startServerProcess(serverEnv);
    await until(async () => (await job()).status === 'done', 'the job is done');
    expect(sink.accepted.map((m) => m.to)).toEqual([['killed-mid-send@example.org']]);
    expect((await job()).attempts).toBe(2);
    second.child.kill('SIGTERM');
    await second.exited;
    expect(sink.accepted).toHaveLength(1);
  });

  it('sends a message again, with the same Message-ID, when the server is killed after the SMTP server accepted it but before marking it done', async () => {
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const { env, handle } = await freshDatabase();
    await insertJob(handle.db, emailJob('accepted-then-killed@example.org'));
    const job = () =>
      handle.db.selectFrom('job').selectAll().where('kind', '=', 'email').executeTakeFirstOrThrow();

    // The server sends; the SMTP server takes the data and waits while the test holds the job's
    // row, then answers 250: the server has its answer but cannot mark the job done.
    sink.pause();
    const first = startServerProcess({ ...env, SMTP_URL: sink.url });
    await until(() => sink.received() === 1, 'the SMTP server has the message');
    const lock = await holdJobWrites(env, (await job()).id);
    sink.resume();
    await until(() => sink.accepted.length === 1, 'the SMTP server accepted the message');
    await lock.serverWaits();
    first.child.kill('SIGKILL');
    await first.exited;
    await lock.release();
    expect(await job()).toMatchObject({ status: 'running', attempts: 1 });

    // Started again: the job is sent a second time once the dead worker's lease runs out. Delivery
    // is at least once (decision 011); the copy has the same Message-ID, for receivers to fold.
    const second = startServerProcess({ ...env, SMTP_URL: sink.url });
    await until(async () => (await job()).status === 'done', 'the job is done');
    second.child.kill('SIGTERM');
    await second.exited;
    expect(sink.accepted.map((m) => m.to)).toEqual([
      ['accepted-then-killed@example.org'],
      ['accepted-then-killed@example.org'],
    ]);
    const [original, copy] = sink.accepted;
    expect(copy?.messageId).toBe(original?.messageId);
    expect(original?.messageId).toContain((await job()).id);
    expect((await job()).attempts).toBe(2);
  });

  it('delivers each message once with two servers on one database', async () => {
    // Each message takes 50 ms: long enough for both servers to be sending at once.
    const sink = await startSmtpSink(0, { delayMs: 50 });
    cleanups.push(() => sink.close());
    const { env, handle } = await freshDatabase();
    // A lease far longer than the wait below, so no batch is taken over while the sink pauses.
    const serverEnv = { ...env, SMTP_URL: sink.url, JOB_LEASE_SECONDS: '60' };
    const servers = [1, 2].map(() => startServerProcess(serverEnv));
    await Promise.all(servers.map((server) => server.listening));

    // The sink answers nothing until both servers hold a batch: each is then mid-send at once,
    // whichever of them started polling first (a loaded machine may start one much later).
    sink.pause();
    const addresses = Array.from({ length: 60 }, (_, i) => `person-${i}@example.org`);
    for (const to of addresses) await insertJob(handle.db, emailJob(to));
    const jobs = () =>
      handle.db
        .selectFrom('job')
        .select(['status', 'lockedBy'])
        .where('kind', '=', 'email')
        .execute();
    const workersHolding = async () =>
      new Set((await jobs()).filter((job) => job.status === 'running').map((job) => job.lockedBy))
        .size;
    await until(async () => (await workersHolding()) === 2, 'both servers claim a batch');
    sink.resume();
    await until(
      async () => (await jobs()).every((job) => job.status === 'done'),
      'every message is sent',
      60_000,
    );
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));

    expect(sink.accepted.map((m) => m.to[0]).sort()).toEqual([...addresses].sort());
    expect(new Set(sink.accepted.map((m) => m.messageId)).size).toBe(addresses.length);
    expect(new Set((await jobs()).map((job) => job.lockedBy)).size).toBe(2);
  });

  it('says at start that email is off when SMTP_URL is not set, and not when it is', async () => {
    const { env } = await freshDatabase();
    const off = startServerProcess({ ...env, SMTP_URL: '' });
    await off.listening;
    expect(off.output()).toMatch(
      /email is off: SMTP_URL is not set, so notifications are in-app only and password reset is unavailable/,
    );
    off.child.kill('SIGTERM');
    await off.exited;
    const on = startServerProcess({ ...env, SMTP_URL: 'smtp://127.0.0.1:9' });
    await on.listening;
    expect(on.output()).not.toMatch(/email is off/);
    on.child.kill('SIGTERM');
    await on.exited;
  });
});
