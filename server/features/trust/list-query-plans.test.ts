import { CompiledQuery, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { createTestApp, type TestApp, testEngine } from '../../test/test-app.ts';
import * as audit from '../audit/audit.repository.ts';
import * as history from '../history/history.repository.ts';
import * as lifecycle from '../requests/lifecycle.repository.ts';
import { countOpenVerified, findOpenVerified } from '../requests/open-verified.repository.ts';
import * as weights from './report-weight.repository.ts';
import * as trust from './trust.repository.ts';

// The lists of issue 14 read through indexes shaped like their queries (as
// server/db/query-plans.test.ts holds for the others): a page costs a page, a count stops at its
// cap, and no list walks a whole table or sorts every match.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function recorded(run: (db: Kysely<Database>) => Promise<unknown>) {
  const queries: CompiledQuery[] = [];
  const executor = t.db.getExecutor();
  const recording = t.db.withPlugin({
    transformQuery: ({ node, queryId }) => {
      queries.push(executor.compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  });
  await run(recording);
  return queries;
}

async function planOf(query: CompiledQuery): Promise<string[]> {
  return t.db.connection().execute(async (conn) => {
    if (testEngine === 'sqlite') {
      const explained = CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]);
      const { rows } = await conn.executeQuery<{ detail: string }>(explained);
      return rows.map((row) => row.detail);
    }
    // Weaker on PostgreSQL (no statistics on a test table): an index can serve the query.
    await sql`set enable_seqscan = off`.execute(conn);
    try {
      const explained = CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]);
      const { rows } = await conn.executeQuery<{ 'QUERY PLAN': string }>(explained);
      return rows.map((row) => row['QUERY PLAN']);
    } finally {
      await sql`reset enable_seqscan`.execute(conn);
    }
  });
}

const TABLES = 'donationRequest|requestReport|requestWithdrawal|auditLog|donation';
const WHOLE_TABLE =
  testEngine === 'sqlite'
    ? new RegExp(`^SCAN (${TABLES})( |$)(?!USING)|USE TEMP B-TREE FOR ORDER BY`)
    : new RegExp(`Seq Scan on "?(${TABLES})"?`);

const page = { limit: 20, offset: 0 };
const ID = '0190a0a0-0000-7000-8000-000000000000';
const EMAIL = 'someone@example.org';
const AT = '2026-01-01T00:00:00.000Z';
/** The page after a row, as a `next` link names it (the list's sort key). */
const after = (...key: Array<string | number>) => ({ ...page, after: key });

/** [label, the repository call, the index on SQLite it must use (or null: any index)] */
const lists: Array<[string, (db: Kysely<Database>) => Promise<unknown>, string | null]> = [
  [
    'verified open requests',
    (db) => findOpenVerified(db, '2026-01-01', page),
    'donation_request_verified_open_idx',
  ],
  [
    'verified open count (capped)',
    (db) => countOpenVerified(db, '2026-01-01'),
    'donation_request_verified_open_idx',
  ],
  ['report queue', (db) => trust.findReported(db, page), 'donation_request_reported_idx'],
  [
    'report queue, next page (after)',
    (db) => trust.findReported(db, after(2, AT, ID)),
    'donation_request_reported_idx',
  ],
  ['report queue count (capped)', (db) => trust.countReported(db), 'donation_request_reported_idx'],
  ['reports of a request', (db) => trust.findReportsOfRequest(db, ID, page), null],
  [
    'reports of a request, next page (after)',
    (db) => trust.findReportsOfRequest(db, ID, after(AT, ID)),
    null,
  ],
  ['reports of a request count', (db) => trust.countReportsOfRequest(db, ID), null],
  // Issue 25: a report's own reads, in its transaction: the reporter's day (the cap), their
  // upheld reports (their weight), and the request's open reports summed again.
  [
    'one reporter’s reports of the day (the cap)',
    (db) => weights.countReportsSince(db, ID, AT),
    'request_report_reporter_created_idx',
  ],
  ['a reporter’s standing', (db) => weights.findStanding(db, ID), null],
  [
    'a request’s open reports, weighed again',
    (db) => db.transaction().execute((trx) => weights.recount(trx, ID, AT)),
    null,
  ],
  ['withdrawals', (db) => lifecycle.findWithdrawals(db, undefined, page), null],
  ['withdrawals of a donor', (db) => lifecycle.findWithdrawals(db, EMAIL, page), null],
  ['withdrawal count (capped)', (db) => lifecycle.countWithdrawals(db, undefined), null],
  ['audit log', (db) => audit.findAll(db, {}, page), 'audit_log_created_idx'],
  [
    'audit log, next page (after)',
    (db) => audit.findAll(db, {}, after(AT, ID)),
    'audit_log_created_idx',
  ],
  [
    'audit log by actor and action, next page (after)',
    (db) => audit.findAll(db, { actor: EMAIL, action: 'user.block' }, after(AT, ID)),
    'audit_log_actor_action_idx',
  ],
  ['audit log by action', (db) => audit.findAll(db, { action: 'user.block' }, page), null],
  ['audit log by actor', (db) => audit.findAll(db, { actor: EMAIL }, page), null],
  [
    'audit log by actor and action',
    (db) => audit.findAll(db, { actor: EMAIL, action: 'user.block' }, page),
    'audit_log_actor_action_idx',
  ],
  ['audit log count (capped)', (db) => audit.countAll(db, { actor: EMAIL }), null],
  ['a donor’s history', (db) => history.findByDonor(db, ID, page), 'donation_donor_idx'],
  [
    'a donor’s history, next page (after)',
    (db) => history.findByDonor(db, ID, after('2026-01-01', ID)),
    'donation_donor_idx',
  ],
  ['a donor’s history count', (db) => history.countByDonor(db, ID), 'donation_donor_idx'],
  [
    'a certificate and its place in the history',
    async (db) => {
      if (!(await history.findOneByDonor(db, ID, ID))) throw new Error('no donation to plan');
    },
    // The donation by its primary key, then its place through the donor's index.
    null,
  ],
];

describe(`trust, audit and history query plans (${testEngine})`, () => {
  beforeAll(async () => {
    // A donation of ID's, so a certificate's second query (its place in the history) runs too.
    const donor = { id: ID, name: 'Plan Donor', email: EMAIL };
    await t.db
      .insertInto('user')
      .values({
        ...donor,
        emailVerified: testEngine === 'sqlite' ? 0 : false,
        image: null,
        createdAt: AT,
        updatedAt: AT,
        role: 'donor',
        status: 'active',
        bloodGroup: 'O+',
        division: 'Khulna',
        district: 'Khulna',
        upazila: null,
        lastDonationDate: null,
        searchVisible: testEngine === 'sqlite' ? 1 : true,
      })
      .execute();
    await t.db
      .insertInto('donation')
      .values({
        id: ID,
        requestId: null,
        donorId: ID,
        bloodGroup: 'O+',
        donationDate: '2026-01-01',
        donationTime: '10:30',
        hospitalName: 'Khulna Medical College Hospital',
        district: 'Khulna',
        division: 'Khulna',
        createdAt: AT,
      })
      .execute();
  });

  it.each(lists)('%s reads through an index', async (_label, run, index) => {
    const queries = await recorded(run);
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      const plan = await planOf(query);
      const why = `${query.sql}\n${plan.join('\n')}`;
      expect(
        plan.filter((line) => WHOLE_TABLE.test(line)),
        why,
      ).toEqual([]);
      if (index && testEngine === 'sqlite') expect(plan.join(' '), why).toContain(index);
    }
  });
});
