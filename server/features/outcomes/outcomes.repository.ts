import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { BUCKET_COUNT, type OutcomeCounts } from '../../../common/outcomes.rules.ts';
import type { OutcomeGroup } from '../../../common/outcomes.schema.ts';
import type { Database } from '../../db/schema.ts';
import type { PeriodRows } from './period.ts';

export interface OutcomeFilters {
  division?: string | undefined;
  urgency?: string | undefined;
  component?: string | undefined;
  bloodGroup?: string | undefined;
}

/** The rollup's count columns besides the buckets (the bench fills them too). */
export const SUMMED = [
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
] as const;
const BUCKETS = Array.from({ length: BUCKET_COUNT }, (_, i) => i);

/**
 * The counts of the requests made in `rows`'s period, matching `filters`, in total (key '') or
 * per `groupBy`. Reads the rollup only (issue 29, decision 034): a bounded number of rows.
 */
export async function sumOutcomes(
  db: Kysely<Database>,
  rows: PeriodRows,
  filters: OutcomeFilters,
  groupBy: OutcomeGroup | null,
): Promise<Array<{ key: string; counts: OutcomeCounts }>> {
  const keyExpression =
    groupBy === null
      ? sql<string>`''`
      : groupBy === 'month'
        ? sql<string>`substr(${sql.ref('period')}, 1, 7)`
        : groupBy === 'day'
          ? // The caller reads day rows only (YYYY-MM-DD) for this grouping.
            sql<string>`${sql.ref('period')}`
          : sql<string>`${sql.ref(groupBy)}`;
  const sums = [
    ...SUMMED.map((column) => sql<number>`sum(${sql.ref(column)})`.as(column)),
    ...BUCKETS.flatMap((b) => [
      sql<number>`sum(${sql.ref(`firstPledgeB${b}`)})`.as(`firstPledgeB${b}`),
      sql<number>`sum(${sql.ref(`allPledgedB${b}`)})`.as(`allPledgedB${b}`),
    ]),
  ];
  let query = db
    .selectFrom('outcomeRollup')
    .select([keyExpression.as('key'), ...sums])
    .where((eb: ExpressionBuilder<Database, 'outcomeRollup'>) =>
      eb.or([
        ...(rows.months
          ? [
              eb.and([
                eb('grain', '=', 'month'),
                eb('period', '>=', rows.months[0]),
                eb('period', '<=', rows.months[1]),
              ]),
            ]
          : []),
        ...rows.days.map(([first, last]) =>
          eb.and([eb('grain', '=', 'day'), eb('period', '>=', first), eb('period', '<=', last)]),
        ),
      ]),
    );
  for (const column of ['division', 'urgency', 'component', 'bloodGroup'] as const) {
    const value = filters[column];
    if (value !== undefined) query = query.where(column, '=', value);
  }
  if (groupBy !== null) query = query.groupBy(keyExpression).orderBy(keyExpression);
  const result = (await query.execute()) as Array<Record<string, unknown>>;
  const n = (value: unknown) => Number(value ?? 0);
  return result
    .filter((row) => row.requests !== null)
    .map((row) => ({
      key: String(row.key),
      counts: {
        requests: n(row.requests),
        bagsRequested: n(row.bagsRequested),
        bagsDonated: n(row.bagsDonated),
        servedOnTime: n(row.servedOnTime),
        alerts: n(row.alerts),
        alertEmails: n(row.alertEmails),
        pledges: n(row.pledges),
        withdrawals: n(row.withdrawals),
        noShows: n(row.noShows),
        firstPledged: n(row.firstPledged),
        allPledged: n(row.allPledged),
        firstPledgeHistogram: BUCKETS.map((b) => n(row[`firstPledgeB${b}`])),
        allPledgedHistogram: BUCKETS.map((b) => n(row[`allPledgedB${b}`])),
      },
    }));
}
