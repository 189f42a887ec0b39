import { CompiledQuery, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { donorGroupsFor } from '../../common/compatibility.rules.ts';
import { donorSearchSchema } from '../../common/user.schema.ts';
import { generator } from '../../scripts/seed-demo-data.ts';
import * as donorEmails from '../features/donor-emails/donor-emails.repository.ts';
import * as matching from '../features/matching/matching.repository.ts';
import * as notifications from '../features/notifications/notifications.repository.ts';
import * as overdue from '../features/outcomes/overdue.repository.ts';
import { listReaders } from '../features/privacy/data-export.repository.ts';
import * as retention from '../features/privacy/retention.repository.ts';
import * as pledges from '../features/requests/pledges.repository.ts';
import * as requests from '../features/requests/requests.repository.ts';
import * as users from '../features/users/users.repository.ts';
import { createTestApp, type TestApp, testEngine } from '../test/test-app.ts';
import type { Database } from './schema.ts';

// Every list query the API runs must read through an index shaped like it: no walk over the
// whole user or request table, and no sort of every match (work proportional to the table, not
// to the page), and every filter a condition of the index walked, on both engines. The queries
// are the repositories' own, recorded as they are built.

let t: TestApp;
beforeAll(async () => {
  // Which of two equally cheap indexes wins depends on the order migrating made them.
  t = await createTestApp({}, { migrateAnew: true });
  await seedSample(t.db);
});

/**
 * A few thousand donors and requests spread like the real ones (scripts/seed-demo-data.ts), and
 * PostgreSQL's statistics of them: on an empty table every index costs the same and PostgreSQL
 * takes any; with a real spread it must take the one shaped like the query.
 */
async function seedSample(db: Kysely<Database>) {
  const make = generator(7);
  const donors = Array.from({ length: 3000 }, (_, n) => make.donor(n));
  const rows = donors.map(({ searchVisible, ...donor }) => ({
    ...donor,
    emailVerified: testEngine === 'sqlite' ? 0 : false,
    image: null,
    updatedAt: donor.createdAt,
    role: 'donor' as const,
    searchVisible: testEngine === 'sqlite' ? Number(searchVisible) : searchVisible,
  }));
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('user')
      .values(rows.slice(i, i + 500))
      .execute();
  }
  const anyone = () => donors[Math.floor(make.next() * donors.length)] as (typeof donors)[0];
  const asks = Array.from({ length: 3000 }, () => make.request(anyone(), anyone));
  for (let i = 0; i < asks.length; i += 500) {
    const batch = asks.slice(i, i + 500).map((ask) => ({ ...ask, updatedAt: ask.createdAt }));
    await db.insertInto('donationRequest').values(batch).execute();
  }
  if (testEngine === 'postgres') await sql`analyze "user", "donationRequest"`.execute(db);
}
afterAll(() => t.close());

/** The statements the repository call runs, with their values, recorded as the executor runs them. */
async function recorded(run: (db: Kysely<Database>) => Promise<unknown>) {
  const queries: CompiledQuery[] = [];
  const executor = t.db.getExecutor();
  const execute = executor.executeQuery.bind(executor);
  const spy = vi.spyOn(executor, 'executeQuery').mockImplementation((query) => {
    queries.push(query);
    return execute(query);
  });
  try {
    await run(t.db);
  } finally {
    spy.mockRestore();
  }
  return queries;
}

/**
 * The plan's lines, on either engine. A tiny test table would be read whole by choice, and
 * PostgreSQL picks among plans by statistics a test table does not have; so PostgreSQL is told
 * that whole-table reads and sorts cost dearly. They remain possible: a plan that still has one
 * has no index to serve the query, which is what is checked, on both engines alike. (The bench
 * checks the plans PostgreSQL really picks at 1M donors: docs/performance-figures.md.)
 */
async function planOf(query: CompiledQuery): Promise<string[]> {
  return t.db.connection().execute(async (conn) => {
    if (testEngine === 'sqlite') {
      const explained = CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]);
      const { rows } = await conn.executeQuery<{ detail: string }>(explained);
      return rows.map((row) => row.detail);
    }
    const costly = [
      'enable_seqscan',
      'enable_sort',
      'enable_incremental_sort',
      'enable_bitmapscan',
    ];
    for (const setting of costly) await sql`set ${sql.raw(setting)} = off`.execute(conn);
    try {
      const explained = CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]);
      const { rows } = await conn.executeQuery<{ 'QUERY PLAN': string }>(explained);
      return rows.map((row) => row['QUERY PLAN']);
    } finally {
      for (const setting of costly) await sql`reset ${sql.raw(setting)}`.execute(conn);
    }
  });
}

/** A walk over a whole table, or a sort of the matches (instead of reading them in order). */
const WHOLE_TABLE =
  testEngine === 'sqlite'
    ? /^SCAN (user|donationRequest|donorEmailBudgetReached)( |$)(?!USING)|USE TEMP B-TREE FOR .*ORDER BY/
    : /Seq Scan on "?(user|donationRequest|donorEmailBudgetReached)"?|\bSort\b|Bitmap Heap Scan/;

/** Whether the plan reads `column` as a condition of the index it walks. */
function indexCondition(plan: string[], column: string): boolean {
  if (testEngine === 'sqlite') return plan.join(' ').includes(`${column}=?`);
  const name = column === column.toLowerCase() ? column : `"${column}"`;
  return plan.some((line) => /Index Cond:/.test(line) && line.includes(`${name} =`));
}

const page = { limit: 20, offset: 0 };
/** The clock the overdue list is read at: later than most of the sample's requests. */
const OVERDUE_NOW = new Date('2026-06-01T00:00:00Z');
const donorShapes: Array<[string, Record<string, string>]> = [
  ['no filter', {}],
  ['division', { division: 'Dhaka' }],
  ['district', { district: 'Dhaka' }],
  ['upazila', { upazila: 'Savar' }],
  ['blood group', { bloodGroup: 'A+' }],
  ['blood group + division', { bloodGroup: 'A+', division: 'Dhaka' }],
  ['blood group + district', { bloodGroup: 'A+', district: 'Dhaka' }],
  ['blood group + upazila', { bloodGroup: 'A+', upazila: 'Savar' }],
  ['division + district', { division: 'Dhaka', district: 'Dhaka' }],
  ['division + district + upazila', { division: 'Dhaka', district: 'Dhaka', upazila: 'Savar' }],
];

type List = [string, (db: Kysely<Database>) => Promise<unknown>, string[]];

const lists: List[] = [
  // Each filter must be a condition of the index walked, not a filter applied row by row
  // (checked on SQLite, whose plan names the index's conditions).
  ...donorShapes.map(
    ([label, filters]): List => [
      `donor search: ${label}`,
      (db) => users.searchDonors(db, donorSearchSchema.parse(filters), page),
      // The narrowest place is enough: an upazila lies in one district, a district in one
      // division, so the wider one is checked within a bounded set of rows.
      Object.keys(filters).filter(
        (key) =>
          !(key === 'division' && (filters.district || filters.upazila)) &&
          !(key === 'district' && filters.upazila),
      ),
    ],
  ),
  [
    'donor search: blood group, after a row (keyset)',
    (db) =>
      users.searchDonors(db, donorSearchSchema.parse({ bloodGroup: 'A+' }), {
        ...page,
        after: ['Rahim', 'f'],
      }),
    ['bloodGroup'],
  ],
  [
    'donor search: division, after a row (keyset)',
    (db) =>
      users.searchDonors(db, donorSearchSchema.parse({ division: 'Dhaka' }), {
        ...page,
        after: ['Rahim', 'f'],
      }),
    ['division'],
  ],
  [
    'donor count: blood group',
    (db) => users.countDonors(db, donorSearchSchema.parse({ bloodGroup: 'A+' })),
    ['bloodGroup'],
  ],
  [
    'donor count: division',
    (db) => users.countDonors(db, donorSearchSchema.parse({ division: 'Dhaka' })),
    ['division'],
  ],
  ['all users', (db) => users.findAll(db, {}, page), []],
  [
    'all users, after a row (keyset)',
    (db) => users.findAll(db, {}, { ...page, after: ['2026-01-01T00:00:00.000Z', 'f'] }),
    [],
  ],
  ['all users count', (db) => users.countAll(db, {}), []],
  ['users by status count', (db) => users.countAll(db, { status: 'block' }), ['status']],
  ['users by status', (db) => users.findAll(db, { status: 'block' }, page), ['status']],
  // Issue 27: the open list's status filter is its partial index's own predicate (migration
  // 033), not a condition searched; an urgency is (the index begins with its rank).
  ['public pending list', (db) => requests.findOpen(db, '2026-01-01', page), []],
  [
    'public pending list, after a row (keyset)',
    (db) =>
      requests.findOpen(db, '2026-01-01', { ...page, after: [0, '2026-02-01', '10:00', 'f'] }),
    [],
  ],
  [
    'public pending list by urgency',
    (db) => requests.findOpen(db, '2026-01-01', page, { urgency: 'critical' }),
    ['urgencyRank'],
  ],
  [
    'public pending list by component',
    (db) => requests.findOpen(db, '2026-01-01', page, { component: 'platelets' }),
    [],
  ],
  ['public pending count', (db) => requests.countOpen(db, '2026-01-01'), []],
  ['my requests', (db) => requests.findAllByRequester(db, 'a@example.org', undefined, page), []],
  [
    'my requests by status',
    (db) => requests.findAllByRequester(db, 'a@example.org', 'done', page),
    ['status'],
  ],
  ['all requests', (db) => requests.findAll(db, undefined, page), []],
  ['all requests by status', (db) => requests.findAll(db, 'pending', page), ['status']],
  ['all requests count', (db) => requests.countAll(db, undefined), []],
  ['all requests by status count', (db) => requests.countAll(db, 'done'), ['status']],
  // Issue 25: accounts that went past their daily budget of donor emails (staff).
  ['accounts past their donor-email budget', (db) => donorEmails.findAllReached(db, page), []],
  [
    'accounts past their donor-email budget, after a row (keyset)',
    (db) => donorEmails.findAllReached(db, { ...page, after: ['2026-01-01T00:00:00.000Z', 'f'] }),
    [],
  ],
  ['accounts past their donor-email budget count', (db) => donorEmails.countReached(db), []],
  // Issue 29: the staff dashboard's overdue requests, oldest first (migration 043's partial
  // index: the open requests by createdAt, with their urgency).
  ['overdue requests', (db) => overdue.findOverdue(db, OVERDUE_NOW, page), []],
  [
    'overdue requests, after a row (keyset)',
    (db) =>
      overdue.findOverdue(db, OVERDUE_NOW, { ...page, after: ['2026-01-01T00:00:00.000Z', 'f'] }),
    [],
  ],
  ['overdue requests count', (db) => overdue.countOverdue(db, OVERDUE_NOW), []],
];

describe(`list query plans (${testEngine})`, () => {
  it.each(lists)('%s reads a page through an index', async (_label, run, indexed) => {
    const queries = await recorded(run);
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      const plan = await planOf(query);
      const why = `${query.sql}\n${plan.join('\n')}`;
      expect(
        plan.filter((line) => WHOLE_TABLE.test(line)),
        why,
      ).toEqual([]);
      for (const column of indexed) expect(indexCondition(plan, column), why).toBe(true);
    }
  });
});

// A count reads the index alone: every column its filter asks about is in the index it walks
// (issue 10: the pending count read each open request's row for `openReports`, 5× the time).
const counts: Array<[string, (db: Kysely<Database>) => Promise<unknown>]> = [
  ['public pending count', (db) => requests.countOpen(db, '2026-01-01')],
  [
    'donor count: blood group',
    (db) => users.countDonors(db, donorSearchSchema.parse({ bloodGroup: 'A+' })),
  ],
  [
    'donor count: division',
    (db) => users.countDonors(db, donorSearchSchema.parse({ division: 'Dhaka' })),
  ],
  ['overdue requests count', (db) => overdue.countOverdue(db, OVERDUE_NOW)],
];
const INDEX_ALONE = testEngine === 'sqlite' ? /USING COVERING INDEX/ : /Index Only Scan/;

describe(`overdue requests (${testEngine})`, () => {
  it('walk the open requests’ own index by age, the page and its count alike', async () => {
    const queries = await recorded(async (db) => {
      await overdue.findOverdue(db, OVERDUE_NOW, page);
      await overdue.countOverdue(db, OVERDUE_NOW);
    });
    for (const query of queries) {
      const plan = await planOf(query);
      expect(plan.join('\n'), query.sql).toContain('donation_request_overdue_idx');
    }
  });
});

describe(`list counts (${testEngine})`, () => {
  it.each(counts)('%s reads its index alone', async (_label, run) => {
    const [query] = await recorded(run);
    if (!query) throw new Error('no statement recorded');
    const plan = await planOf(query);
    expect(
      plan.some((line) => INDEX_ALONE.test(line)),
      plan.join('\n'),
    ).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Matching (issue 13): each (distance, blood group) branch of the matches query walks the donor
// search index shaped for it, so a page reads at most `offset + limit` rows per branch, not the
// table; the alert filters (already alerted, alerts off, weekly cap) are keyed lookups per row.

const target = {
  requesterId: '0190a0a0-0000-7000-8000-000000000001',
  bloodGroup: 'AB+' as const,
  component: 'whole_blood' as const,
  division: 'Khulna',
  district: 'Khulna',
  upazila: 'Dumuria',
};
const time = {
  now: new Date('2026-06-01T00:00:00Z'),
  intervals: { whole_blood: 120, red_cells: 120, platelets: 14, plasma: 28 },
};
const alertLimits = {
  requestId: '0190a0a0-0000-7000-8000-000000000002',
  since: '2026-05-25T00:00:00Z',
  perWeek: 3,
};
// Sorting is allowed here, unlike in the lists above: it sorts the branches' own bounded rows
// (at most offset + limit each) to merge them, never the table. Reading a table whole is not.
const ANY_WHOLE_TABLE =
  testEngine === 'sqlite'
    ? /^SCAN (user|donationRequest|requestAlert|notificationSetting|donationPledge)( |$)(?!USING)/
    : /Seq Scan on "?(user|donationRequest|requestAlert|notificationSetting|donationPledge)"?/;

const matchQueries: List[] = [
  ['matches, first page', (db) => matching.findMatches(db, target, time, page), []],
  [
    'matches for an alert wave',
    (db) => matching.findMatches(db, target, time, { limit: 5, offset: 0 }, alertLimits),
    [],
  ],
  [
    'matches for a wide alert wave',
    (db) =>
      matching.findMatches(db, target, time, { limit: 6, offset: 0, spread: true }, alertLimits),
    [],
  ],
  [
    'matches, page 3',
    (db) => matching.findMatches(db, target, time, { limit: 20, offset: 40 }),
    [],
  ],
  ['matches count', (db) => matching.countMatches(db, target, time, 200), []],
  ['nearby count', (db) => matching.countMatches(db, target, time, 100, 'district'), []],
];

/**
 * What each matching query must be on PostgreSQL, branch by branch in the UNION ALL's order: the
 * blood group and the place conditions its index search must have (status and visibility always),
 * and the rows it may hand on (offset + limit, or the count's cap + 1).
 */
interface MatchShape {
  take: number;
  branches: Array<{ group: string; place: string[] }>;
  /** The list merges its branches' rows with one sort; a count needs no order at all. */
  merged: boolean;
  /**
   * Sorts above the branches: one, or two for a wide wave (its near tiers numbered side by side,
   * then merged), each of the rows the branches handed on.
   */
  sorts?: number;
}
const groups = donorGroupsFor(target.bloodGroup);
const PLACE_CONDITIONS: Record<string, string[]> = {
  upazila: [`upazila = '${target.upazila}'`, `district = '${target.district}'`],
  district: [`district = '${target.district}'`],
  division: [`division = '${target.division}'`],
  // Anywhere outside the division: the group's own index, walked by name; `division <>` drops
  // the rows of the request's division on the way (they were read by the nearer branches).
  country: [],
};
const listShape = (take: number): MatchShape => ({
  take,
  branches: ['upazila', 'district', 'division', 'country'].flatMap((distance) =>
    groups.map((group) => ({ group, place: PLACE_CONDITIONS[distance] ?? [] })),
  ),
  merged: true,
});
const MATCH_SHAPES: Record<string, MatchShape> = {
  'matches, first page': listShape(20),
  'matches for an alert wave': listShape(5),
  // Issue 27: a critical request for a rare group takes its near tiers side by side.
  'matches for a wide alert wave': { ...listShape(6), sorts: 2 },
  'matches, page 3': listShape(60),
  'matches count': {
    take: 201,
    branches: groups.map((group) => ({ group, place: [] })),
    merged: false,
  },
  'nearby count': {
    take: 101,
    branches: groups.map((group) => ({ group, place: PLACE_CONDITIONS.district ?? [] })),
    merged: false,
  },
};

/** SQLite: the sorts a branch of the UNION ALL does before its LIMIT (a child of the branch). */
async function sqliteSortsInsideBranches(query: CompiledQuery): Promise<string[]> {
  const explained = CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]);
  const { rows } = await t.db.executeQuery<{ id: number; parent: number; detail: string }>(
    explained,
  );
  const branches = new Set(
    rows.filter((row) => row.detail.startsWith('CO-ROUTINE branch')).map((row) => row.id),
  );
  return rows
    .filter((row) => branches.has(row.parent) && /TEMP B-TREE/.test(row.detail))
    .map((row) => row.detail);
}

/** A node of PostgreSQL's EXPLAIN (FORMAT JSON) tree. */
interface PgNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PgNode[];
}

/** The query run (EXPLAIN ANALYZE) on PostgreSQL, with whole-table reads and sorts priced high. */
async function pgPlanTree(query: CompiledQuery): Promise<PgNode> {
  return t.db.connection().execute(async (conn) => {
    const settings = [
      'enable_seqscan',
      'enable_sort',
      'enable_incremental_sort',
      'enable_bitmapscan',
    ];
    for (const setting of settings) await sql`set ${sql.raw(setting)} = off`.execute(conn);
    // The raised prices would make every plan worth compiling, which only slows the test.
    await sql`set jit = off`.execute(conn);
    try {
      const explained = CompiledQuery.raw(`explain (analyze, format json) ${query.sql}`, [
        ...query.parameters,
      ]);
      const { rows } = await conn.executeQuery<{ 'QUERY PLAN': Array<{ Plan: PgNode }> }>(
        explained,
      );
      const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
      if (!plan) throw new Error('EXPLAIN gave no plan.');
      return plan;
    } finally {
      for (const setting of [...settings, 'jit'])
        await sql`reset ${sql.raw(setting)}`.execute(conn);
    }
  });
}

/** Every node of the tree, depth first. */
const nodesOf = (node: PgNode): PgNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

const notificationQueries: List[] = [
  ['notifications, newest first', (db) => notifications.findAllByUser(db, 'u', page), []],
  ['unread count', (db) => notifications.countUnread(db, 'u'), []],
];

describe(`notification query plans (${testEngine})`, () => {
  it.each(notificationQueries)('%s reads one person’s rows through an index', async (_l, run) => {
    for (const query of await recorded(run)) {
      const plan = await planOf(query);
      const why = `${query.sql}\n${plan.join('\n')}`;
      const whole =
        testEngine === 'sqlite'
          ? /^SCAN notification( |$)(?!USING)|USE TEMP B-TREE FOR ORDER BY/
          : /Seq Scan on "?notification"?/;
      expect(
        plan.filter((line) => whole.test(line)),
        why,
      ).toEqual([]);
      if (testEngine === 'sqlite') expect(plan.join(' '), why).toContain('userId=?');
    }
  });
});

// Issue 27: Donate Now asks whether the donor already stands pledged on the request, twice (the
// rule's check and the pledge's own). One lookup of the partial unique index on (request,
// donor), not a walk over every pledge the donor ever made.
describe(`pledge query plans (${testEngine})`, () => {
  it('finds a donor’s standing pledge on a request through the standing index', async () => {
    for (const query of await recorded((db) => pledges.findStanding(db, 'r', 'u'))) {
      const plan = await planOf(query);
      expect(plan.join('\n'), query.sql).toContain('donation_pledge_standing_idx');
    }
  });
});

describe(`matching query plans (${testEngine})`, () => {
  it.each(matchQueries)('%s reads through indexes', async (_label, run) => {
    const queries = await recorded(run);
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      const plan = await planOf(query);
      const why = `${query.sql}\n${plan.join('\n')}`;
      expect(
        plan.filter((line) => ANY_WHOLE_TABLE.test(line)),
        why,
      ).toEqual([]);
      if (testEngine === 'sqlite') {
        // Every read of the user table is an index search on status, visibility and blood group.
        const userReads = plan.filter((line) => /^(SEARCH|SCAN) user /.test(line));
        expect(userReads.length, why).toBeGreaterThan(0);
        for (const line of userReads)
          expect(line, why).toMatch(/status=\? AND searchVisible=\? AND bloodGroup=/);
        // Ties of name are broken by id inside the index (migration 010), not by sorting the branch.
        expect(
          plan.filter((line) => /LAST TERM OF ORDER BY/.test(line)),
          why,
        ).toEqual([]);
        // Nor by any sort inside a branch: SQLite merges the branches (MERGE (UNION ALL)) and
        // sorts only what each branch handed on, after its LIMIT ("SCAN branch").
        expect(await sqliteSortsInsideBranches(query), why).toEqual([]);
      }
    }
  });

  // PostgreSQL: each branch is a Limit over an index search whose Index Cond holds the branch's
  // group and place (not a walk of a whole index filtered row by row), no branch sorts, and the
  // one sort of the list is the merge of the branches' few rows (at most `take` each, so at most
  // branches × (offset + limit), whatever the number of donors): a bounded top-N sort.
  it.runIf(testEngine === 'postgres').each(matchQueries)(
    '%s: every branch an index search on its filters, cut at its page (PostgreSQL)',
    async (label, run) => {
      const shape = MATCH_SHAPES[label];
      if (!shape) throw new Error(`No expected shape for ${label}.`);
      const [query, ...more] = await recorded(run);
      expect(more).toEqual([]);
      if (!query) throw new Error('No query ran.');
      const root = await pgPlanTree(query);
      // The plan, not the 250-parameter SQL, says what went wrong.
      const why = JSON.stringify(root);
      const appends = nodesOf(root).filter((node) => node['Node Type'] === 'Append');
      expect(appends, why).toHaveLength(1);
      const branches = appends[0]?.Plans ?? [];
      expect(branches, why).toHaveLength(shape.branches.length);
      branches.forEach((branch, i) => {
        const expected = shape.branches[i];
        if (!expected) throw new Error('More branches than expected.');
        const whyBranch = `branch ${i} (${expected.group}): ${JSON.stringify(branch)}`;
        // Cut at its page, and read in index order (no sort inside a branch).
        expect(branch['Node Type'], whyBranch).toBe('Limit');
        expect(branch['Actual Rows'], whyBranch).toBeLessThanOrEqual(shape.take);
        const inside = nodesOf(branch);
        expect(
          inside.filter((node) => /Sort/.test(node['Node Type'])),
          whyBranch,
        ).toEqual([]);
        const userReads = inside.filter((node) => node['Relation Name'] === 'user');
        expect(userReads, whyBranch).toHaveLength(1);
        const read = userReads[0] as PgNode;
        expect(read['Node Type'], whyBranch).toMatch(/^Index (Only )?Scan$/);
        expect(read['Index Name'], whyBranch).toMatch(/^user_search_group/);
        const condition = read['Index Cond'] ?? '';
        for (const part of [
          "status = 'active'",
          '"searchVisible" = true',
          `"bloodGroup" = '${expected.group}'`,
          ...expected.place,
        ])
          expect(condition, whyBranch).toContain(part);
      });
      // The alert filters (already alerted, withdrew, alerts off, weekly cap): keyed lookups.
      const others = nodesOf(root).filter(
        (node) => node['Relation Name'] && node['Relation Name'] !== 'user',
      );
      if (label.startsWith('matches for a'))
        expect(others.length, why).toBeGreaterThanOrEqual(4 * shape.branches.length);
      for (const lookup of others) expect(lookup['Index Cond'], why).toBeDefined();
      const sorts = nodesOf(root).filter((node) => /Sort/.test(node['Node Type']));
      if (!shape.merged) {
        expect(sorts, why).toEqual([]);
        return;
      }
      // The sort is above the branches: it sorts what they handed on, never a table.
      expect(sorts, why).toHaveLength(shape.sorts ?? 1);
      for (const sort of sorts) expect(nodesOf(sort), why).toContain(appends[0]);
      expect(appends[0]?.['Actual Rows'], why).toBeLessThanOrEqual(
        shape.take * shape.branches.length,
      );
    },
  );
});

// Issue 31 (decision 041): a person's export reads their longest lists along their own index,
// in its order; the retention purge finds the oldest rows of each kind along an index of their
// age. Neither walks a table nor sorts what it found.
const PRIVACY_WHOLE_TABLE =
  testEngine === 'sqlite'
    ? /^SCAN (contact|notification|job|auditLog|passwordResetToken|phoneVerification|donationRequest)( |$)(?!USING)|USE TEMP B-TREE FOR .*ORDER BY/
    : /Seq Scan|\bSort\b|Bitmap Heap Scan/;
const PERSON = '01900000-0000-7000-8000-000000000000';
const KEY = JSON.stringify(['2026-01-01T00:00:00.000Z', PERSON]);
const BEFORE = '2026-01-01T00:00:00.000Z';
const reader = (db: Kysely<Database>) => listReaders(db, { id: PERSON, email: 'a@example.org' });
const privacyReads: List[] = [
  ['export: requests made', (db) => reader(db).requests(undefined, 200), ['requesterId']],
  ['export: requests made, after a row', (db) => reader(db).requests(KEY, 200), ['requesterId']],
  ['export: notifications', (db) => reader(db).notifications(undefined, 200), ['userId']],
  ['export: notifications, after a row', (db) => reader(db).notifications(KEY, 200), ['userId']],
  ['export: audit entries about them', (db) => reader(db).auditEntries(PERSON, 200), []],
  ['export: contact messages', (db) => reader(db).contactMessages(undefined, 200), ['email']],
  ['retention: contact messages', (db) => retention.deleteContactsBefore(db, BEFORE, 500), []],
  ['retention: notifications', (db) => retention.deleteNotificationsBefore(db, BEFORE, 500), []],
  ['retention: finished jobs', (db) => retention.deleteJobsBefore(db, 'done', BEFORE, 500), []],
  ['retention: failed jobs', (db) => retention.deleteJobsBefore(db, 'failed', BEFORE, 500), []],
  ['retention: audit entries', (db) => retention.deleteAuditBefore(db, BEFORE, 500), []],
  [
    'retention: reset tokens',
    (db) => retention.deleteResetTokensBefore(db, BEFORE, BEFORE, 500),
    [],
  ],
  ['retention: phone codes', (db) => retention.deletePhoneCodesBefore(db, BEFORE, BEFORE, 500), []],
];

describe(`privacy query plans (${testEngine})`, () => {
  it.each(privacyReads)('%s reads through an index', async (_label, run, indexed) => {
    const queries = await recorded(run);
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      const plan = await planOf(query);
      const why = `${query.sql}\n${plan.join('\n')}`;
      expect(
        plan.filter((line) => PRIVACY_WHOLE_TABLE.test(line)),
        why,
      ).toEqual([]);
      for (const column of indexed) expect(indexCondition(plan, column), why).toBe(true);
    }
  });
});
