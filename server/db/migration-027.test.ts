import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { testEngine } from '../test/test-app.ts';
import { unmigratedDatabases } from '../test/unmigrated-databases.ts';
import { migratorFor } from './migrate.ts';

// 027-report-weights (issue 25, decision 024): reports made before it weigh 3 each, counted only
// for active reporters, so what three of them hid stays hidden unless a reporter is blocked or
// gone, and never a verified request; the waves already sent are read from the alerts; down
// undoes it, and up again works.

const databases = unmigratedDatabases();
afterAll(() => databases.closeAll());
const freshHandle = () => databases.fresh();

const NOW = '2025-01-01T00:00:00.000Z';

const user = (id: string, status: 'active' | 'block' = 'active') => ({
  id,
  name: `User ${id}`,
  email: `${id}@example.org`,
  emailVerified: 0,
  image: null,
  createdAt: NOW,
  updatedAt: NOW,
  role: 'donor' as const,
  status,
  bloodGroup: 'O+' as const,
  division: 'Khulna',
  district: 'Khulna',
  upazila: null,
  lastDonationDate: null,
  searchVisible: 1,
});

const request = (id: string, verified: boolean) => ({
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
  status: 'pending',
  createdAt: NOW,
  updatedAt: NOW,
  verifiedAt: verified ? NOW : null,
  openReports: 3,
  lastReportedAt: NOW,
});

const report = (requestId: string, reporterId: string) => ({
  id: `${requestId}-${reporterId}`,
  requestId,
  reporterId,
  reporterName: `User ${reporterId}`,
  reason: 'abusive',
  status: 'open',
  createdAt: NOW,
});

describe(`migration 027-report-weights (${testEngine})`, () => {
  it('weighs the reports made before it, hides what they hid but never a verified request; down undoes it', async () => {
    const handle = await freshHandle();
    // Raw rows: the app's types describe the latest schema, not 026's.
    const db = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const migrator = await migratorFor(handle);
    expect((await migrator.migrateTo('026-open-list-covers-reports')).error).toBeUndefined();
    for (const id of ['a', 'b', 'c', 'd']) await db.insertInto('user').values(user(id)).execute();
    await db.insertInto('user').values(user('e', 'block')).execute();
    await db.insertInto('donationRequest').values(request('hidden', false)).execute();
    await db.insertInto('donationRequest').values(request('blocked', false)).execute();
    await db.insertInto('donationRequest').values(request('verified', true)).execute();
    for (const [requestId, reporters] of [
      ['hidden', ['b', 'c', 'd']],
      ['blocked', ['b', 'c', 'e']],
      ['verified', ['b', 'c', 'd']],
    ] as const) {
      for (const reporter of reporters) {
        await db.insertInto('requestReport').values(report(requestId, reporter)).execute();
      }
    }
    for (const [userId, wave] of [
      ['b', 1],
      ['c', 2],
    ] as const) {
      await db
        .insertInto('requestAlert')
        .values({ requestId: 'hidden', userId, wave, createdAt: NOW })
        .execute();
    }

    expect((await migrator.migrateTo('027-report-weights')).error).toBeUndefined();
    const rows = await db
      .selectFrom('donationRequest')
      .select(['id', 'reportWeight', 'reportHiddenAt', 'alertWaves', 'alertWaveKey'])
      .orderBy('id')
      .execute();
    expect(
      rows.map((row) => ({
        id: row.id,
        weight: Number(row.reportWeight),
        hidden: row.reportHiddenAt !== null,
        waves: Number(row.alertWaves),
        key: row.alertWaveKey,
      })),
    ).toEqual([
      { id: 'blocked', weight: 6, hidden: false, waves: 0, key: null },
      { id: 'hidden', weight: 9, hidden: true, waves: 2, key: null },
      { id: 'verified', weight: 9, hidden: false, waves: 0, key: null },
    ]);
    // The two new kinds of notification are admitted.
    await db
      .insertInto('notification')
      .values({
        id: 'n1',
        userId: 'a',
        kind: 'request-under-review',
        requestId: 'hidden',
        data: '{}',
        createdAt: NOW,
      })
      .execute();
    if (handle.engine === 'sqlite') {
      const problems = await sql`select * from pragma_foreign_key_check`.execute(db);
      expect(problems.rows).toEqual([]);
    }

    expect((await migrator.migrateTo('026-open-list-covers-reports')).error).toBeUndefined();
    await expect(
      db.selectFrom('donationRequest').select('reportWeight').execute(),
    ).rejects.toThrow();
    expect(await db.selectFrom('notification').selectAll().execute()).toEqual([]);
    expect((await migrator.migrateTo('027-report-weights')).error).toBeUndefined();
  });
});
