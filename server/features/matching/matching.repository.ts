import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { donorGroupsFor } from '../../../common/compatibility.rules.ts';
import type { BloodGroup } from '../../../common/constants.ts';
import type { MatchDistance } from '../../../common/match-response.schema.ts';
import type { Database } from '../../db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a request asks for, as matching reads it. */
export interface MatchTarget {
  /** Never matched to their own request; null once their account is gone. */
  requesterId: string | null;
  bloodGroup: BloodGroup;
  division: string;
  district: string;
  upazila: string | null;
}

/** The moment matching judges eligibility and availability at, and the donation interval. */
export interface MatchTime {
  now: Date;
  intervalDays: number;
}

/** Who may be alerted about one request: not yet alerted for it, alerts on, under the weekly cap. */
export interface AlertLimits {
  requestId: string;
  /** Alerts since this instant count towards the cap (a week before now). */
  since: string;
  perWeek: number;
}

/** Nearest first: same upazila, same district, same division, anywhere. */
const DISTANCES: readonly MatchDistance[] = ['upazila', 'district', 'division', 'country'];

const MATCH_COLUMNS = [
  'user.id',
  'user.name',
  'user.email',
  'user.image',
  'user.bloodGroup',
  'user.division',
  'user.district',
  'user.upazila',
] as const;

type UserQuery = SelectQueryBuilder<Database, 'user', object>;

/**
 * Active, visible, eligible and available donors of one blood group (everything but the place):
 * the conditions every index of donor search starts with, then the two that change with time.
 */
function donorsOf(db: Kysely<Database>, target: MatchTarget, group: BloodGroup, time: MatchTime) {
  const eligibleBefore = new Date(time.now.getTime() - time.intervalDays * DAY_MS).toISOString();
  let query: UserQuery = db
    .selectFrom('user')
    .where('user.status', '=', 'active')
    .where('user.searchVisible', '=', sql<boolean>`true`) // TRUE is 1 in SQLite, a boolean in PostgreSQL.
    .where('user.bloodGroup', '=', group)
    .where((eb) =>
      eb.or([
        eb('user.lastDonationDate', 'is', null),
        eb('user.lastDonationDate', '<=', eligibleBefore),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb('user.pausedUntil', 'is', null),
        eb('user.pausedUntil', '<=', time.now.toISOString()),
      ]),
    );
  if (target.requesterId) query = query.where('user.id', '<>', target.requesterId);
  return query;
}

/** Narrows to one distance tier; each tier excludes the nearer ones, so no donor is listed twice. */
function atDistance(query: UserQuery, target: MatchTarget, distance: MatchDistance): UserQuery {
  switch (distance) {
    case 'upazila':
      return query
        .where('user.upazila', '=', target.upazila)
        .where('user.district', '=', target.district);
    case 'district': {
      const inDistrict = query.where('user.district', '=', target.district);
      const upazila = target.upazila;
      return upazila === null
        ? inDistrict
        : inDistrict.where((eb) =>
            eb.or([eb('user.upazila', 'is', null), eb('user.upazila', '<>', upazila)]),
          );
    }
    case 'division':
      return query
        .where('user.division', '=', target.division)
        .where('user.district', '<>', target.district);
    case 'country':
      return query.where('user.division', '<>', target.division);
  }
}

/**
 * Leaves out donors already alerted for the request, who withdrew from it (issue 14: they are
 * not asked again for it), who turned alerts off, or at the weekly cap.
 */
function alertable(query: UserQuery, limits: AlertLimits): UserQuery {
  return query
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('requestWithdrawal')
            .select('requestWithdrawal.donorId')
            .where('requestWithdrawal.requestId', '=', limits.requestId)
            .whereRef('requestWithdrawal.donorId', '=', 'user.id'),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('requestAlert')
            .select('requestAlert.userId')
            .where('requestAlert.requestId', '=', limits.requestId)
            .whereRef('requestAlert.userId', '=', 'user.id'),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('notificationSetting')
            .select('notificationSetting.userId')
            .whereRef('notificationSetting.userId', '=', 'user.id')
            .where('notificationSetting.matchAlerts', '=', sql<boolean>`false`),
        ),
      ),
    )
    .where(
      (eb) =>
        eb
          .selectFrom('requestAlert as recent')
          .select((inner) => inner.fn.countAll<number>().as('count'))
          .whereRef('recent.userId', '=', 'user.id')
          .where('recent.createdAt', '>', limits.since),
      '<',
      limits.perWeek,
    );
}

/**
 * The donors who could give to `target`, nearest first (same upazila, district, division, then
 * anywhere), the recipient's own group before the other compatible groups at each distance, then
 * by name. Each (distance, group) pair is read on its own through the donor-search index shaped
 * for it and stops after `offset + limit` rows, so a page costs at most that many rows per pair
 * (4 distances × up to 8 groups), whatever the number of donors.
 */
export function findMatches(
  db: Kysely<Database>,
  target: MatchTarget,
  time: MatchTime,
  page: { limit: number; offset: number },
  limits?: AlertLimits,
) {
  const take = page.offset + page.limit;
  const distances = DISTANCES.filter((d) => d !== 'upazila' || target.upazila !== null);
  const branches = distances.flatMap((distance, tier) =>
    donorGroupsFor(target.bloodGroup).map((group) => {
      let query = atDistance(donorsOf(db, target, group, time), target, distance);
      if (limits) query = alertable(query, limits);
      return db
        .selectFrom(
          query
            .select([
              ...MATCH_COLUMNS,
              sql<number>`${sql.lit(tier)}`.as('tier'),
              sql<number>`${sql.lit(group === target.bloodGroup ? 0 : 1)}`.as('rank'),
              sql<MatchDistance>`${sql.lit(distance)}`.as('distance'),
            ])
            .orderBy('user.name')
            .orderBy('user.id')
            .limit(take)
            .as('branch'),
        )
        .selectAll();
    }),
  );
  const [first, ...rest] = branches;
  if (!first) return Promise.resolve([]);
  const union = rest.reduce((all, branch) => all.unionAll(branch), first);
  return db
    .selectFrom(union.as('match'))
    .selectAll()
    .orderBy('tier')
    .orderBy('rank')
    .orderBy('name')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export type MatchRow = Awaited<ReturnType<typeof findMatches>>[number];

/**
 * How many donors could give to `target` anywhere, counted up to `cap` + 1 (more means "over the
 * cap"): the work stops there, however many there are.
 */
export async function countMatches(
  db: Kysely<Database>,
  target: MatchTarget,
  time: MatchTime,
  cap: number,
  within?: 'district',
) {
  const branches = donorGroupsFor(target.bloodGroup).map((group) => {
    const query = donorsOf(db, target, group, time);
    return db
      .selectFrom(
        (within === 'district' ? query.where('user.district', '=', target.district) : query)
          .select('user.id')
          .limit(cap + 1)
          .as('branch'),
      )
      .selectAll();
  });
  const [first, ...rest] = branches;
  if (!first) return 0;
  const union = rest.reduce((all, branch) => all.unionAll(branch), first);
  const row = await db
    .selectFrom(union.limit(cap + 1).as('match'))
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
