import { CompiledQuery, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { createTestApp, type TestApp, testEngine } from '../../test/test-app.ts';
import * as contacts from '../contacts/contacts.repository.ts';
import { findOpenSummaryById } from '../requests/requests.repository.ts';
import * as blogs from './blogs.repository.ts';

// The blog lists, the contact inbox and the share previews read through indexes shaped like
// their queries (as server/db/query-plans.test.ts holds for the other lists): a page costs a
// page, not the table, and a count stops at its cap.

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

const WHOLE_TABLE =
  testEngine === 'sqlite'
    ? /^SCAN (blog|contact|donationRequest)( |$)(?!USING)|USE TEMP B-TREE FOR ORDER BY/
    : /Seq Scan on "?(blog|contact|donationRequest)"?/;

const page = { limit: 20, offset: 0 };
const ID = '0190a0a0-0000-7000-8000-000000000000';

const lists: Array<[string, (db: Kysely<Database>) => Promise<unknown>, string[]]> = [
  ['staff blogs', (db) => blogs.findAll(db, undefined, page), []],
  ['staff blogs by status', (db) => blogs.findAll(db, 'draft', page), ['status']],
  ['staff blog count by status', (db) => blogs.countAll(db, 'draft'), ['status']],
  ['published blogs', (db) => blogs.findAll(db, 'published', page), ['status']],
  ['published blog count (capped)', (db) => blogs.countPublished(db), ['status']],
  ['a published blog by id (preview)', (db) => blogs.findPublishedById(db, ID), ['id']],
  ['contact inbox', (db) => contacts.findAll(db, undefined, page), []],
  ['contact inbox by status', (db) => contacts.findAll(db, 'new', page), ['status']],
  ['contact inbox count (capped)', (db) => contacts.countAll(db, 'new'), ['status']],
  ['an open request by id (preview)', (db) => findOpenSummaryById(db, ID, '2026-01-01'), ['id']],
];

describe(`blog and inbox query plans (${testEngine})`, () => {
  it.each(lists)('%s reads through an index', async (_label, run, indexed) => {
    const queries = await recorded(run);
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      const plan = await planOf(query);
      const why = `${query.sql}\n${plan.join('\n')}`;
      expect(
        plan.filter((line) => WHOLE_TABLE.test(line)),
        why,
      ).toEqual([]);
      if (testEngine === 'sqlite') {
        for (const column of indexed) expect(plan.join(' '), why).toContain(`${column}=?`);
      }
    }
  });
});
