import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** All divisions, by English name. */
export function findAllDivisions(db: Kysely<Database>) {
  return db.selectFrom('division').select(['id', 'name', 'bnName']).orderBy('name').execute();
}

/** Districts, optionally only those of one division, by English name. */
export function findDistricts(db: Kysely<Database>, divisionId?: number) {
  let query = db.selectFrom('district').select(['id', 'divisionId', 'name', 'bnName']);
  if (divisionId !== undefined) query = query.where('divisionId', '=', divisionId);
  return query.orderBy('name').execute();
}

/** Upazilas, optionally only those of one district, by English name. */
export function findUpazilas(db: Kysely<Database>, districtId?: number) {
  let query = db.selectFrom('upazila').select(['id', 'districtId', 'name', 'bnName']);
  if (districtId !== undefined) query = query.where('districtId', '=', districtId);
  return query.orderBy('name').execute();
}

/** The district with this English name, with its division's name; undefined when unknown. */
export function findDistrictByName(db: Kysely<Database>, name: string) {
  return db
    .selectFrom('district')
    .innerJoin('division', 'division.id', 'district.divisionId')
    .select(['district.id', 'district.name', 'division.name as divisionName'])
    .where('district.name', '=', name)
    .executeTakeFirst();
}

/** True when the district (by id) has an upazila of this English name. */
export async function hasUpazila(db: Kysely<Database>, districtId: number, name: string) {
  const row = await db
    .selectFrom('upazila')
    .select('id')
    .where('districtId', '=', districtId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row !== undefined;
}
