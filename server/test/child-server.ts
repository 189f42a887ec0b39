import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { connect, type DatabaseHandle, type Engine } from '../db/dialect.ts';
import { adminQuery } from './migrated-template.ts';

/*
 * Real server processes for the tests that need several, or need to kill one. They run the
 * compiled server the project's global set-up built (build-for-processes.ts), as production does.
 */

/** A compiled entry point (`index`, `backup`, `restore`) of this test run's build. */
export const builtEntry = (name: string) => path.join(inject('serverBuild'), `${name}.js`);

/** The origin every child believes it is served at (as behind one load balancer). */
export const CHILD_ORIGIN = 'http://redhope.test';
const AUTH_SECRET = 'child-server-secret-that-is-long-enough-0123456789';

export interface ChildServer {
  /** http://127.0.0.1:PORT */
  url: string;
  process: ChildProcess;
  /** Everything it printed so far (JSON log lines). */
  output: () => string;
  /** Parsed log lines with this `msg`. */
  logLines: (msg: string) => Array<Record<string, unknown>>;
  /** SIGTERM, then waits for the exit. */
  stop: () => Promise<void>;
  /** SIGKILL (nothing is flushed, nothing closed), then waits for the exit. */
  kill: () => Promise<void>;
}

/**
 * Starts the compiled server with `env` on a free port (PORT=0) and waits until it says it is
 * listening. Logs at info level, so tests can read what it did (migrations applied, …).
 */
export async function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--enable-source-maps', builtEntry('index')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: CHILD_ORIGIN,
      LOG_LEVEL: 'info',
      AUTH_SECRET,
      AUTH_RATE_LIMIT: 'false',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const logLines = (msg: string) =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === msg);

  const deadline = Date.now() + 30_000;
  let url = '';
  while (!url) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not start in 30 s:\n${output}`);
    }
    const listening = logLines('RedHope is listening')[0];
    if (listening) url = `http://127.0.0.1:${new URL(String(listening.url)).port}`;
    else await new Promise((r) => setTimeout(r, 50));
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    url,
    process: child,
    output: () => output,
    logLines,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  };
}

export interface ProcessDatabase {
  engine: Engine;
  /** What a child server needs to use this database (and its own data folder). */
  env: Record<string, string>;
  dataDir: string;
  /** PostgreSQL: the schema the database lives in. */
  pgSchema?: string;
  /** A connection of the test's own to the same database. */
  connect: () => DatabaseHandle;
  /** Removes the database (PostgreSQL schema) and the data folder. */
  drop: () => Promise<void>;
}

/**
 * A fresh, empty database for server processes: a SQLite file in a new data folder, or a new
 * schema of TEST_DATABASE_URL (named in the URL, so every connection of the child uses it).
 */
export async function processDatabase(engine: Engine): Promise<ProcessDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'redhope-proc-'));
  if (engine === 'sqlite') {
    return {
      engine,
      env: { DATA_DIR: dataDir },
      dataDir,
      connect: () => connect({ sqliteFile: path.join(dataDir, 'redhope.sqlite') }),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('PostgreSQL process tests need TEST_DATABASE_URL');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `create schema ${schema}`);
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  return {
    engine,
    env: { DATA_DIR: dataDir, DATABASE_URL: withSchema.toString() },
    dataDir,
    pgSchema: schema,
    connect: () => connect({ databaseUrl: url, pgSchema: schema }),
    drop: async () => {
      await adminQuery(url, `drop schema if exists ${schema} cascade`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A JSON call to a child server, as a script with a bearer token (or a browser's cookie) would. */
export async function httpCall(
  base: string,
  method: string,
  urlPath: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { origin: CHILD_ORIGIN, ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${urlPath}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, body, headers: res.headers };
}
