import type { Kysely, Migration } from 'kysely';

// Frozen: never edit after release. Issue 29 (decision 034): the measures of outcomes, counted
// per day and per month, so that any period reads at most a few thousand rows.
//
// One row per grain ('day': period YYYY-MM-DD; 'month': period YYYY-MM, the sum of its days),
// period and cell (division, urgency, component, blood group) of the requests created then,
// kept in the transaction of each change. Times to the first pledge and to every bag pledged are
// counted in 12 fixed buckets of minutes (decision 034): [0,5) [5,10) [10,15) [15,30) [30,60)
// [60,120) [120,240) [240,480) [480,720) [720,1440) [1440,2880) [2880,∞).
const BUCKETS = 12;

export const outcomeRollup: Migration = {
  async up(db: Kysely<unknown>) {
    let table = db.schema
      .createTable('outcomeRollup')
      .addColumn('grain', 'text', (c) => c.notNull())
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('division', 'text', (c) => c.notNull())
      .addColumn('urgency', 'text', (c) => c.notNull())
      .addColumn('component', 'text', (c) => c.notNull())
      .addColumn('bloodGroup', 'text', (c) => c.notNull());
    const counts = [
      'requests',
      'bagsRequested',
      'bagsDonated',
      'servedOnTime',
      'alerts',
      'alertEmails',
      'pledges',
      'withdrawals',
      'noShows',
      'firstPledged',
      'allPledged',
    ];
    for (let b = 0; b < BUCKETS; b++) counts.push(`firstPledgeB${b}`, `allPledgedB${b}`);
    for (const name of counts) {
      table = table.addColumn(name, 'integer', (c) => c.notNull().defaultTo(0));
    }
    // The upsert's target, and a period's range scan.
    await table
      .addPrimaryKeyConstraint('outcome_rollup_pk', [
        'grain',
        'period',
        'division',
        'urgency',
        'component',
        'bloodGroup',
      ])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('outcomeRollup').execute();
  },
};
