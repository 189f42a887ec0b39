import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { testEngine } from '../test/test-app.ts';
import { unmigratedDatabases } from '../test/unmigrated-databases.ts';
import { migratorFor } from './migrate.ts';

// 025-donations (decision 016) gives each completed donation a row of its own: every done request
// that still has its donor becomes one, nothing else does; the row outlives its request and goes
// with its donor's account; down undoes it.

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
  district: 'Jashore',
  upazila: null,
  hospitalName: `Hospital of ${id}`,
  fullAddress: 'KDA Avenue, Khulna',
  donationDate: '2025-01-02',
  donationTime: '10:30',
  requestMessage: 'Needed for surgery.',
  status,
  donorId,
  donorName: donorId ? `User ${donorId}` : null,
  donorEmail: donorId ? `${donorId}@example.org` : null,
  createdAt: NOW,
  updatedAt: DONE_AT,
});

const DONE_AT = '2025-01-03T08:00:00.000Z';

describe(`migration 025-donations (${testEngine})`, () => {
  it('makes a donation of each done request with a donor, kept when the request goes; down undoes it', async () => {
    const handle = await freshHandle();
    // Raw rows: the app's types describe the latest schema, not 024's.
    const db = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const migrator = await migratorFor(handle);
    expect((await migrator.migrateTo('024-user-language')).error).toBeUndefined();
    for (const id of ['a', 'b', 'c']) await db.insertInto('user').values(user(id)).execute();
    const rows = [
      request('r1', 'done', 'b'),
      request('r2', 'done', 'c'),
      // A done request whose donor's account is gone: no one to keep it for.
      request('r3', 'done', null),
      request('r4', 'inprogress', 'b'),
      request('r5', 'cancel', 'b'),
      request('r6', 'expired', 'b'),
      request('r7', 'pending', null),
    ];
    for (const row of rows) await db.insertInto('donationRequest').values(row).execute();

    expect((await migrator.migrateTo('025-donations')).error).toBeUndefined();
    const donations = async () =>
      (await db.selectFrom('donation').selectAll().orderBy('id').execute()).map((row) => ({
        ...row,
        createdAt: new Date(String(row.createdAt)).toISOString(),
      }));
    const donation = (id: string, donorId: string) => ({
      id,
      requestId: id,
      donorId,
      bloodGroup: 'A-',
      donationDate: '2025-01-02',
      donationTime: '10:30',
      hospitalName: `Hospital of ${id}`,
      district: 'Jashore',
      division: 'Khulna',
      createdAt: DONE_AT,
    });
    expect(await donations()).toEqual([donation('r1', 'b'), donation('r2', 'c')]);

    // The request goes, the donation stays; the donor goes, their donations go.
    await db.deleteFrom('donationRequest').where('id', '=', 'r1').execute();
    await db.deleteFrom('user').where('id', '=', 'c').execute();
    expect(await donations()).toEqual([{ ...donation('r1', 'b'), requestId: null }]);
    if (handle.engine === 'sqlite') {
      const problems = await sql`select * from pragma_foreign_key_check`.execute(db);
      expect(problems.rows).toEqual([]);
    }

    expect((await migrator.migrateTo('024-user-language')).error).toBeUndefined();
    await expect(db.selectFrom('donation').selectAll().execute()).rejects.toThrow();
    expect((await migrator.migrateTo('025-donations')).error).toBeUndefined();
  });
});
