import { type Kysely, sql } from 'kysely';
import {
  type BloodComponent,
  type BloodGroup,
  COUNT_CAP,
  type Role,
  type UserStatus,
} from '../../../common/constants.ts';
import {
  componentToRecord,
  type DonationIntervals,
  type LastDonation,
} from '../../../common/eligibility.rules.ts';
import geo from '../../../common/geo/bangladesh-geo.json' with { type: 'json' };
import type { Language } from '../../../common/languages.ts';
import { msg } from '../../../common/message-key.ts';
import type { DonorSearch, UpdateProfile } from '../../../common/user.schema.ts';
import { compiledByShape, type ParamOf } from '../../db/compiled-by-shape.ts';
import { serializedTransaction, toIso } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { forbidden } from '../../lib/errors.ts';
import { nowIso } from '../../lib/ids.ts';
import type { Slice } from '../../lib/pagination.ts';
import { eraseAccount, findErasable } from '../privacy/erase-account.ts';

const USER_COLUMNS = [
  'id',
  'name',
  'email',
  'image',
  'role',
  'status',
  'bloodGroup',
  'division',
  'district',
  'upazila',
  'lastDonationDate',
  'lastDonationComponent',
  'searchVisible',
  'pausedUntil',
  'createdAt',
] as const;

/** One user by email (emails are stored lowercase). */
export function findByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('user')
    .select(USER_COLUMNS)
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

/** One user by id. */
export function findById(db: Kysely<Database>, id: string) {
  return db.selectFrom('user').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findById>>>;

/** One user by id, with the language they chose (GET /api/users/me). */
export function findMeById(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('user')
    .select([...USER_COLUMNS, 'language'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The language a user chose (English until they choose). */
export async function findLanguageById(
  db: Kysely<Database>,
  id: string,
): Promise<Language | undefined> {
  const row = await db
    .selectFrom('user')
    .select('language')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.language;
}

/** Stores the language a user chose. */
export async function updateLanguage(db: Kysely<Database>, id: string, language: Language) {
  await db.updateTable('user').set({ language }).where('id', '=', id).execute();
}

/** A page of users, newest first, optionally only one status. Sort key: createdAt, id. */
export function findAll(
  db: Kysely<Database>,
  filter: { status?: UserStatus | undefined },
  slice: Slice,
) {
  let query = db.selectFrom('user').select(USER_COLUMNS);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (slice.after) {
    const [createdAt, id] = slice.after.map(String);
    query = query.where((eb) =>
      eb(eb.refTuple('createdAt', 'id'), '<', eb.tuple(createdAt as string, id as string)),
    );
  }
  return query
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(slice.limit)
    .offset(slice.offset)
    .execute();
}

/**
 * How many users findAll would list without paging, counted up to COUNT_CAP + 1 (more means
 * "over the cap"; decision 007): the work stops there however many there are.
 */
export async function countAll(db: Kysely<Database>, filter: { status?: UserStatus | undefined }) {
  let matches = db
    .selectFrom('user')
    .select('id')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(COUNT_CAP + 1);
  if (filter.status) matches = matches.where('status', '=', filter.status);
  const row = await db
    .selectFrom(matches.as('match'))
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Changes the user's own profile fields; answers how many rows changed (0 or 1). */
export async function updateProfile(db: Kysely<Database>, id: string, fields: UpdateProfile) {
  const { searchVisible, ...rest } = fields;
  const result = await db
    .updateTable('user')
    .set({
      ...rest,
      ...(searchVisible === undefined ? {} : { searchVisible: searchVisible ? 1 : 0 }),
      updatedAt: nowIso(),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Records a donation today (Mark As Donated, or a donated pledge), and what it gave (decision
 * 031). Mark As Donated gives nothing: unknown, which rests as whole blood. A pledge gives its
 * request's component, stored as componentToRecord (common/eligibility.rules.ts) decides against
 * the donor's previous donation when the rests are known (`intervals`): a shorter rest never cuts
 * a longer one short.
 */
export async function markDonated(
  db: Kysely<Database>,
  id: string,
  at: string = nowIso(),
  given?: { component: BloodComponent; intervals?: DonationIntervals },
) {
  let component: BloodComponent | null = given?.component ?? null;
  if (given?.intervals) {
    const previous = await findLastDonation(db, id);
    component = componentToRecord(previous, given.component, new Date(at), given.intervals);
  }
  const result = await db
    .updateTable('user')
    .set({ lastDonationDate: at, lastDonationComponent: component, updatedAt: nowIso() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The donor's last donation: when, and what it gave (null: unknown, rests as whole blood). */
export async function findLastDonation(db: Kysely<Database>, id: string): Promise<LastDonation> {
  const row = await db
    .selectFrom('user')
    .select(['lastDonationDate', 'lastDonationComponent'])
    .where('id', '=', id)
    .executeTakeFirst();
  return {
    date: toIso(row?.lastDonationDate ?? null),
    component: row?.lastDonationComponent ?? null,
  };
}

/** Who asks for an admin change; the admin CLI and start-up promotion act as no one. */
export interface AdminActor {
  actorId?: string | undefined;
  /** Runs in the change's transaction once it changed a row (the audit log's entry). */
  onChanged?: ((trx: Kysely<Database>) => Promise<void>) | undefined;
  /** Runs in the change's transaction just before it (to lock what onChanged will update). */
  beforeChange?: ((trx: Kysely<Database>) => Promise<void>) | undefined;
}

const anotherActiveAdmin = (id: string) =>
  sql<boolean>`("role" <> 'admin' or exists (select 1 from "user" as "other" where "other"."role" = 'admin' and "other"."status" = 'active' and "other"."id" <> ${id}))`;

/**
 * Runs an admin change so that at least one active admin remains: when the change may take an
 * admin away (demote, block, delete) and `id` is the last active admin (or is gone), answers 0
 * without changing anything. Serialized with every other admin change, so two admins acting on
 * each other at once cannot both pass the check. When an actor is named, they must still be an
 * active admin by then: an admin removed a moment ago has their request in flight refused (403),
 * as it would have been had it come a moment later.
 */
function guardedAdminChange(
  db: Kysely<Database>,
  id: string,
  { actorId, onChanged, beforeChange }: AdminActor,
  removesAdmin: boolean,
  change: (trx: Kysely<Database>) => Promise<number>,
) {
  return serializedTransaction(db, 'admins', async (trx) => {
    if (removesAdmin) {
      const allowed = await trx
        .selectFrom('user')
        .select('id')
        .where('id', '=', id)
        .where(anotherActiveAdmin(id))
        .executeTakeFirst();
      if (!allowed) return 0;
    }
    if (actorId !== undefined) {
      const actor = await trx
        .selectFrom('user')
        .select('id')
        .where('id', '=', actorId)
        .where('role', '=', 'admin')
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (!actor) throw forbidden(msg('errors.users.noLongerAdmin'));
    }
    if (beforeChange) await beforeChange(trx);
    const changed = await change(trx);
    if (changed && onChanged) await onChanged(trx);
    return changed;
  });
}

/** Sets the role. Answers 0 when the user does not exist or is the last admin being demoted. */
export async function setRole(
  db: Kysely<Database>,
  id: string,
  role: Role,
  actor: AdminActor = {},
) {
  const update = async (trx: Kysely<Database>) => {
    const query = trx.updateTable('user').set({ role, updatedAt: nowIso() }).where('id', '=', id);
    return Number((await query.executeTakeFirst()).numUpdatedRows);
  };
  return guardedAdminChange(db, id, actor, role !== 'admin', update);
}

/**
 * Blocks or unblocks; blocking ends every session of the user and voids their password-reset
 * links in the same transaction.
 */
export async function setStatus(
  db: Kysely<Database>,
  id: string,
  status: UserStatus,
  actor: AdminActor = {},
) {
  const update = async (trx: Kysely<Database>) => {
    const query = trx.updateTable('user').set({ status, updatedAt: nowIso() }).where('id', '=', id);
    const changed = Number((await query.executeTakeFirst()).numUpdatedRows);
    if (changed && status === 'block') {
      await trx.deleteFrom('session').where('userId', '=', id).execute();
      // A reset link sent before the block must not open the account after an unblock either.
      await trx.deleteFrom('passwordResetToken').where('userId', '=', id).execute();
    }
    return changed;
  };
  return guardedAdminChange(db, id, actor, status === 'block', update);
}

/**
 * Deletes the user and erases them (issue 31, decision 040, after 004): their requests nobody
 * else is on go; what others rely on stays with a placeholder for the name and no email
 * (server/features/privacy/erase-account.ts). Never the last active admin (answers 0). The names
 * of their photos come back in `files`, to delete from storage after the commit.
 */
/** The hash of the user's password (their credential account's), or undefined without one. */
export async function findPasswordHash(db: Kysely<Database>, userId: string) {
  const account = await db
    .selectFrom('account')
    .select('password')
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .executeTakeFirst();
  return account?.password ?? undefined;
}

export async function deleteById(
  db: Kysely<Database>,
  id: string,
  at: Date,
  actor: AdminActor = {},
) {
  return guardedAdminChange(db, id, actor, true, async (trx) => {
    const person = await findErasable(trx, id);
    if (!person) return 0;
    await eraseAccount(trx, person, at);
    return 1;
  });
}

/** Active, visible donors matching the filters, by name. Sort key: name, id. */
export function searchDonors(db: Kysely<Database>, filters: DonorSearch, slice: Slice) {
  const matching = donorFilters(filters);
  const [afterName, afterId] = slice.after?.map(String) ?? [];
  return donorPage(
    db,
    { ...shapeOf(matching), after: slice.after !== undefined },
    { ...matching, afterName, afterId, limit: slice.limit, offset: slice.offset },
  );
}

/**
 * How many donors searchDonors would list without paging, counted up to COUNT_CAP + 1 (more
 * means "over the cap"): the work stops there however many match.
 */
export async function countDonors(db: Kysely<Database>, filters: DonorSearch) {
  const matching = donorFilters(filters);
  const [row] = await donorCount(db, shapeOf(matching), matching);
  return Number(row?.count ?? 0);
}

/**
 * The donor search's two statements, built and compiled by Kysely once per shape (which filters
 * are set, whether the page follows a cursor), each call binding its own values (decision 053:
 * building and compiling them on every request was 12–15% of a public search's CPU).
 */
const donorPage = compiledByShape(
  (db: Kysely<Database>, shape: DonorShape & { after: boolean }, param: ParamOf) => {
    let query = donorQuery(db, filtersOf(shape, param));
    if (shape.after) {
      query = query.where((eb) =>
        eb(
          eb.refTuple('name', 'id'),
          '>',
          eb.tuple(param<string>('afterName'), param<string>('afterId')),
        ),
      );
    }
    return query
      .select([
        'id',
        'name',
        'email',
        'image',
        'bloodGroup',
        'division',
        'district',
        'upazila',
        'lastDonationDate',
        'lastDonationComponent',
        'pausedUntil',
      ])
      .orderBy('name')
      .orderBy('id')
      .limit(param<number>('limit'))
      .offset(param<number>('offset'));
  },
);

const donorCount = compiledByShape((db: Kysely<Database>, shape: DonorShape, param: ParamOf) => {
  // In the list's own order: so every engine counts along the list's index and stops at the
  // cap (left unordered, PostgreSQL may prefer to filter the table from its start).
  const matches = donorQuery(db, filtersOf(shape, param))
    .select('id')
    .orderBy('name')
    .orderBy('id')
    .limit(COUNT_CAP + 1);
  return db.selectFrom(matches.as('match')).select((eb) => eb.fn.countAll<number>().as('count'));
});

/** Which filters a search sets: the choices that change its SQL. */
type DonorShape = { [Name in keyof DonorFilters]: boolean };

const shapeOf = (filters: DonorFilters): DonorShape => ({
  bloodGroup: filters.bloodGroup !== undefined,
  upazila: filters.upazila !== undefined,
  district: filters.district !== undefined,
  division: filters.division !== undefined,
  nowhere: filters.nowhere,
});

/** The filters of a shape, each value a stand-in bound on every call. */
const filtersOf = (shape: DonorShape, param: ParamOf): DonorFilters => ({
  bloodGroup: shape.bloodGroup ? param<BloodGroup>('bloodGroup') : undefined,
  upazila: shape.upazila ? param<string>('upazila') : undefined,
  district: shape.district ? param<string>('district') : undefined,
  division: shape.division ? param<string>('division') : undefined,
  nowhere: shape.nowhere,
});

/** Each district's division, by English name (the reference data; names are unique). */
const DIVISION_OF_DISTRICT = new Map(
  geo.districts.map((district) => [
    district.name,
    geo.divisions.find((division) => division.id === district.divisionId)?.name,
  ]),
);

/** The districts that have an upazila of each name (a few names occur in two or more). */
const DISTRICTS_OF_UPAZILA = new Map<string, string[]>();
for (const upazila of geo.upazilas) {
  const district = geo.districts.find((d) => d.id === upazila.districtId)?.name;
  if (!district) continue;
  DISTRICTS_OF_UPAZILA.set(upazila.name, [
    ...(DISTRICTS_OF_UPAZILA.get(upazila.name) ?? []),
    district,
  ]);
}

/** The filters as SQL is given them: the place by its narrowest parts. */
/** A type, not an interface: the compiled queries bind it as their values by name. */
type DonorFilters = {
  bloodGroup: BloodGroup | undefined;
  upazila: string | undefined;
  district: string | undefined;
  /** Only when no district is known (a district names its division). */
  division: string | undefined;
  /** The district lies in another division than the one asked for: nothing matches. */
  nowhere: boolean;
};

/**
 * The place is given to SQL as its narrowest parts, each index starting with them (migrations
 * 005, 009, 010): the upazila with its district, else the district, else the division. The wider
 * place is checked against the reference data here rather than in SQL, where it would tempt the
 * planner to walk a whole division's donors.
 */
function donorFilters(filters: DonorSearch): DonorFilters {
  // An upazila given alone names its district too, when only one district has that name.
  const upazilaDistricts = filters.upazila ? DISTRICTS_OF_UPAZILA.get(filters.upazila) : undefined;
  const district =
    filters.district ?? (upazilaDistricts?.length === 1 ? upazilaDistricts[0] : undefined);
  return {
    bloodGroup: filters.bloodGroup || undefined,
    upazila: filters.upazila || undefined,
    district: district || undefined,
    division: (!district && filters.division) || undefined,
    nowhere: Boolean(
      district && filters.division && DIVISION_OF_DISTRICT.get(district) !== filters.division,
    ),
  };
}

/** The donors a search selects (active, visible, matching each filter set). */
function donorQuery(db: Kysely<Database>, filters: DonorFilters) {
  let query = db
    .selectFrom('user')
    .where('status', '=', 'active')
    .where('searchVisible', '=', sql<boolean>`true`); // TRUE is 1 in SQLite, a boolean in PostgreSQL;
  if (filters.bloodGroup) query = query.where('bloodGroup', '=', filters.bloodGroup);
  if (filters.upazila) query = query.where('upazila', '=', filters.upazila);
  if (filters.district) query = query.where('district', '=', filters.district);
  if (filters.division) query = query.where('division', '=', filters.division);
  if (filters.nowhere) query = query.where(sql<boolean>`1 = 0`);
  return query;
}
