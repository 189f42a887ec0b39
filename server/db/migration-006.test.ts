import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { testEngine } from '../test/test-app.ts';
import { unmigratedDatabases } from '../test/unmigrated-databases.ts';
import { migratorFor } from './migrate.ts';

// 006-request-requester-set-null rebuilds the requests table on SQLite: the rows already there
// must come through unchanged, and the new delete rule must hold on both engines.

const databases = unmigratedDatabases();
afterAll(() => databases.closeAll());
const freshHandle = () => databases.fresh();

const now = new Date().toISOString();

function insertUser(db: Kysely<any>, id: string) {
  return db
    .insertInto('user')
    .values({
      id,
      name: `User ${id}`,
      email: `${id}@example.org`,
      emailVerified: 0,
      createdAt: now,
      updatedAt: now,
      role: 'donor',
      status: 'active',
      bloodGroup: 'O+',
      division: 'Khulna',
      district: 'Khulna',
      searchVisible: 1,
    })
    .execute();
}

const request = (id: string, requesterId: string, donorId: string | null, status: string) => ({
  id,
  requesterId,
  requesterName: `User ${requesterId}`,
  requesterEmail: `${requesterId}@example.org`,
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
  createdAt: now,
  updatedAt: now,
});

describe(`migration 006-request-requester-set-null (${testEngine})`, () => {
  it('keeps the rows, then sets the requester to null instead of deleting', async () => {
    const handle = await freshHandle();
    const before = await (await migratorFor(handle)).migrateTo('005-donor-search-indexes');
    expect(before.error).toBeUndefined();
    const db = handle.db as unknown as Kysely<any>;
    await insertUser(db, 'a');
    await insertUser(db, 'b');
    const rows = [request('r1', 'a', 'b', 'inprogress'), request('r2', 'b', null, 'pending')];
    await db.insertInto('donationRequest').values(rows).execute();
    const read = () => db.selectFrom('donationRequest').selectAll().orderBy('id').execute();
    const stored = await read();

    // Up to 006 itself: later migrations add columns of their own (021 has its own test).
    const after = await (await migratorFor(handle)).migrateTo('006-request-requester-set-null');
    expect(after.error).toBeUndefined();
    expect(after.results?.map((r) => r.migrationName)).toContain('006-request-requester-set-null');
    expect(await read()).toEqual(stored);

    // The CHECK constraints came through the rebuild.
    await expect(
      db
        .insertInto('donationRequest')
        .values({ ...request('r3', 'a', null, 'pending'), bloodGroup: 'C+' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('donationRequest')
        .values(request('r3', 'a', null, 'asleep'))
        .execute(),
    ).rejects.toThrow();
    // The requester is still a foreign key: no request for someone who does not exist.
    await expect(
      db
        .insertInto('donationRequest')
        .values(request('r3', 'nobody', null, 'pending'))
        .execute(),
    ).rejects.toThrow();

    await db.deleteFrom('user').where('id', '=', 'a').execute();
    const r1 = await db
      .selectFrom('donationRequest')
      .select(['requesterId', 'requesterName', 'donorId'])
      .where('id', '=', 'r1')
      .executeTakeFirst();
    expect(r1).toEqual({ requesterId: null, requesterName: 'User a', donorId: 'b' });
    if (handle.engine === 'sqlite') {
      const problems = await sql`select * from pragma_foreign_key_check`.execute(db);
      expect(problems.rows).toEqual([]);
    }

    // Down restores 004's rule; the request whose requester is gone goes, as 004 would have.
    const down = await (await migratorFor(handle)).migrateTo('005-donor-search-indexes');
    expect(down.error).toBeUndefined();
    expect((await read()).map((r) => r.id)).toEqual(['r2']);
    await db.deleteFrom('user').where('id', '=', 'b').execute();
    expect(await read()).toEqual([]);
  });
});
