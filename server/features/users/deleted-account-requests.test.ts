import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETED_ACCOUNT_NAME } from '../../../common/deleted-account.ts';
import { donationRequestResponseSchema } from '../../../common/request-response.schema.ts';
import { bearerFor, createRequest, createUser } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Regression: donationRequest.requesterId was ON DELETE CASCADE, so deleting an account erased
// the requests another donor had accepted or completed. Now those stay, with their email erased
// and, since issue 31 (decision 040), "Deleted account" in place of their name; only the requests
// nobody else is on go (docs/decisions/004-deleted-accounts-keep-others-records.md).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const engine = process.env.TEST_ENGINE;
type User = Awaited<ReturnType<typeof createUser>>;
const as = async (user: User) => ({ headers: await bearerFor(t.db, user.id) });
const exists = async (id: string) =>
  (await t.db
    .selectFrom('donationRequest')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst()) !== undefined;

describe(`deleting an account keeps other people's requests (${engine})`, () => {
  it('keeps the requests a donor took, the requester erased to a placeholder; the pending ones go', async () => {
    const a = await createUser(t.db, { name: 'Rahima Begum' });
    const b = await createUser(t.db, { name: 'Karim Uddin' });
    const admin = await createUser(t.db, { role: 'admin' });
    const volunteer = await createUser(t.db, { role: 'volunteer' });
    const pending = await createRequest(t.db, a);
    const inprogress = await createRequest(t.db, a, { donor: b });
    const toCancel = await createRequest(t.db, a, { donor: b });
    const done = await createRequest(t.db, a, { donor: b, status: 'done' });
    const canceled = await createRequest(t.db, a, { donor: b, status: 'cancel' });

    const res = await call(t, 'DELETE', `/api/users/${a.id}`, await as(admin));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedCount: 1 });

    // Nobody else was on the pending one: it went with the account.
    expect(await exists(pending.id)).toBe(false);
    expect(
      (await call(t, 'GET', `/api/donation-request/${pending.id}`, await as(admin))).status,
    ).toBe(404);

    // The donor still reads every request they were on; the requester's name gave way.
    const asB = await as(b);
    for (const request of [inprogress, toCancel, done, canceled]) {
      const detail = await call(t, 'GET', `/api/donation-request/${request.id}`, asB);
      expect(detail.status).toBe(200);
      expect(detail.body).toMatchObject({
        id: request.id,
        status: request.status,
        requesterName: DELETED_ACCOUNT_NAME,
        requesterEmail: null,
        requesterDeleted: true,
        donorName: 'Karim Uddin',
        donorEmail: b.email,
        donorDeleted: false,
      });
      donationRequestResponseSchema.strict().parse(detail.body);
    }

    // Staff see them in the full list, and can still finish the ones in progress.
    const all = await call(t, 'GET', '/api/donation-request/all?limit=100', await as(volunteer));
    expect(all.status).toBe(200);
    const listed = all.body.map((r: { id: string }) => r.id);
    expect(listed).toEqual(expect.arrayContaining([inprogress.id, done.id, canceled.id]));
    expect(listed).not.toContain(pending.id);
    for (const request of all.body) donationRequestResponseSchema.strict().parse(request);

    const markDone = await call(t, 'PATCH', `/api/donation-request/${inprogress.id}`, {
      ...(await as(volunteer)),
      body: { status: 'done' },
    });
    expect(markDone.status).toBe(200);
    expect(markDone.body).toEqual({ modifiedCount: 1 });
    const donor = await t.db
      .selectFrom('user')
      .select('lastDonationDate')
      .where('id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(donor.lastDonationDate).not.toBeNull();
    const cancel = await call(t, 'PATCH', `/api/donation-request/${toCancel.id}`, {
      ...(await as(admin)),
      body: { status: 'cancel' },
    });
    expect(cancel.status).toBe(200);
  });

  it('a null requester matches nobody, not even a new account with the same email', async () => {
    const a = await createUser(t.db, { name: 'Salma Akter' });
    const b = await createUser(t.db);
    const admin = await createUser(t.db, { role: 'admin' });
    const inprogress = await createRequest(t.db, a, { donor: b });
    expect((await call(t, 'DELETE', `/api/users/${a.id}`, await as(admin))).status).toBe(200);

    const again = await createUser(t.db, { name: 'Salma Akter', email: a.email });
    const asAgain = await as(again);
    const mine = await call(t, 'GET', `/api/donation-request?email=${again.email}`, asAgain);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([]);
    const detail = await call(t, 'GET', `/api/donation-request/${inprogress.id}`, asAgain);
    expect(detail.status).toBe(403);
    for (const [status, code] of [
      ['done', 403],
      ['cancel', 403],
    ] as const) {
      const res = await call(t, 'PATCH', `/api/donation-request/${inprogress.id}`, {
        ...asAgain,
        body: { status },
      });
      expect(res.status).toBe(code);
    }
    const edit = await call(t, 'PATCH', `/api/donation-request/${inprogress.id}`, {
      ...asAgain,
      body: { recipientName: 'Someone Else' },
    });
    expect(edit.status).toBe(403);
    const remove = await call(t, 'DELETE', `/api/donation-request/all/${inprogress.id}`, asAgain);
    expect(remove.status).toBe(403);
    expect(await exists(inprogress.id)).toBe(true);
  });

  it('deleting the donor keeps the request for its requester, the donor erased to a placeholder', async () => {
    const requester = await createUser(t.db);
    const donor = await createUser(t.db, { name: 'Jamal Hossain' });
    const admin = await createUser(t.db, { role: 'admin' });
    const inprogress = await createRequest(t.db, requester, { donor });
    const done = await createRequest(t.db, requester, { donor, status: 'done' });
    expect((await call(t, 'DELETE', `/api/users/${donor.id}`, await as(admin))).status).toBe(200);

    const asRequester = await as(requester);
    for (const request of [inprogress, done]) {
      const detail = await call(t, 'GET', `/api/donation-request/${request.id}`, asRequester);
      expect(detail.status).toBe(200);
      expect(detail.body).toMatchObject({
        status: request.status,
        requesterEmail: requester.email,
        requesterDeleted: false,
        donorName: DELETED_ACCOUNT_NAME,
        donorEmail: null,
        donorDeleted: true,
      });
    }
    // Still in progress: the requester (or staff) says whether the blood came.
    const cancel = await call(t, 'PATCH', `/api/donation-request/${inprogress.id}`, {
      ...asRequester,
      body: { status: 'cancel' },
    });
    expect(cancel.status).toBe(200);

    // Once the requester goes too, nobody is left on these requests: they go with them.
    expect((await call(t, 'DELETE', `/api/users/${requester.id}`, await as(admin))).status).toBe(
      200,
    );
    expect(await exists(inprogress.id)).toBe(false);
    expect(await exists(done.id)).toBe(false);
  });

  it('migration 005 keeps every index of the requests table', async () => {
    const rows =
      t.engine === 'postgres'
        ? await sql<{ name: string }>`select indexname as name from pg_indexes
            where schemaname = current_schema() and tablename = 'donationRequest'
            and indexname like 'donation_request_%'`.execute(t.db)
        : await sql<{ name: string }>`select name from sqlite_master
            where type = 'index' and tbl_name = 'donationRequest'
            and name like 'donation_request_%'`.execute(t.db);
    expect(rows.rows.map((r) => r.name).sort()).toEqual([
      'donation_request_blood_group_idx',
      'donation_request_created_idx',
      // 021-request-lifecycle (issue 14): the report queue, verified open (and a donor's
      // history, until 025-donations gave donations a table of their own).
      'donation_request_donor_idx',
      'donation_request_open_idx',
      // 043-overdue-requests (issue 29): the staff's list of requests waiting too long.
      'donation_request_overdue_idx',
      'donation_request_reported_idx',
      'donation_request_requester_idx',
      'donation_request_requester_status_idx',
      'donation_request_status_created_idx',
      'donation_request_verified_open_idx',
    ]);
  });
});
