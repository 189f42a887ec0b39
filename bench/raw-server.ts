/**
 * The floor the bench compares RedHope with: a minimal `node:http` server over better-sqlite3
 * (or `pg` when DATABASE_URL is set) that answers the benched endpoints by running the SQL the
 * repositories build (recorded once per query shape by bench/sql-capture.ts), with prepared
 * statements, and writes the same answer: the same JSON and the contract's page headers (the
 * app's page rule, server/lib/pagination.ts; the bench checks both answers agree before it
 * measures, bench/same-answer.ts). No framework, no validation library, no logging, no
 * security headers: only what the database work and HTTP themselves cost.
 *
 * Env: PORT, DATABASE_URL (PostgreSQL) or SQLITE_FILE, DONATION_INTERVAL_DAYS (default 120).
 */
import http from 'node:http';
import BetterSqlite3 from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import { availableAgainOn, isAvailable } from '../common/availability.rules.ts';
import { donorSearchSchema } from '../common/user.schema.ts';
import { toBool } from '../server/db/dialect.ts';
import { findDistrictByName, hasUpazila } from '../server/features/geo/geo.repository.ts';
import { donationInstant } from '../server/features/notifications/about-request.ts';
import * as notifications from '../server/features/notifications/notifications.repository.ts';
import { donationReminderJob } from '../server/features/notifications/reminders.jobs.ts';
import { recordRequestChange } from '../server/features/outcomes/timeline.repository.ts';
import * as pledges from '../server/features/requests/pledges.repository.ts';
import { type LifecycleColumns, lifecycleView } from '../server/features/requests/request-view.ts';
import * as requests from '../server/features/requests/requests.repository.ts';
import * as users from '../server/features/users/users.repository.ts';
import { enqueue } from '../server/jobs/define-job.ts';
import { newId } from '../server/lib/ids.ts';
import { decodeCursor, readPage } from '../server/lib/pagination.ts';
import { type Answers, capture, type Engine } from './sql-capture.ts';

const engine: Engine = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
const DAY = 86_400_000;
const intervalMs = Number(process.env.DONATION_INTERVAL_DAYS ?? 120) * DAY;

/** Runs one statement: rows for a query, the changed-row count for a change. */
type Run = (
  sql: string,
  params: unknown[],
) => Promise<{ rows: Record<string, unknown>[]; changes: number }>;
type Result = Awaited<ReturnType<Run>>;
/** One statement of a transaction's work: its SQL and parameters. */
type Step = [sql: string, params: unknown[]];
/**
 * A transaction's work as a generator: it yields each statement and is given its result, so one
 * body runs on both engines (SQLite: at once, no other request's statement in between; PostgreSQL:
 * on a client of its own). It answers what to send and whether to commit.
 */
type Work<T> = Generator<Step, { commit: boolean; answer: T }, Result>;
interface Database {
  run: Run;
  transaction<T>(work: Work<T>): Promise<T>;
}

function sqliteDatabase(file: string): Database {
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  const statements = new Map<string, BetterSqlite3.Statement>();
  const runNow = (sql: string, params: unknown[]): Result => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    if (statement.reader)
      return { rows: statement.all(params) as Record<string, unknown>[], changes: 0 };
    return { rows: [], changes: statement.run(params).changes };
  };
  return {
    run: async (sql, params) => runNow(sql, params),
    async transaction(work) {
      runNow('begin', []);
      try {
        let step = work.next();
        while (!step.done) step = work.next(runNow(...step.value));
        runNow(step.value.commit ? 'commit' : 'rollback', []);
        return step.value.answer;
      } catch (error) {
        if (db.inTransaction) runNow('rollback', []);
        throw error;
      }
    },
  };
}

function postgresDatabase(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const result = (r: pg.QueryResult) => ({ rows: r.rows, changes: r.rowCount ?? 0 });
  return {
    run: async (sql, values) => result(await pool.query(sql, values)),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        let step = work.next();
        while (!step.done) step = work.next(result(await client.query(...step.value)));
        await client.query(step.value.commit ? 'commit' : 'rollback');
        return step.value.answer;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

const database =
  engine === 'sqlite'
    ? sqliteDatabase(process.env.SQLITE_FILE ?? '')
    : postgresDatabase(process.env.DATABASE_URL ?? '');
const { run } = database;

// --- Statements with holes: a recorded statement whose sentinel parameters are filled per request.

type Slots = Record<string, unknown>;
interface Template {
  sql: string;
  params: Array<{ slot: string } | { text: string } | { json: string } | { value: unknown }>;
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const hole = (name: string) => `\u0001${name}`;
const DISTRICT_ID_HOLE = -7_770_001;
/** A job's due time, made by the caller (not the current time). */
const RUN_AT_HOLE = new Date(Date.UTC(2001, 0, 1));

function template(query: CompiledQuery): Template {
  return {
    sql: query.sql,
    params: query.parameters.map((value) => {
      if (typeof value === 'string' && value.startsWith('\u0001')) return { slot: value.slice(1) };
      if (value === DISTRICT_ID_HOLE) return { slot: 'districtId' };
      if (value === RUN_AT_HOLE.toISOString()) return { slot: 'runAt' };
      // Holes inside a text (a job's dedupe key) or a JSON document (a notification's data).
      if (typeof value === 'string' && value.includes('\u0001')) return { text: value };
      if (typeof value === 'string' && value.includes('\\u0001')) return { json: value };
      // Made inside the repository call: a new id, the current time.
      if (typeof value === 'string' && UUID.test(value)) return { slot: 'newId' };
      if (typeof value === 'string' && ISO_TIME.test(value)) return { slot: 'now' };
      return { value };
    }),
  };
}
/** A hole inside a text: the sentinel character and the slot's name. */
const HOLE_IN_TEXT = new RegExp(`${String.fromCharCode(1)}(\\w+)`, 'g');
const fill = (t: Template, slots: Slots) =>
  t.params.map((p) => {
    if ('slot' in p) return slots[p.slot];
    if ('text' in p) return p.text.replace(HOLE_IN_TEXT, (_, name) => String(slots[name]));
    if ('json' in p)
      return p.json.replace(/"\\u0001(\w+)"/g, (_, name) => JSON.stringify(slots[name] ?? null));
    return p.value;
  });
/** A template's statement with `slots` filled in, as a transaction's step. */
const step = (t: Template, slots: Slots): Step => [t.sql, fill(t, slots)];
const runTemplate = (t: Template, slots: Slots) => run(t.sql, fill(t, slots));
const templates = async (call: Parameters<typeof capture>[1], answers?: Answers) =>
  (await capture(engine, call, answers)).map(template);

const SESSION_HOLE = { id: hole('userId'), name: hole('userName'), email: hole('useremail') };
const [findRequest] = await templates((db) => requests.findById(db, hole('id')));
// Donate Now pledges a bag (issue 27): take it, refuse a second pledge, record the pledge.
const [donate] = await templates((db) =>
  pledges.takeBag(db, hole('id'), SESSION_HOLE, hole('now')),
);
const [findPledge] = await templates((db) => pledges.findStanding(db, hole('id'), hole('userId')));
const [insertPledge] = await templates((db) =>
  pledges.insertPledge(db, hole('id'), SESSION_HOLE, hole('now'), hole('newId')),
);
// What the pledge's event does in RedHope's worker (decision 051), as the floor does it: in the
// pledge's transaction. Its timeline row (issue 29): the outcome row is read (the bench's requests
// have none: RedHope then writes only the timeline row) and the row written.
const [, findOutcome, insertTimeline] = await templates(
  (db) =>
    recordRequestChange(db, {
      requestId: hole('id'),
      kinds: ['pledged'],
      counts: { pledges: 1 },
      at: new Date(),
    }),
  // The request's row is found (else nothing is written); no outcome row.
  (index) => (index === 0 ? [{ bags: 4, bagsPledged: 1, bagsDonated: 0 }] : []),
);
// The requester told (when active and wanting request updates), and the donor's reminder.
const [findRecipient] = await templates((db) =>
  notifications.findRecipient(db, hole('requesterId')),
);
const NOTICE_FIELDS = [
  'bloodGroup', 'recipientName', 'hospitalName', 'district', 'donationDate', 'donationTime',
  'donorName',
] as const; // biome-ignore format: a field list
const [insertNotification] = await templates((db) =>
  notifications.insert(db, {
    userId: hole('requesterId'),
    kind: 'request-accepted',
    requestId: hole('id'),
    data: Object.fromEntries(NOTICE_FIELDS.map((f) => [f, hole(f)])) as never,
    at: new Date(),
  }),
);
const [insertReminder] = await templates((db) =>
  enqueue(
    db,
    donationReminderJob,
    { requestId: hole('id'), donorId: hole('userId') },
    { runAt: RUN_AT_HOLE, now: new Date() },
  ),
);
const REMINDER_HOURS = Number(process.env.DONATION_REMINDER_HOURS ?? 3);
const [findDistrict] = await templates((db) => findDistrictByName(db, hole('district')));
const [findUpazila] = await templates((db) => hasUpazila(db, DISTRICT_ID_HOLE, hole('upazila')));
const FIELDS = [
  'recipientName', 'bloodGroup', 'division', 'district', 'upazila', 'hospitalName',
  'fullAddress', 'donationDate', 'donationTime', 'requestMessage',
] as const; // biome-ignore format: a field list
const [insertRequest] = await templates((db) =>
  requests.insert(db, SESSION_HOLE, Object.fromEntries(FIELDS.map((f) => [f, hole(f)])) as never),
);
if (
  !findRequest ||
  !donate ||
  !findPledge ||
  !insertPledge ||
  !findDistrict ||
  !findUpazila ||
  !insertRequest ||
  !findOutcome ||
  !insertTimeline ||
  !findRecipient ||
  !insertNotification ||
  !insertReminder
) {
  throw new Error('a repository statement was not recorded');
}
// The signed-in user: the session row by token, with its user (what the cookie stands for).
const SESSION_SQL =
  engine === 'sqlite'
    ? 'select u.id, u.name, u.email, u.status, s."expiresAt" from session s join "user" u on u.id = s."userId" where s.token = ?'
    : 'select u.id, u.name, u.email, u.status, s."expiresAt" from session s join "user" u on u.id = s."userId" where s.token = $1';

// --- Lists: the statements of one query string, recorded the first time it is asked for.

const lists = new Map<string, CompiledQuery[]>();
async function listStatements(key: string, call: Parameters<typeof capture>[1]) {
  let queries = lists.get(key);
  if (!queries) {
    queries = await capture(engine, call);
    lists.set(key, queries);
  }
  return queries;
}
const PAGE = 20;
const PAGE_PARAMS = ['page', 'limit', 'after'];
/** The page the query names (the bench sends only valid ones: no validation here). */
const pageOf = (query: URLSearchParams) => ({
  page: Number(query.get('page') ?? 1),
  limit: Number(query.get('limit') ?? PAGE),
  after: query.get('after') ?? undefined,
});
/** What the repository reads for that page (an `after` cursor decoded as the app does). */
const sliceOf = ({ page, limit, after }: ReturnType<typeof pageOf>, keyLength: number) =>
  after === undefined
    ? { limit, offset: (page - 1) * limit }
    : { limit, offset: 0, after: decodeCursor(after, keyLength) };
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : (v as string | null));
const today = () => new Date(Date.now() + 6 * 3600_000).toISOString().slice(0, 10);

/**
 * A list's answer from its two recorded statements, through the app's own page rule
 * (server/lib/pagination.ts readPage): the page, then the count only when the page does not tell
 * the total, and the contract's X-Total-Count and Link headers. The same SQL, the same answer.
 */
function listAnswer<Item>(
  url: string,
  query: URLSearchParams,
  [rowsQuery, countQuery]: CompiledQuery[],
  keyOf: (row: Record<string, unknown>) => Array<string | number>,
  keyLength: number,
  toItem: (row: Record<string, unknown>) => Item,
) {
  if (!rowsQuery || !countQuery) throw new Error('list statements not recorded');
  return readPage(
    url,
    pageOf(query),
    {
      rows: async () => (await run(rowsQuery.sql, [...rowsQuery.parameters])).rows,
      total: async () =>
        Number((await run(countQuery.sql, [...countQuery.parameters])).rows[0]?.count),
      keyOf,
      keyLength,
      capped: true,
    },
    toItem,
  );
}

function send(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

async function sessionUser(req: http.IncomingMessage) {
  const cookie = req.headers.cookie ?? '';
  const match = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/.exec(cookie);
  if (!match?.[1]) return undefined;
  const value = decodeURIComponent(match[1]);
  const token = value.slice(0, value.lastIndexOf('.'));
  const { rows } = await run(SESSION_SQL, [token]);
  const row = rows[0];
  if (!row || new Date(iso(row.expiresAt) ?? 0).getTime() < Date.now() || row.status !== 'active')
    return undefined;
  return row as { id: string; name: string; email: string };
}

async function readJson(req: http.IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

/** A request as the API answers it, field for field (requests.routes.ts toRequestDto). */
const requestDto = (r: Record<string, unknown>, day: string, signedIn: boolean) => ({
  id: r.id, _id: r.id, requesterName: r.requesterName,
  requesterEmail: signedIn ? r.requesterEmail : null, requesterDeleted: r.requesterId === null,
  recipientName: r.recipientName, bloodGroup: r.bloodGroup, division: r.division,
  district: r.district, upazila: r.upazila, hospitalName: r.hospitalName,
  fullAddress: r.fullAddress, donationDate: r.donationDate, donationTime: r.donationTime,
  requestMessage: r.requestMessage, donorName: r.donorName, donorEmail: r.donorEmail,
  donorDeleted: r.donorId === null && r.donorName !== null, createdAt: iso(r.createdAt),
  ...lifecycleView(r as unknown as LifecycleColumns, day, { showPeople: signedIn }),
  // Issue 27: the bench's requests have no pledge the caller may see.
  bags: r.bags, component: r.component, urgency: r.urgency, bagsPledged: r.bagsPledged,
  bagsDonated: r.bagsDonated, pledges: [],
}); // biome-ignore format: one line per few fields

const refusal = (code: string, message: string) => ({
  status: 409,
  body: { error: { code, message } },
});

/**
 * Donate Now's writes, in one transaction: the bag taken, the pledge, and what RedHope's worker
 * does for the pledge's event (decision 051) — its timeline row, the requester's notification
 * (when active and wanting request updates) and the donor's reminder (when the donation is more
 * than DONATION_REMINDER_HOURS away). A second pledge of the same donor is rolled back.
 */
function* pledgeWork(slots: Slots, donorName: string): Work<{ status: number; body: unknown }> {
  const taken = yield step(donate as Template, slots); // RETURNING: the row it changed, or none
  if (!taken.rows.length && !taken.changes)
    return { commit: false, answer: refusal('REQUEST_FULL', 'No bag open.') };
  if ((yield step(findPledge as Template, slots)).rows[0])
    return { commit: false, answer: refusal('ALREADY_PLEDGED', 'Pledged.') };
  yield step(insertPledge as Template, { ...slots, newId: newId() });
  const request = (yield step(findRequest as Template, slots)).rows[0] as Record<string, string>;
  yield step(findOutcome as Template, slots); // none for the bench's requests (see above)
  yield step(insertTimeline as Template, { ...slots, newId: newId() });
  const requesterId = request.requesterId;
  const requester = requesterId && (yield step(findRecipient as Template, { requesterId })).rows[0];
  const wants = (v: unknown) => v === null || toBool(v as number);
  if (requester && requester.status === 'active' && wants(requester.requestUpdates)) {
    yield step(insertNotification as Template, {
      ...slots,
      ...request,
      donorName,
      requesterId,
      newId: newId(),
    });
  }
  const runAt = donationInstant(request as never).getTime() - REMINDER_HOURS * 3_600_000;
  if (runAt > Date.now()) {
    yield step(insertReminder as Template, {
      ...slots,
      runAt: new Date(runAt).toISOString(),
      newId: newId(),
    });
  }
  return { commit: true, answer: { status: 200, body: { modifiedCount: 1 } } };
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const search = q === -1 ? '' : url.slice(q + 1);
  const query = new URLSearchParams(search);

  if (req.method === 'GET' && path === '/api/users/donor') {
    // The filters are read once per query string, with its statements: the floor does no
    // validation on each request.
    const statements = await listStatements(`donor?${search}`, async (db) => {
      const filters = donorSearchSchema.parse(
        Object.fromEntries([...query].filter(([name]) => !PAGE_PARAMS.includes(name))),
      );
      await users.searchDonors(db, filters, sliceOf(pageOf(query), 2));
      await users.countDonors(db, filters);
    });
    const now = new Date();
    const { items, headers } = await listAnswer(
      url,
      query,
      statements,
      (r) => [r.name as string, r.id as string],
      2,
      (r) => {
        const last = iso(r.lastDonationDate);
        const pausedUntil = iso(r.pausedUntil);
        return {
          id: r.id, _id: r.id, name: r.name, image: r.image, bloodGroup: r.bloodGroup,
          division: r.division, district: r.district, upazila: r.upazila,
          eligible: !last || new Date(last).getTime() + intervalMs <= now.getTime(),
          available: isAvailable(pausedUntil, now),
          availableAgainOn: availableAgainOn(pausedUntil, now), email: null,
        }; // biome-ignore format: one line per few fields
      },
    );
    return send(res, 200, items, Object.fromEntries(headers));
  }

  if (
    req.method === 'GET' &&
    path === '/api/donation-request' &&
    query.get('status') === 'pending'
  ) {
    const day = today();
    const statements = await listStatements(`open?${day}&${search}`, async (db) => {
      await requests.findOpen(db, day, sliceOf(pageOf(query), 4));
      await requests.countOpen(db, day);
    });
    const { items, headers } = await listAnswer(
      url,
      query,
      statements,
      (r) => [
        Number(r.urgencyRank),
        r.donationDate as string,
        r.donationTime as string,
        r.id as string,
      ],
      4,
      (r) => requestDto(r, day, false),
    );
    return send(res, 200, items, Object.fromEntries(headers));
  }

  const byId = /^\/api\/donation-request\/([0-9a-f-]{36})$/.exec(path);
  if (path === '/api/donation-request' || byId) {
    const user = await sessionUser(req);
    if (!user)
      return send(res, 401, { error: { code: 'UNAUTHORIZED', message: 'Please sign in.' } });
    const slots = {
      userId: user.id,
      userName: user.name,
      useremail: user.email.toLowerCase(),
      now: new Date().toISOString(),
    };
    if (req.method === 'GET' && byId) {
      const { rows } = await runTemplate(findRequest as Template, { ...slots, id: byId[1] });
      const row = rows[0];
      if (!row)
        return send(res, 404, {
          error: { code: 'NOT_FOUND', message: 'No such donation request.' },
        });
      return send(res, 200, requestDto(row, today(), true));
    }
    if (req.method === 'PATCH' && byId) {
      await readJson(req);
      const id = byId[1];
      const answer = await database.transaction(pledgeWork({ ...slots, id }, user.name));
      return send(res, answer.status, answer.body);
    }
    if (req.method === 'POST' && !byId) {
      const body = await readJson(req);
      const district = (await runTemplate(findDistrict as Template, { district: body.district }))
        .rows[0];
      if (!district || district.divisionName !== body.division)
        return send(res, 400, { error: { code: 'BAD_REQUEST', message: 'Bad place.' } });
      if (body.upazila) {
        const found = await runTemplate(findUpazila as Template, {
          districtId: district.id,
          upazila: body.upazila,
        });
        if (!found.rows[0])
          return send(res, 400, { error: { code: 'BAD_REQUEST', message: 'Bad upazila.' } });
      }
      const id = newId();
      await runTemplate(insertRequest as Template, { ...slots, ...body, newId: id });
      return send(res, 201, { insertedId: id });
    }
  }
  if (path === '/api/ready') return send(res, 200, { status: 'ready', database: 'ok' });
  return send(res, 404, {
    error: { code: 'NOT_FOUND', message: 'There is no such API endpoint.' },
  });
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    console.error(error);
    if (!res.headersSent) send(res, 500, { error: { code: 'INTERNAL', message: String(error) } });
  });
});
server.keepAliveTimeout = 5000;
server.listen(Number(process.env.PORT ?? 3999), '127.0.0.1', () => {
  console.log(
    JSON.stringify({ msg: 'raw server listening', engine, readyMs: Math.round(performance.now()) }),
  );
});
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(signal, () => server.close(() => process.exit(0)));
