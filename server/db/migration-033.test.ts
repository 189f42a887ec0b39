import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { testEngine } from '../test/test-app.ts';
import { unmigratedDatabases } from '../test/unmigrated-databases.ts';
import { migratorFor } from './migrate.ts';

// 033-request-bags (issue 27, decision 030): every request made before it is one bag of whole
// blood, scheduled; a request with a donor gets that donor's pledge (donated when done, else
// pledged), counted on the request; a second standing pledge of one donor is refused by the
// database; down undoes it, and up again works.

const databases = unmigratedDatabases();
afterAll(() => databases.closeAll());

const NOW = '2025-01-01T00:00:00.000Z';
const LATER = '2025-01-03T00:00:00.000Z';

const user = (id: string) => ({
  id,
  name: `User ${id}`,
  email: `${id}@example.org`,
  emailVerified: 0,
  image: null,
  createdAt: NOW,
  updatedAt: NOW,
  role: 'donor' as const,
  status: 'active',
  bloodGroup: 'O+' as const,
  division: 'Khulna',
  district: 'Khulna',
  upazila: null,
  lastDonationDate: null,
  searchVisible: 1,
});

type Donor = { id: string | null; name: string; email: string | null } | null;

const request = (id: string, status: string, donor: Donor) => ({
  id,
  requesterId: 'a',
  requesterName: 'User a',
  requesterEmail: 'a@example.org',
  recipientName: `Patient ${id}`,
  bloodGroup: 'A-',
  division: 'Khulna',
  district: 'Khulna',
  upazila: null,
  hospitalName: 'Khulna Medical College Hospital',
  fullAddress: 'KDA Avenue, Khulna',
  donationDate: '2025-01-02',
  donationTime: '10:30',
  requestMessage: 'Needed for surgery.',
  status,
  donorId: donor?.id ?? null,
  donorName: donor?.name ?? null,
  donorEmail: donor?.email ?? null,
  createdAt: NOW,
  updatedAt: LATER,
});

const b = { id: 'b', name: 'User b', email: 'b@example.org' };
const c = { id: 'c', name: 'User c', email: 'c@example.org' };
// A donor whose account was deleted: the name stays, the id and the email are gone.
const gone = { id: null, name: 'Gone Donor', email: null };

describe(`migration 033-request-bags (${testEngine})`, () => {
  it('makes every request one bag of whole blood, scheduled, and each donor on one a pledge; down undoes it', async () => {
    const handle = await databases.fresh();
    // Raw rows: the app's types describe the latest schema, not 032's.
    const db = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const migrator = await migratorFor(handle);
    expect((await migrator.migrateTo('032-donor-email-budget')).error).toBeUndefined();
    for (const id of ['a', 'b', 'c']) await db.insertInto('user').values(user(id)).execute();
    for (const row of [
      request('1-pending', 'pending', null),
      request('2-inprogress', 'inprogress', b),
      request('3-done', 'done', c),
      request('4-cancel', 'cancel', b),
      request('5-done-gone', 'done', gone),
      request('6-expired', 'expired', null),
    ]) {
      await db.insertInto('donationRequest').values(row).execute();
    }

    expect((await migrator.migrateTo('033-request-bags')).error).toBeUndefined();
    const requests = await db
      .selectFrom('donationRequest')
      .select(['id', 'bags', 'component', 'urgency', 'urgencyRank', 'bagsPledged', 'bagsDonated'])
      .orderBy('id')
      .execute();
    const need = { bags: 1, component: 'whole_blood', urgency: 'scheduled', urgencyRank: 2 };
    expect(requests.map((row) => ({ ...row, bags: Number(row.bags) }))).toEqual([
      { id: '1-pending', ...need, bagsPledged: 0, bagsDonated: 0 },
      { id: '2-inprogress', ...need, bagsPledged: 1, bagsDonated: 0 },
      { id: '3-done', ...need, bagsPledged: 1, bagsDonated: 1 },
      { id: '4-cancel', ...need, bagsPledged: 1, bagsDonated: 0 },
      { id: '5-done-gone', ...need, bagsPledged: 1, bagsDonated: 1 },
      { id: '6-expired', ...need, bagsPledged: 0, bagsDonated: 0 },
    ]);
    const pledges = await db
      .selectFrom('donationPledge')
      .select(['id', 'requestId', 'donorId', 'donorName', 'donorEmail', 'status', 'settledAt'])
      .orderBy('id')
      .execute();
    const settled = (at: unknown) => (at === null ? null : new Date(String(at)).toISOString());
    expect(pledges.map((row) => ({ ...row, settledAt: settled(row.settledAt) }))).toEqual([
      {
        id: '2-inprogress',
        requestId: '2-inprogress',
        donorId: 'b',
        donorName: 'User b',
        donorEmail: 'b@example.org',
        status: 'pledged',
        settledAt: null,
      },
      {
        id: '3-done',
        requestId: '3-done',
        donorId: 'c',
        donorName: 'User c',
        donorEmail: 'c@example.org',
        status: 'donated',
        settledAt: LATER,
      },
      {
        id: '4-cancel',
        requestId: '4-cancel',
        donorId: 'b',
        donorName: 'User b',
        donorEmail: 'b@example.org',
        status: 'pledged',
        settledAt: null,
      },
      {
        id: '5-done-gone',
        requestId: '5-done-gone',
        donorId: null,
        donorName: 'Gone Donor',
        donorEmail: null,
        status: 'donated',
        settledAt: LATER,
      },
    ]);

    // One standing pledge per donor and request, kept by the database; a withdrawn one is not.
    const pledge = (id: string, status: string) => ({
      id,
      requestId: '2-inprogress',
      donorId: 'b',
      donorName: 'User b',
      donorEmail: 'b@example.org',
      status,
      pledgedAt: LATER,
    });
    await expect(
      db.insertInto('donationPledge').values(pledge('second', 'pledged')).execute(),
    ).rejects.toThrow();
    await db.insertInto('donationPledge').values(pledge('earlier', 'withdrawn')).execute();
    // What a request asks for is checked on every write.
    for (const bad of [{ bags: 0 }, { bags: 11 }, { component: 'blood' }, { urgency: 'soon' }]) {
      await expect(
        db.updateTable('donationRequest').set(bad).where('id', '=', '1-pending').execute(),
      ).rejects.toThrow();
    }
    if (handle.engine === 'sqlite') {
      const problems = await sql`select * from pragma_foreign_key_check`.execute(db);
      expect(problems.rows).toEqual([]);
    }

    expect((await migrator.migrateTo('032-donor-email-budget')).error).toBeUndefined();
    await expect(db.selectFrom('donationRequest').select('bags').execute()).rejects.toThrow();
    await expect(db.selectFrom('donationPledge').select('id').execute()).rejects.toThrow();
    expect(await db.selectFrom('donationRequest').select('id').execute()).toHaveLength(6);
    expect((await migrator.migrateTo('033-request-bags')).error).toBeUndefined();
    expect(await db.selectFrom('donationPledge').select('id').execute()).toHaveLength(4);
  });
});
