import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import type { DonorRow, RequestRow } from './seed-demo-data.ts';

// Bulk writers for `npm run seed:demo`, one per engine. Both drop the secondary indexes of the
// two big tables while rows go in and build them again at the end (building an index once over
// sorted data is far cheaper than keeping twelve of them up to date row by row), and restore
// them exactly as the migrations made them, from the engine's own record of their definitions.

export interface AccountRow {
  id: string;
  userId: string;
  password: string;
  createdAt: string;
}

export interface BulkWriter {
  /** Deletes every user and request (and what hangs off them); with `reset` only. */
  clear(): Promise<void>;
  countUsers(): Promise<number>;
  dropIndexes(): Promise<void>;
  users(rows: DonorRow[]): Promise<void>;
  requests(rows: RequestRow[]): Promise<void>;
  /** Records the donation of every done request (as marking one done does; decision 016). */
  donations(): Promise<void>;
  accounts(rows: AccountRow[]): Promise<void>;
  /** Rebuilds the dropped indexes; PostgreSQL is then vacuumed and analyzed, as autovacuum would. */
  restoreIndexes(): Promise<void>;
  close(): Promise<void>;
}

// biome-ignore format: a column list
const USER_COLUMNS = [
  'id', 'name', 'email', 'emailVerified', 'image', 'createdAt', 'updatedAt', 'role', 'status',
  'bloodGroup', 'division', 'district', 'upazila', 'lastDonationDate', 'searchVisible',
] as const;
// biome-ignore format: a column list
const REQUEST_COLUMNS = [
  'id', 'requesterId', 'requesterName', 'requesterEmail', 'recipientName', 'bloodGroup',
  'division', 'district', 'upazila', 'hospitalName', 'fullAddress', 'donationDate',
  'donationTime', 'requestMessage', 'status', 'donorId', 'donorName', 'donorEmail', 'createdAt',
  'updatedAt',
] as const;
// biome-ignore format: a column list
const ACCOUNT_COLUMNS = [
  'id', 'accountId', 'providerId', 'userId', 'password', 'createdAt', 'updatedAt',
] as const;

// biome-ignore format: one value per column
const userValues = (row: DonorRow) => [
  row.id, row.name, row.email, false, null, row.createdAt, row.createdAt, 'donor', row.status,
  row.bloodGroup, row.division, row.district, row.upazila, row.lastDonationDate, row.searchVisible,
];
// biome-ignore format: one value per column
const requestValues = (row: RequestRow) => [
  row.id, row.requesterId, row.requesterName, row.requesterEmail, row.recipientName,
  row.bloodGroup, row.division, row.district, row.upazila, row.hospitalName, row.fullAddress,
  row.donationDate, row.donationTime, row.requestMessage, row.status, row.donorId, row.donorName,
  row.donorEmail, row.createdAt, row.createdAt,
];
// biome-ignore format: one value per column
const accountValues = (row: AccountRow) => [
  row.id, row.userId, 'credential', row.userId, row.password, row.createdAt, row.createdAt,
];

const quoted = (columns: readonly string[]) => columns.map((c) => `"${c}"`).join(', ');

// The demo's done requests were written as rows: their donations are copied from them, as
// migration 025 does for the requests it finds.
const DONATIONS_FROM_DONE_REQUESTS = `
  insert into "donation" ("id", "requestId", "donorId", "bloodGroup", "donationDate",
    "donationTime", "hospitalName", "district", "division", "createdAt")
  select "id", "id", "donorId", "bloodGroup", "donationDate", "donationTime", "hospitalName",
    "district", "division", "updatedAt"
  from "donationRequest" where "status" = 'done' and "donorId" is not null`;
const BIG_TABLES = ['user', 'donationRequest'];
/** The tables whose rows reference others and are written in bulk. */
const FILLED_TABLES = ['donationRequest', 'donation', 'account'];

/** SQLite through better-sqlite3: multi-row INSERTs, one transaction per call. */
export function sqliteWriter(file: string): BulkWriter {
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  // Only for this bulk load: a crash mid-seed leaves a demo database to seed again.
  db.pragma('synchronous = OFF');
  db.pragma('foreign_keys = ON');
  db.pragma('cache_size = -262144');
  let dropped: Array<{ name: string; sql: string }> = [];

  /** Inserts in statements of up to `per` rows, all in one transaction. */
  function insertMany<T>(
    table: string,
    columns: readonly string[],
    rows: T[],
    values: (row: T) => unknown[],
  ) {
    const per = Math.floor(30_000 / columns.length);
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    const statement = (n: number) =>
      db.prepare(
        `insert into "${table}" (${quoted(columns)}) values ${Array(n).fill(tuple).join(', ')}`,
      );
    const full = statement(per);
    const sqliteValue = (v: unknown) => (typeof v === 'boolean' ? (v ? 1 : 0) : v);
    db.transaction(() => {
      for (let i = 0; i < rows.length; i += per) {
        const slice = rows.slice(i, i + per);
        const params = slice.flatMap((row) => values(row).map(sqliteValue));
        (slice.length === per ? full : statement(slice.length)).run(params);
      }
    })();
  }

  return {
    async clear() {
      db.exec(
        'delete from "donation"; delete from "donationRequest"; delete from session; delete from account; delete from "user";',
      );
    },
    async countUsers() {
      return (db.prepare('select count(*) as n from "user"').get() as { n: number }).n;
    },
    async dropIndexes() {
      dropped = db
        .prepare(
          `select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${BIG_TABLES.map(() => '?').join(', ')})`,
        )
        .all(...BIG_TABLES) as Array<{ name: string; sql: string }>;
      for (const { name } of dropped) db.exec(`drop index "${name}"`);
    },
    async users(rows) {
      insertMany('user', USER_COLUMNS, rows, userValues);
    },
    async requests(rows) {
      insertMany('donationRequest', REQUEST_COLUMNS, rows, requestValues);
    },
    async donations() {
      db.exec(DONATIONS_FROM_DONE_REQUESTS);
    },
    async accounts(rows) {
      insertMany('account', ACCOUNT_COLUMNS, rows, accountValues);
    },
    async restoreIndexes() {
      for (const { sql } of dropped) db.exec(sql);
      dropped = [];
      // The server never runs ANALYZE on SQLite, so neither does the seed: the bench then
      // measures the plans production gets.
    },
    async close() {
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
}

const PG_TYPES: Record<string, string> = {
  emailVerified: 'boolean',
  searchVisible: 'boolean',
  createdAt: 'timestamptz',
  updatedAt: 'timestamptz',
  lastDonationDate: 'timestamptz',
};

/** PostgreSQL: one INSERT … SELECT FROM unnest(arrays) per call (a column array per column). */
export async function postgresWriter(url: string): Promise<BulkWriter> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('set synchronous_commit = off');
  await client.query("set maintenance_work_mem = '512MB'");
  let dropped: Array<{ tablename: string; indexname: string; indexdef: string }> = [];
  let droppedKeys: Array<{ table: string; name: string; definition: string }> = [];

  async function insertMany<T>(
    table: string,
    columns: readonly string[],
    rows: T[],
    values: (row: T) => unknown[],
  ) {
    const per = 50_000;
    for (let i = 0; i < rows.length; i += per) {
      const slice = rows.slice(i, i + per).map(values);
      const arrays = columns.map((_, c) => slice.map((row) => row[c]));
      const casts = columns.map((column, c) => `$${c + 1}::${PG_TYPES[column] ?? 'text'}[]`);
      await client.query(
        `insert into "${table}" (${quoted(columns)}) select * from unnest(${casts.join(', ')})`,
        arrays,
      );
    }
  }

  return {
    async clear() {
      await client.query('truncate "donationRequest", session, account, "user" cascade');
    },
    async countUsers() {
      const { rows } = await client.query<{ n: string }>('select count(*) as n from "user"');
      return Number(rows[0]?.n ?? 0);
    },
    async dropIndexes() {
      // Indexes that back a constraint (primary key, unique email) stay.
      const { rows } = await client.query<{
        tablename: string;
        indexname: string;
        indexdef: string;
      }>(
        `select i.tablename, i.indexname, i.indexdef from pg_indexes i
          where i.schemaname = current_schema() and i.tablename = any($1)
            and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
        [BIG_TABLES],
      );
      dropped = rows;
      for (const { indexname } of dropped) await client.query(`drop index "${indexname}"`);
      // Foreign keys checked row by row were half of the requests' time (200k requests, each
      // checked against two users: 22 s → 10 s at 1M donors without them); added back at the
      // end, each is checked in one pass, as the migrations made them.
      const keys = await client.query<{ table: string; name: string; definition: string }>(
        `select conrelid::regclass::text as table, conname as name,
                pg_get_constraintdef(oid) as definition
           from pg_constraint
          where contype = 'f' and connamespace = current_schema()::regnamespace
            and conrelid = any($1::regclass[])`,
        [FILLED_TABLES.map((table) => `"${table}"`)],
      );
      droppedKeys = keys.rows;
      for (const { table, name } of droppedKeys)
        await client.query(`alter table ${table} drop constraint "${name}"`);
    },
    async users(rows) {
      await insertMany('user', USER_COLUMNS, rows, userValues);
    },
    async requests(rows) {
      await insertMany('donationRequest', REQUEST_COLUMNS, rows, requestValues);
    },
    async donations() {
      await client.query(DONATIONS_FROM_DONE_REQUESTS);
    },
    async accounts(rows) {
      await insertMany('account', ACCOUNT_COLUMNS, rows, accountValues);
    },
    async restoreIndexes() {
      // A CREATE INDEX sorts on one core (PostgreSQL's parallel build did not start one more
      // worker here), and the user table's ten sort by three to five columns (4–8 s each at 1M
      // donors): two connections build two at a time, the biggest table's first.
      const second = new pg.Client({ connectionString: url });
      await second.connect();
      await second.query("set maintenance_work_mem = '512MB'");
      const onUsers = (index: { tablename: string }) => Number(index.tablename === 'user');
      const queue = dropped.sort((a, b) => onUsers(b) - onUsers(a)).map((index) => index.indexdef);
      const build = async (connection: pg.Client) => {
        for (let next = queue.shift(); next; next = queue.shift()) await connection.query(next);
      };
      try {
        await Promise.all([build(client), build(second)]);
      } finally {
        await second.end();
      }
      dropped = [];
      for (const { table, name, definition } of droppedKeys)
        await client.query(`alter table ${table} add constraint "${name}" ${definition}`);
      droppedKeys = [];
      // Autovacuum would do both in a while; a production database has them: the planner's
      // statistics, and the visibility map without which an index-only count still reads every
      // row it counts (a capped donor count at 1M: 1.2 ms before the vacuum, 0.5 ms after).
      await client.query(
        'vacuum (analyze) "user", "donationRequest", "donation", account, session',
      );
    },
    async close() {
      await client.end();
    },
  };
}
