import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { donorGroupsForComponent } from '../../../common/compatibility.rules.ts';
import type { BloodComponent, BloodGroup } from '../../../common/constants.ts';
import type { DonationIntervals } from '../../../common/eligibility.rules.ts';
import type { MatchDistance } from '../../../common/match-response.schema.ts';
import type { Database } from '../../db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a request asks for, as matching reads it. */
export interface MatchTarget {
  /** Never matched to their own request; null once their account is gone. */
  requesterId: string | null;
  bloodGroup: BloodGroup;
  /** What it asks for: who may give it, and in what order (componentRank, issue 27). */
  component: BloodComponent;
  division: string;
  district: string;
  upazila: string | null;
}

/**
 * The moment matching judges eligibility and availability at, and the rest after each kind of
 * donation (a donor rests by what they last gave, decision 031).
 */
export interface MatchTime {
  now: Date;
  intervals: DonationIntervals;
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
 * Rested since their last donation: it is older than the rest its kind asks (null, a donation of
 * unknown kind, rests as whole blood). Each distinct interval is one term; the longest needs no
 * kind at all, since every rest is over by then.
 */
function rested(query: UserQuery, time: MatchTime): UserQuery {
  const byDays = new Map<number, BloodComponent[]>();
  for (const [component, days] of Object.entries(time.intervals) as [BloodComponent, number][]) {
    byDays.set(days, [...(byDays.get(days) ?? []), component]);
  }
  const longest = Math.max(...byDays.keys());
  const before = (days: number) => new Date(time.now.getTime() - days * DAY_MS).toISOString();
  return query.where((eb) =>
    eb.or([
      eb('user.lastDonationDate', 'is', null),
      ...[...byDays].map(([days, components]) => {
        const old = eb('user.lastDonationDate', '<=', before(days));
        if (days === longest) return old;
        const kind = components.includes('whole_blood')
          ? eb.or([
              eb('user.lastDonationComponent', 'is', null),
              eb('user.lastDonationComponent', 'in', components),
            ])
          : eb('user.lastDonationComponent', 'in', components);
        return eb.and([old, kind]);
      }),
    ]),
  );
}

/**
 * Active, visible, eligible and available donors of one blood group (everything but the place):
 * the conditions every index of donor search starts with, then the two that change with time.
 */
function donorsOf(db: Kysely<Database>, target: MatchTarget, group: BloodGroup, time: MatchTime) {
  let query: UserQuery = db
    .selectFrom('user')
    .where('user.status', '=', 'active')
    .where('user.searchVisible', '=', sql<boolean>`true`) // TRUE is 1 in SQLite, a boolean in PostgreSQL.
    .where('user.bloodGroup', '=', group);
  query = rested(query, time).where((eb) =>
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
 * not asked again for it), who pledged a bag of it (issue 27: standing, withdrawn or did not
 * come: found on the list, never alerted, they are not asked either), who turned alerts off, or
 * at the weekly cap.
 */
function alertable(query: UserQuery, limits: AlertLimits): UserQuery {
  return query
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('donationPledge')
            .select('donationPledge.donorId')
            .where('donationPledge.requestId', '=', limits.requestId)
            .whereRef('donationPledge.donorId', '=', 'user.id'),
        ),
      ),
    )
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
 * anywhere), by the request component's rank at each distance (the recipient's own group first,
 * then the other compatible groups; componentRank), then by name. Each (distance, group) pair is
 * read on its own through the donor-search index shaped for it and stops after `offset + limit`
 * rows, so a page costs at most that many rows per pair (4 distances × up to 8 groups), whatever
 * the number of donors.
 *
 * `spread` (a critical request for a rare group, issue 27) takes the upazila, district and
 * division side by side instead: the first of each, then the second of each, and so on, so a
 * wave reaches all three at once; anywhere farther still comes last.
 */
export function findMatches(
  db: Kysely<Database>,
  target: MatchTarget,
  time: MatchTime,
  page: { limit: number; offset: number; spread?: boolean },
  limits?: AlertLimits,
) {
  const take = page.offset + page.limit;
  const distances = DISTANCES.filter((d) => d !== 'upazila' || target.upazila !== null);
  const groups = donorGroupsForComponent(target.component, target.bloodGroup);
  const branches = distances.flatMap((distance, tier) =>
    groups.map(({ group, rank }) => {
      let query = atDistance(donorsOf(db, target, group, time), target, distance);
      if (limits) query = alertable(query, limits);
      return db
        .selectFrom(
          query
            .select([
              ...MATCH_COLUMNS,
              sql<number>`${sql.lit(tier)}`.as('tier'),
              sql<number>`${sql.lit(rank)}`.as('rank'),
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
  if (page.spread) {
    // Each tier's rows numbered in their own order; then the first of every near tier, the
    // second of every one, and so on.
    const numbered = db
      .selectFrom(union.as('match'))
      .selectAll()
      .select(
        sql<number>`row_number() over (partition by "tier" order by "rank", "name", "id")`.as(
          'place',
        ),
      );
    return db
      .selectFrom(numbered.as('numbered'))
      .select([
        'id',
        'name',
        'email',
        'image',
        'bloodGroup',
        'division',
        'district',
        'upazila',
        'tier',
        'rank',
        'distance',
      ])
      .orderBy(sql`case when "distance" = 'country' then 1 else 0 end`)
      .orderBy('place')
      .orderBy('tier')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }
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
  const groups = donorGroupsForComponent(target.component, target.bloodGroup);
  const branches = groups.map(({ group }) => {
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
