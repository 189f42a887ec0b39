import type { ColumnType, Generated } from 'kysely';

/**
 * Timestamps are written as ISO-8601 UTC strings on both engines; PostgreSQL (timestamptz) reads
 * them back as Date, SQLite (text) as string. `toIso` in dialect.ts turns either into a string.
 */
export type Timestamp = ColumnType<Date | string, string, string>;
/** Booleans are integers 0/1 on SQLite and real booleans on PostgreSQL; see `toBool`. */
export type Bool = ColumnType<boolean | number, boolean | number, boolean | number>;

export interface DivisionTable {
  id: number;
  name: string;
  bnName: string;
}

export interface DistrictTable {
  id: number;
  divisionId: number;
  name: string;
  bnName: string;
}

export interface UpazilaTable {
  id: number;
  districtId: number;
  name: string;
  bnName: string;
}

export interface ContactTable {
  id: string;
  name: string;
  phone: string;
  email: string;
  message: string;
  createdAt: Timestamp;
}

export interface Database {
  contact: ContactTable;
  division: DivisionTable;
  district: DistrictTable;
  upazila: UpazilaTable;
}

export type Generate<T> = Generated<T>;
