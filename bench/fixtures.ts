import { type CompiledQuery, type Kysely, sql } from 'kysely';
import pg from 'pg';
import { todayInDhaka } from '../common/dhaka-date.ts';
import { donorSearchSchema } from '../common/user.schema.ts';
import { connect, type DatabaseHandle, type Engine } from '../server/db/dialect.ts';
import type { Database } from '../server/db/schema.ts';
import * as requests from '../server/features/requests/requests.repository.ts';
import * as users from '../server/features/users/users.repository.ts';
import { newId, nowIso } from '../server/lib/ids.ts';
import { capture } from './sql-capture.ts';
import type { LoadCase } from './wrk.ts';

// What the bench needs from the seeded database besides the servers: a fresh PostgreSQL
// database, a signed-in demo donor, ids to read and to donate to, and the plans of the list
// queries at this size.

export const DEMO_EMAIL = 'demo0@example.org';
export const DEMO_PASSWORD = 'redhope-demo-1';

/**
 * Drops and creates database `name` on the server of `url` (a copy of database `template` when
 * given); answers the new database's URL.
 */
export async function freshPostgresDatabase(
  url: string,
  name: string,
  template?: string,
): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  } finally {
    await client.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/** Whether the server of `url` has a database `name`. */
export async function postgresDatabaseExists(url: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    return found.rowCount === 1;
  } finally {
    await client.end();
  }
}

export function open(engine: Engine, location: string): DatabaseHandle {
  return engine === 'postgres'
    ? connect({ databaseUrl: location })
    : connect({ sqliteFile: location });
}

/**
 * Signs a demo donor in through the API (as a browser does); answers the Cookie header. `email`
 * is one of seed:demo's demo0@example.org … demo49@example.org (demo0 unless said).
 */
export async function signIn(origin: string, email = DEMO_EMAIL): Promise<string> {
  const res = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  return cookies.join('; ');
}

/** Ids of open requests not the demo donor's (anyone signed in may view them). */
export async function openRequestIds(db: Kysely<Database>, count: number): Promise<string[]> {
  const demo = await db
    .selectFrom('user')
    .select('id')
    .where('email', '=', DEMO_EMAIL)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('donationRequest')
    .select('id')
    .where('status', '=', 'pending')
    .where('donationDate', '>=', todayInDhaka())
    .where('requesterId', '<>', demo.id)
    .orderBy('donationDate')
    .orderBy('donationTime')
    .orderBy('id')
    .limit(count)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * `count` new pending requests for the donate case to take one by one: a donation is a one-time
 * change, and each server needs its own. Dated ahead: a request past its date is expired (issue
 * 14) and refuses donors, so the past-dated pool made every RedHope donation a 409. The case runs
 * last, after the open list's case, which these would otherwise crowd. With `bags` > 1 (issue 27,
 * the pledge case), each asks for that many bags of platelets, critically.
 */
export async function donatePool(db: Kysely<Database>, count: number, bags = 1): Promise<string[]> {
  const requester = await db
    .selectFrom('user')
    .select(['id', 'name', 'email'])
    .where('email', '=', 'demo1@example.org')
    .executeTakeFirstOrThrow();
  const ids: string[] = [];
  const now = nowIso();
  for (let from = 0; from < count; from += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - from) }, () => {
      const id = newId();
      ids.push(id);
      return {
        id,
        requesterId: requester.id,
        requesterName: requester.name,
        requesterEmail: requester.email,
        recipientName: 'Bench Recipient',
        bloodGroup: 'O+' as const,
        division: 'Dhaka',
        district: 'Dhaka',
        upazila: 'Savar',
        hospitalName: 'Savar Upazila Health Complex',
        fullAddress: 'Ward 3, Savar, Dhaka',
        donationDate: todayInDhaka(new Date(Date.now() + 30 * 86_400_000)),
        donationTime: '10:00',
        requestMessage: 'Bench',
        status: 'pending' as const,
        // Issue 27: the pledge case asks for several bags of platelets, critical.
        ...(bags > 1
          ? { bags, component: 'platelets' as const, urgency: 'critical' as const, urgencyRank: 0 }
          : {}),
        donorId: null,
        donorName: null,
        donorEmail: null,
        createdAt: now,
        updatedAt: now,
      };
    });
    await db.insertInto('donationRequest').values(rows).execute();
  }
  return ids;
}

/** The people the create and pledge cases sign in as: demo10 … demo49. */
/**
 * The pledge case's load: Donate Now (`PATCH … {status: 'inprogress'}`, what the web sends) once
 * per bag of each request in `ids`, from the case's signed-in people in turn.
 */
export function pledgeLoad(
  origin: string,
  ids: string[],
  bags: number,
  cookies: string[],
): LoadCase {
  return {
    method: 'PATCH',
    paths: ids.flatMap((id) => Array.from({ length: bags }, () => `/api/donation-request/${id}`)),
    headers: { 'Content-Type': 'application/json', Origin: origin },
    cookies,
    body: JSON.stringify({ status: 'inprogress' }),
    once: true,
  };
}

export const CASE_PEOPLE = Array.from({ length: 40 }, (_, i) => `demo${i + 10}@example.org`);

/**
 * The pledge case's donors made rested: seed:demo gives some of them a recent donation, and a
 * resting donor may not pledge (issue 30 item 6), so about one pledge in seven was a 409 on
 * RedHope (cheaper than a pledge, and counted as failed) while the floor, which does not check
 * rest, took them all.
 */
export async function restPledgers(db: Kysely<Database>) {
  await db
    .updateTable('user')
    .set({ lastDonationDate: null, lastDonationComponent: null })
    .where('email', 'in', CASE_PEOPLE)
    .execute();
}

/** The sort key of the row at `position` of a blood group's donor search (for a deep `after`). */
export async function donorKeyAt(db: Kysely<Database>, bloodGroup: 'A+', position: number) {
  const [row] = await users.searchDonors(db, donorSearchSchema.parse({ bloodGroup }), {
    limit: 1,
    offset: position,
  });
  if (!row) throw new Error('too few donors for a deep page');
  return [row.name, row.id];
}

const WHOLE_TABLE = {
  sqlite: /^SCAN (user|donationRequest)( |$)(?!USING)|USE TEMP B-TREE FOR .*ORDER BY/,
  postgres: /Seq Scan on "?(user|donationRequest)"?|Sort( |$)|Incremental Sort/,
};

/** The plan of each list query at this size, and whether it walks a table or sorts matches. */
export async function listPlans(handle: DatabaseHandle) {
  const page = { limit: 20, offset: 0 };
  const today = todayInDhaka();
  const calls: Array<[string, (db: Kysely<Database>) => Promise<unknown>]> = [
    [
      'donor search: division',
      (db) => users.searchDonors(db, donorSearchSchema.parse({ division: 'Dhaka' }), page),
    ],
    [
      'donor search: blood group',
      (db) => users.searchDonors(db, donorSearchSchema.parse({ bloodGroup: 'A+' }), page),
    ],
    [
      'donor search: blood group + district',
      (db) =>
        users.searchDonors(
          db,
          donorSearchSchema.parse({ bloodGroup: 'A+', division: 'Dhaka', district: 'Dhaka' }),
          page,
        ),
    ],
    [
      'donor search: upazila',
      (db) => users.searchDonors(db, donorSearchSchema.parse({ upazila: 'Savar' }), page),
    ],
    [
      'donor search: blood group, after',
      (db) =>
        users.searchDonors(db, donorSearchSchema.parse({ bloodGroup: 'A+' }), {
          ...page,
          after: ['Nadia Khan', 'f'],
        }),
    ],
    [
      'donor count: blood group',
      (db) => users.countDonors(db, donorSearchSchema.parse({ bloodGroup: 'A+' })),
    ],
    ['open requests', (db) => requests.findOpen(db, today, page)],
    ['open requests count', (db) => requests.countOpen(db, today)],
    ['all users', (db) => users.findAll(db, {}, page)],
    ['all users count', (db) => users.countAll(db, {})],
    ['users by status', (db) => users.findAll(db, { status: 'block' }, page)],
    ['all requests', (db) => requests.findAll(db, undefined, page)],
    ['all requests by status', (db) => requests.findAll(db, 'done', page)],
    ['all requests count', (db) => requests.countAll(db, undefined)],
  ];
  const plans: Array<{ label: string; plan: string[]; full: boolean }> = [];
  for (const [label, call] of calls) {
    for (const query of await capture(handle.engine, call)) {
      const plan = await explain(handle, query);
      plans.push({ label, plan, full: plan.some((line) => WHOLE_TABLE[handle.engine].test(line)) });
    }
  }
  return plans;
}

async function explain(handle: DatabaseHandle, query: CompiledQuery): Promise<string[]> {
  const prefix = handle.engine === 'sqlite' ? 'explain query plan ' : 'explain ';
  const { rows } = await sql
    .raw<Record<string, string>>(`${prefix}${interpolate(handle.engine, query)}`)
    .execute(handle.db);
  return rows.map((row) => (handle.engine === 'sqlite' ? row.detail : row['QUERY PLAN']) ?? '');
}

/** The statement with its parameters written in (for EXPLAIN; the values are the bench's own). */
function interpolate(engine: Engine, query: CompiledQuery): string {
  const literal = (value: unknown) =>
    typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  if (engine === 'postgres') {
    return query.sql.replace(/\$(\d+)/g, (_, n) => literal(query.parameters[Number(n) - 1]));
  }
  let i = 0;
  return query.sql.replace(/\?/g, () => literal(query.parameters[i++]));
}
