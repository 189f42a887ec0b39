import type { Kysely, Migration } from 'kysely';

// Frozen: never edit after release. Reference tables for Bangladesh's divisions, districts
// and upazilas; the rows are loaded by server/db/seed.ts.
export const geo: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('division')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('bnName', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('district')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('divisionId', 'integer', (c) => c.notNull().references('division.id'))
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('bnName', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('district_division_idx')
      .on('district')
      .column('divisionId')
      .execute();
    await db.schema
      .createTable('upazila')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('districtId', 'integer', (c) => c.notNull().references('district.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('bnName', 'text', (c) => c.notNull())
      .addUniqueConstraint('upazila_district_name_unique', ['districtId', 'name'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('upazila').execute();
    await db.schema.dropTable('district').execute();
    await db.schema.dropTable('division').execute();
  },
};
