import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { testEngine } from '../test/test-app.ts';
import { unmigratedDatabases } from '../test/unmigrated-databases.ts';
import type { DatabaseHandle } from './dialect.ts';
import { migratorFor } from './migrate.ts';

// 021-request-lifecycle admits the status `expired` (SQLite: a rebuild of the requests table).
// Every stored request must come through unchanged, every index and CHECK must survive, the
// rows of other tables that refer to requests must be left exactly as they were (the rebuild's
// drop would otherwise set them to null or delete them), and down must undo it.

const databases = unmigratedDatabases();
afterAll(() => databases.closeAll());
const freshHandle = () => databases.fresh();

const NOW = '2025-01-01T00:00:00.000Z';

const user = (id: string) => ({
  id,
  name: `User ${id}`,
  email: `${id}@example.org`,
  emailVerified: 0,
  image: null,
  createdAt: NOW,
  updatedAt: NOW,
  role: 'donor' as const,
  status: 'active' as const,
  bloodGroup: 'O+' as const,
  division: 'Khulna',
  district: 'Khulna',
  upazila: null,
  lastDonationDate: null,
  searchVisible: 1,
});

const request = (id: string, status: string, donorId: string | null) => ({
  id,
  requesterId: 'a',
  requesterName: 'User a',
  requesterEmail: 'a@example.org',
  recipientName: 'Ayesha Khatun',
  bloodGroup: 'A-',
  division: 'Khulna',
  district: 'Khulna',
  upazila: null,
  hospitalName: 'Khulna Medical College Hospital',
  fullAddress: 'KDA Avenue, Khulna',
  donationDate: '2030-01-02',
  donationTime: '10:30',
  requestMessage: 'Needed for surgery.',
  status,
  donorId,
  donorName: donorId ? `User ${donorId}` : null,
  donorEmail: donorId ? `${donorId}@example.org` : null,
  createdAt: NOW,
  updatedAt: NOW,
});

/** The index names on the requests table. */
async function indexes(handle: DatabaseHandle): Promise<string[]> {
  const rows =
    handle.engine === 'postgres'
      ? await sql<{ name: string }>`select indexname as name from pg_indexes
          where schemaname = current_schema() and tablename = 'donationRequest'`.execute(handle.db)
      : await sql<{ name: string }>`select name from sqlite_master
          where type = 'index' and tbl_name = 'donationRequest'`.execute(handle.db);
  return rows.rows.map((r) => r.name).sort();
}

describe(`migration 021-request-lifecycle (${testEngine})`, () => {
  it('keeps every request, index and the other tables’ references; admits expired; down undoes it', async () => {
    const handle = await freshHandle();
    // Raw rows: the app's types describe the latest schema, not 013's.
    const db = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const migrator = await migratorFor(handle);
    expect((await migrator.migrateTo('013-uploads')).error).toBeUndefined();
    for (const id of ['a', 'b']) await db.insertInto('user').values(user(id)).execute();
    await db
      .insertInto('donationRequest')
      .values(request('r1', 'inprogress', 'b'))
      .execute();
    await db
      .insertInto('donationRequest')
      .values(request('r2', 'pending', null))
      .execute();
    // Tables of other features that refer to requests (as issue 13's notifications will).
    await sql`create table "noteAbout" ("id" text primary key, "requestId" text references "donationRequest"("id") on delete set null)`.execute(
      db,
    );
    await sql`create table "partOf" ("id" text primary key, "requestId" text not null references "donationRequest"("id") on delete cascade)`.execute(
      db,
    );
    await sql`insert into "noteAbout" values ('n1', 'r1'), ('n2', null)`.execute(db);
    await sql`insert into "partOf" values ('p1', 'r2')`.execute(db);
    const read = () => db.selectFrom('donationRequest').selectAll().orderBy('id').execute();
    const stored = await read();
    const indexesBefore = await indexes(handle);

    expect((await migrator.migrateTo('021-request-lifecycle')).error).toBeUndefined();

    const after = await read();
    expect(after.map((row) => ({ ...row, createdAt: stored[0]?.createdAt }))).toEqual(
      stored.map((row) => ({
        ...row,
        createdAt: stored[0]?.createdAt,
        verifiedAt: null,
        verifiedById: null,
        verifiedByName: null,
        openReports: 0,
        lastReportedAt: null,
        removedAt: null,
        removedById: null,
        removedReason: null,
        confirmationAskedAt: null,
      })),
    );
    expect(await indexes(handle)).toEqual(
      [
        ...indexesBefore,
        'donation_request_donor_history_idx',
        'donation_request_reported_idx',
        'donation_request_verified_open_idx',
      ].sort(),
    );
    // Nothing outside the table changed.
    expect(
      (
        await sql<{
          id: string;
          requestId: string | null;
        }>`select * from "noteAbout" order by "id"`.execute(db)
      ).rows,
    ).toEqual([
      { id: 'n1', requestId: 'r1' },
      { id: 'n2', requestId: null },
    ]);
    expect((await sql`select * from "partOf"`.execute(db)).rows).toEqual([
      { id: 'p1', requestId: 'r2' },
    ]);
    // Their foreign keys still point at the requests table and still act.
    await db
      .updateTable('donationRequest')
      .set({ status: 'expired' })
      .where('id', '=', 'r2')
      .execute();
    await expect(
      db.updateTable('donationRequest').set({ status: 'asleep' }).where('id', '=', 'r2').execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('donationRequest')
        .values({ ...request('r3', 'pending', null), bloodGroup: 'C+' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('donationRequest')
        .values({ ...request('r3', 'pending', null), requesterId: 'nobody' })
        .execute(),
    ).rejects.toThrow();
    await db.deleteFrom('donationRequest').where('id', '=', 'r2').execute();
    expect((await sql`select * from "partOf"`.execute(db)).rows).toEqual([]);
    if (handle.engine === 'sqlite') {
      const problems = await sql`select * from pragma_foreign_key_check`.execute(db);
      expect(problems.rows).toEqual([]);
    }

    // Down: the columns and indexes go, and an expired request reads as canceled.
    await db
      .insertInto('donationRequest')
      .values(request('r4', 'expired', null))
      .execute();
    expect((await migrator.migrateTo('013-uploads')).error).toBeUndefined();
    expect(await indexes(handle)).toEqual(indexesBefore);
    const rows = await read();
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      ['r1', 'inprogress'],
      ['r4', 'cancel'],
    ]);
    expect(Object.keys(rows[0] ?? {})).not.toContain('verifiedAt');
    expect((await sql`select * from "noteAbout" order by "id"`.execute(db)).rows).toEqual([
      { id: 'n1', requestId: 'r1' },
      { id: 'n2', requestId: null },
    ]);
    await expect(
      db.updateTable('donationRequest').set({ status: 'expired' }).where('id', '=', 'r1').execute(),
    ).rejects.toThrow();
  });
});
