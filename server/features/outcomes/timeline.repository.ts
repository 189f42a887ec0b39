import { type Kysely, sql } from 'kysely';
import { todayInDhaka } from '../../../common/dhaka-date.ts';
import { bucketOf } from '../../../common/outcomes.rules.ts';
import { toIso } from '../../db/dialect.ts';
import type { Database, OutcomeRollupTable } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';

// Issue 29 (decision 034): a request's timeline, and the daily counts of outcomes, written in the
// transaction of the change that causes them: they commit or roll back with it.

/** What the timeline records of each event (its kind), and what each adds to the counts. */
export type TimelineKind =
  | 'created'
  | 'wave'
  | 'alert'
  | 'pledged'
  | 'all_pledged'
  | 'withdrawn'
  | 'no_show'
  | 'donated'
  | 'bags_changed'
  | 'done'
  | 'canceled'
  | 'expired'
  | 'removed'
  | 'hidden'
  | 'shown'
  | 'flagged'
  | 'confirmation_due';

type CountColumn = Exclude<
  keyof OutcomeRollupTable,
  'grain' | 'period' | 'division' | 'urgency' | 'component' | 'bloodGroup'
>;
type Deltas = Partial<Record<CountColumn, number>>;

const CELL = ['grain', 'period', 'division', 'urgency', 'component', 'bloodGroup'] as const;

/** Adds `deltas` to the counts of the request's day and month. */
async function addToRollup(
  db: Kysely<Database>,
  cell: { day: string; division: string; urgency: string; component: string; bloodGroup: string },
  deltas: Deltas,
) {
  const entries = Object.entries(deltas).filter(([, n]) => n !== 0) as Array<[CountColumn, number]>;
  if (entries.length === 0) return;
  const key = {
    division: cell.division,
    urgency: cell.urgency,
    component: cell.component,
    bloodGroup: cell.bloodGroup,
  };
  for (const [grain, period] of [
    ['day', cell.day],
    ['month', cell.day.slice(0, 7)],
  ] as const) {
    await db
      .insertInto('outcomeRollup')
      .values({ grain, period, ...key, ...Object.fromEntries(entries) })
      .onConflict((oc) =>
        oc
          .columns([...CELL])
          .doUpdateSet(
            Object.fromEntries(
              entries.map(([column]) => [
                column,
                sql<number>`${sql.ref(`outcomeRollup.${column}`)} + ${sql.ref(`excluded.${column}`)}`,
              ]),
            ),
          ),
      )
      .execute();
  }
}

let lastId = '';

/**
 * A new row's id (a UUIDv7), always above the last one this process made: rows of one instant
 * (a wave and its alerts, a bag donated and done) read back in the order they were written,
 * ordered by `at` then id. UUIDv7s of the same millisecond are otherwise in random order.
 */
function timelineId(): string {
  let id = newId();
  if (id <= lastId) {
    const next = (BigInt(`0x${lastId.replaceAll('-', '')}`) + 1n).toString(16).padStart(32, '0');
    id = `${next.slice(0, 8)}-${next.slice(8, 12)}-${next.slice(12, 16)}-${next.slice(16, 20)}-${next.slice(20)}`;
  }
  lastId = id;
  return id;
}

/** Adds rows to the request's timeline. */
async function insertTimeline(
  db: Kysely<Database>,
  rows: Array<{ requestId: string; kind: TimelineKind; channel?: string; at: string }>,
) {
  if (rows.length === 0) return;
  const ids = rows.map(() => timelineId());
  await db
    .insertInto('requestTimeline')
    .values(
      rows.map((row, i) => ({
        id: ids[i] as string,
        requestId: row.requestId,
        kind: row.kind,
        channel: row.channel ?? null,
        at: row.at,
      })),
    )
    .execute();
}

/** The instant a request's blood is needed: its date and time in Dhaka. */
const neededAt = (donationDate: string, donationTime: string) =>
  new Date(`${donationDate}T${donationTime}:00+06:00`).getTime();

const minutesBetween = (from: Date | string, to: string) =>
  (new Date(to).getTime() - new Date(toIso(from)).getTime()) / 60_000;

/**
 * Records what happened to request `requestId` at `at` (one event's rows: `kinds`, plus
 * `counts` it adds: a pledge, a withdrawal, a did-not-come), then brings the request's counts
 * up to date with the request as it stands in this transaction: bags asked and donated, its
 * first pledge, every bag pledged, served on time. `created` starts its counts (a request made
 * before the timeline existed has none, and is only recorded on its timeline).
 */
export async function recordRequestChange(
  db: Kysely<Database>,
  change: {
    requestId: string;
    kinds: TimelineKind[];
    counts?: Deltas;
    at: Date;
  },
) {
  const at = change.at.toISOString();
  const { requestId } = change;
  const request = await db
    .selectFrom('donationRequest')
    .select([
      'division',
      'urgency',
      'component',
      'bloodGroup',
      'bags',
      'bagsPledged',
      'bagsDonated',
      'donationDate',
      'donationTime',
    ])
    .where('id', '=', requestId)
    .executeTakeFirst();
  // Gone (deleted in this transaction): nothing to hang the rows on.
  if (!request) return;
  const rows: Array<{ requestId: string; kind: TimelineKind; at: string }> = change.kinds.map(
    (kind) => ({ requestId, kind, at }),
  );
  let outcome = await db
    .selectFrom('requestOutcome')
    .selectAll()
    .where('requestId', '=', requestId)
    .executeTakeFirst();
  const deltas: Deltas = { ...change.counts };
  if (!outcome && change.kinds.includes('created')) {
    // Its creation as the timeline has it (the change's clock), which waits are measured from.
    const createdAt = at;
    const fresh = {
      requestId,
      // The day (in Dhaka) the request was made: the counts are by the requests made in a period.
      day: todayInDhaka(new Date(createdAt)),
      division: request.division,
      urgency: request.urgency,
      component: request.component,
      bloodGroup: request.bloodGroup,
      createdAt,
      bags: 0,
      bagsDonated: 0,
      firstPledgeAt: null,
      allPledgedAt: null,
      servedOnTime: 0,
    };
    await db.insertInto('requestOutcome').values(fresh).execute();
    outcome = fresh;
    deltas.requests = 1;
  }
  if (!outcome) {
    await insertTimeline(db, rows);
    return;
  }
  const bags = Number(request.bags);
  const pledged = Number(request.bagsPledged);
  const donated = Number(request.bagsDonated);
  let firstPledgeAt = outcome.firstPledgeAt === null ? null : toIso(outcome.firstPledgeAt);
  let allPledgedAt = outcome.allPledgedAt === null ? null : toIso(outcome.allPledgedAt);
  if (firstPledgeAt === null && (pledged > 0 || donated > 0)) {
    firstPledgeAt = at;
    deltas.firstPledged = 1;
    deltas[`firstPledgeB${bucketOf(minutesBetween(outcome.createdAt, at))}` as CountColumn] = 1;
  }
  if (allPledgedAt === null && pledged >= bags) {
    allPledgedAt = at;
    rows.push({ requestId, kind: 'all_pledged', at });
    deltas.allPledged = 1;
    deltas[`allPledgedB${bucketOf(minutesBetween(outcome.createdAt, at))}` as CountColumn] = 1;
  }
  // Served on time: every bag donated, and every bag was pledged by the time it was needed.
  const servedOnTime =
    donated >= bags &&
    allPledgedAt !== null &&
    new Date(allPledgedAt).getTime() <= neededAt(request.donationDate, request.donationTime)
      ? 1
      : 0;
  deltas.bagsRequested = bags - Number(outcome.bags);
  deltas.bagsDonated = donated - Number(outcome.bagsDonated);
  deltas.servedOnTime = servedOnTime - Number(outcome.servedOnTime);
  await insertTimeline(db, rows);
  await db
    .updateTable('requestOutcome')
    .set({ bags, bagsDonated: donated, firstPledgeAt, allPledgedAt, servedOnTime })
    .where('requestId', '=', requestId)
    .execute();
  await addToRollup(db, outcome, deltas);
}

/**
 * One alert sent to one donor about request `requestId` at `at`, by `channels` (in-app always,
 * email when the donor wants it). The wave it belongs to is recorded with its first alert: the
 * alerts of a wave are all sent at its one instant.
 */
export async function recordAlertSent(
  db: Kysely<Database>,
  alert: { requestId: string; at: Date; channels: Array<'in_app' | 'email'> },
) {
  const at = alert.at.toISOString();
  const { requestId } = alert;
  const waveRecorded = await db
    .selectFrom('requestTimeline')
    .select('id')
    .where('requestId', '=', requestId)
    .where('at', '=', at)
    .where('kind', '=', 'wave')
    .executeTakeFirst();
  await insertTimeline(db, [
    ...(waveRecorded ? [] : [{ requestId, kind: 'wave' as const, at }]),
    ...alert.channels.map((channel) => ({ requestId, kind: 'alert' as const, channel, at })),
  ]);
  const outcome = await db
    .selectFrom('requestOutcome')
    .select(['day', 'division', 'urgency', 'component', 'bloodGroup'])
    .where('requestId', '=', requestId)
    .executeTakeFirst();
  if (!outcome) return;
  await addToRollup(db, outcome, {
    alerts: alert.channels.includes('in_app') ? 1 : 0,
    alertEmails: alert.channels.includes('email') ? 1 : 0,
  });
}
