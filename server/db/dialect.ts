/**
 * The only module that knows which database engine is in use. Everything else talks Kysely.
 */
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import {
  type Expression,
  Kysely,
  PostgresAdapter,
  type SelectQueryBuilder,
  type SqlBool,
  SqliteDialect,
  sql,
} from 'kysely';
import pg from 'pg';
import type { Logger } from '../lib/logger.ts';
import { CurrentSchemaPostgresDialect } from './current-schema-introspector.ts';
import type { Database } from './schema.ts';
import { withStatementCache } from './sqlite-statement-cache.ts';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** Closes every connection; safe to call once at shutdown. */
  close: () => Promise<void>;
}

export interface ConnectOptions {
  /** A postgres:// URL; when absent SQLite is used. */
  databaseUrl?: string | undefined;
  /** SQLite file path (ignored for PostgreSQL). */
  sqliteFile?: string;
  /**
   * Or a SQLite database image, opened in memory (a copy: the image is not changed). Tests open
   * a migrated template this way instead of migrating each test file's database anew.
   */
  sqliteImage?: Buffer;
  /** PostgreSQL schema to use (tests give each file its own). */
  pgSchema?: string;
  /** Where a lost PostgreSQL connection (and its return) is reported; the server's log. */
  logger?: Pick<Logger, 'warn' | 'info'>;
}

/** The pragmas every SQLite connection must run with; checked at start by `checkSqlitePragmas`. */
export const SQLITE_PRAGMAS = {
  journal_mode: 'wal',
  synchronous: 2, // FULL
  busy_timeout: 5000,
  foreign_keys: 1,
} as const;

export function connect(options: ConnectOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    survivePoolErrors(pool, options.logger);
    const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (!options.sqliteImage && file !== ':memory:') {
    fs.mkdirSync(path.dirname(file), { recursive: true });
  }
  const sqlite = new BetterSqlite3(options.sqliteImage ?? file);
  sqlite.pragma(`journal_mode = ${SQLITE_PRAGMAS.journal_mode}`);
  sqlite.pragma(`synchronous = ${SQLITE_PRAGMAS.synchronous}`);
  sqlite.pragma(`busy_timeout = ${SQLITE_PRAGMAS.busy_timeout}`);
  sqlite.pragma(`foreign_keys = ${SQLITE_PRAGMAS.foreign_keys ? 'ON' : 'OFF'}`);
  // Kysely's own SQLite dialect, given a database that keeps its prepared statements (decision 032).
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

/**
 * Issue 25: a connection of the pool that PostgreSQL closes (a restart, a failover, an idle
 * timeout, a killed backend) emits `error`, and an `error` nobody listens to ends the process:
 * one database restart stopped every instance at once. The pool listens only while a connection
 * is idle; one checked out (between the statements of a transaction) is listened to here too.
 * The pool drops the broken connection by itself and opens new ones as requests need them, so
 * the outage is only reported: once when it starts, once when a connection opens again. The
 * requests that meet it fail with an error `isDatabaseUnavailable` recognises (a 503).
 */
function survivePoolErrors(pool: pg.Pool, logger: ConnectOptions['logger']) {
  let lost = false;
  const connectionLost = (err: Error) => {
    if (lost) return;
    lost = true;
    logger?.warn({ err }, 'PostgreSQL connection lost; new connections will be tried as needed');
  };
  pool.on('error', connectionLost);
  pool.on('connect', (client) => {
    client.on('error', connectionLost);
    if (!lost) return;
    lost = false;
    logger?.info('PostgreSQL is reachable again');
  });
}

/** Node's codes for a connection that failed or broke, and PostgreSQL's (class 08, 57P0x). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: the backend was terminated, or the server is stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
/** What node-postgres says of a connection that ended under a query, or broke before it. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect/;

/**
 * Whether `error` means the database could not be reached (rather than a query that is wrong):
 * the request may succeed a little later, so it is answered 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (UNAVAILABLE_MESSAGES.test(e.message)) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner)))
      return true;
  }
  return false;
}

/** Reads the live pragmas back and throws if any differs from SQLITE_PRAGMAS. */
export async function checkSqlitePragmas(handle: DatabaseHandle): Promise<void> {
  if (handle.engine !== 'sqlite') return;
  const wrong: string[] = [];
  for (const [name, expected] of Object.entries(SQLITE_PRAGMAS)) {
    const result = await sql<
      Record<string, unknown>
    >`select * from ${sql.raw(`pragma_${name}`)}`.execute(handle.db);
    const actual = Object.values(result.rows[0] ?? {})[0];
    // An in-memory database cannot use WAL; it reports "memory" and that is fine for it.
    if (name === 'journal_mode' && actual === 'memory') continue;
    if (String(actual) !== String(expected))
      wrong.push(`${name}=${String(actual)} (want ${expected})`);
  }
  if (wrong.length) throw new Error(`SQLite is not configured safely: ${wrong.join(', ')}`);
}

/**
 * Runs `fn` while holding a lock that other processes using the same database respect, so that
 * several instances starting together migrate once. PostgreSQL: a session advisory lock.
 * SQLite: an IMMEDIATE transaction (the write lock; others wait up to busy_timeout).
 */
export async function withExclusiveLock<T>(
  handle: DatabaseHandle,
  fn: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return handle.db.connection().execute(async (conn) => {
    if (handle.engine === 'postgres') {
      await sql`select pg_advisory_lock(727274)`.execute(conn);
      try {
        return await fn(conn);
      } finally {
        await sql`select pg_advisory_unlock(727274)`.execute(conn);
      }
    }
    return immediateTransaction(conn, fn);
  });
}

/**
 * The schema Kysely's migrator must keep its own tables in. On PostgreSQL it is the connection's
 * current schema, named explicitly: left unnamed, the migrator believes its tables exist when any
 * other schema of the database has them (tests run one schema per file side by side).
 */
export async function migrationTableSchema(
  engine: Engine,
  db: Kysely<Database>,
): Promise<string | undefined> {
  if (engine !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/** The engine behind a Kysely instance (or a transaction or connection made from one). */
function engineOf(db: Kysely<Database>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * The invariants guarded by `serializedTransaction`, each with its PostgreSQL advisory lock key
 * (727274 is the migration lock of `withExclusiveLock`).
 */
export const SERIALIZED = {
  /** At least one active admin remains (demote, block and delete take it). */
  admins: 727275,
  /** No donor is alerted more than the weekly cap (alert waves of every request take it). */
  alerts: 727276,
  /** No donor gets more SMS alerts a day than the cap, and a day's SMS stay within the budget. */
  sms: 727277,
} as const;

/**
 * Runs `fn` in a transaction that takes the lock for `invariant` before its first statement, so
 * such transactions run one after another and what one reads still holds when it commits.
 * PostgreSQL: a transaction-level advisory lock, released at commit or rollback; under READ
 * COMMITTED every statement after it sees what the previous holder committed (a single
 * conditional statement does not: two of them can both pass on the same old snapshot).
 * SQLite: BEGIN IMMEDIATE, the database's write lock taken before the first read (a deferred
 * transaction would read first, then fail to upgrade once another connection has written).
 */
export async function serializedTransaction<T>(
  db: Kysely<Database>,
  invariant: keyof typeof SERIALIZED,
  fn: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (engineOf(db) === 'postgres') {
    return db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${SERIALIZED[invariant]})`.execute(trx);
      return fn(trx);
    });
  }
  return db.connection().execute(async (conn) => {
    return immediateTransaction(conn, fn);
  });
}

/**
 * A condition: the row's `id` is one of the ids `candidates` selects, where the candidates are
 * locked for the caller's statement skipping rows another transaction holds (PostgreSQL
 * `FOR UPDATE SKIP LOCKED`), so workers on several servers each claim different rows without
 * waiting on each other. On PostgreSQL the ids are gathered once into an array: in a plain
 * `id IN (subquery)` the planner may run the subquery again per row and so take more rows than
 * its LIMIT (seen: one worker claimed 60 jobs with a limit of 10). SQLite has no row locks: its
 * one writer at a time makes the claiming UPDATE atomic as it is.
 */
export function idAmongLockedRows<DB, TB extends keyof DB>(
  db: Kysely<Database>,
  candidates: SelectQueryBuilder<DB, TB, { id: string }>,
): Expression<SqlBool> {
  if (engineOf(db) === 'postgres')
    return sql<SqlBool>`${sql.ref('id')} = any(array(${candidates.forUpdate().skipLocked()}))`;
  return sql<SqlBool>`${sql.ref('id')} in (${candidates})`;
}

/**
 * `query` locking the rows it reads until the caller's transaction ends: PostgreSQL
 * `FOR UPDATE`, so a transaction that changes one of them meanwhile makes this read wait for its
 * commit and then see the row as committed (READ COMMITTED reads the new version). SQLite has no
 * row locks and needs none: the caller runs in a transaction holding the write lock
 * (serializedTransaction's BEGIN IMMEDIATE), so no other write lands until it commits.
 */
export function lockedForUpdate<DB, TB extends keyof DB, O>(
  db: Kysely<Database>,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return engineOf(db) === 'postgres' ? query.forUpdate() : query;
}

/** SQLite: a transaction that takes the write lock before its first read (BEGIN IMMEDIATE). */
async function immediateTransaction<T>(
  conn: Kysely<Database>,
  fn: (conn: Kysely<Database>) => Promise<T>,
): Promise<T> {
  await sql`begin immediate`.execute(conn);
  try {
    const result = await fn(conn);
    await sql`commit`.execute(conn);
    return result;
  } catch (error) {
    await sql`rollback`.execute(conn);
    throw error;
  }
}

/** What toISOString writes: every time this app stores (nowIso, the seeds) is in this form. */
const CANONICAL_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A timestamp as read from either engine, as an ISO-8601 UTC string. */
export function toIso(value: Date | string): string;
export function toIso(value: Date | string | null): string | null;
export function toIso(value: Date | string | null): string | null {
  if (value === null) return null;
  if (value instanceof Date) return value.toISOString();
  // SQLite hands back the text stored, already ISO: parsing it into a Date to write it out again
  // was 2.5% of the public request list's CPU in the bench's profile.
  return CANONICAL_ISO.test(value) ? value : new Date(value).toISOString();
}

/** A boolean as read from either engine. */
/**
 * Whether a write failed on a unique constraint: PostgreSQL's 23505, SQLite's
 * SQLITE_CONSTRAINT_UNIQUE (or its primary key twin).
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

export const toBool = (value: boolean | number): boolean => value === true || value === 1;
