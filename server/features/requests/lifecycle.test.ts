import { describe, expect, it } from 'vitest';
import { createRequest, createUser, dhakaDate, requestForm } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { DAY, HOUR } from '../../test/manual-clock.ts';
import { testEngine } from '../../test/test-app.ts';
import { setUpTrustWorld } from '../../test/trust-world.ts';
import { sweepRequestLifecycle } from './sweep.ts';

// Issue 14, items 3 to 5: limits against floods, a donor's withdrawal, and what a date does to a
// request (expired; in progress past its date: asked to confirm, then closed). Time is the app's
// clock, moved by the test; what tells people is the request events emitted, read back here.

const w = setUpTrustWorld({ MAX_OPEN_REQUESTS_PER_USER: '3', UNCONFIRMED_CLOSE_DAYS: '7' });

const create = async (user: Parameters<typeof w.callAs>[0], fields = {}) =>
  w.callAs(user, 'POST', '/api/donation-request', requestForm(fields));

const statusOf = async (id: string) =>
  (
    await w.t.db
      .selectFrom('donationRequest')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

const sweep = () =>
  sweepRequestLifecycle(w.t.db, {
    now: w.clock.now(),
    closeAfterDays: 7,
  });

describe(`open-request limit and duplicate check (${testEngine})`, () => {
  it('refuses a fourth open request with a clear message, and allows one again once one closes', async () => {
    const person = await createUser(w.t.db);
    const ids: string[] = [];
    for (const name of ['Patient A', 'Patient B', 'Patient C']) {
      const res = await create(person, { recipientName: name });
      expect(res.status).toBe(201);
      ids.push(res.body.insertedId);
    }
    // Issue 30 item 8: the form asks first, by the same count the create call refuses by.
    const allowance = () => w.callAs(person, 'GET', '/api/donation-request/allowance');
    expect((await allowance()).body).toEqual({ open: 3, max: 3 });
    const fourth = await create(person, { recipientName: 'Patient D' });
    expect(fourth.status).toBe(409);
    expect(fourth.body.error).toEqual({
      code: 'TOO_MANY_OPEN_REQUESTS',
      message:
        'You already have 3 open requests, the most one person can have at once. Mark one done or cancel it, or wait until its date has passed, before posting another.',
    });

    // One accepted and marked done: no longer open, so there is room again.
    await w.callAs(w.donors[0], 'PATCH', `/api/donation-request/${ids[0]}`, {
      status: 'inprogress',
    });
    expect((await create(person, { recipientName: 'Patient D' })).status).toBe(409);
    await w.callAs(person, 'PATCH', `/api/donation-request/${ids[0]}`, { status: 'done' });
    expect((await allowance()).body).toEqual({ open: 2, max: 3 });
    expect((await create(person, { recipientName: 'Patient D' })).status).toBe(201);
    expect((await call(w.t, 'GET', '/api/donation-request/allowance')).status).toBe(401);
  });

  it('counts a pending request past its date as no longer open, as the limit does', async () => {
    const person = await createUser(w.t.db);
    await createRequest(w.t.db, person, { donationDate: dhakaDate(-1) });
    await createRequest(w.t.db, person, { donationDate: dhakaDate(1) });
    const res = await w.callAs(person, 'GET', '/api/donation-request/allowance');
    expect(res.body).toEqual({ open: 1, max: 3 });
  });

  it('holds the limit when many requests are sent at once', async () => {
    const person = await createUser(w.t.db);
    const answers = await Promise.all(
      ['W', 'X', 'Y', 'Z', 'V'].map((n) => create(person, { recipientName: `Patient ${n}` })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(2);
  });

  it('refuses the same recipient, blood group and date twice (any case), but not another date', async () => {
    const person = await createUser(w.t.db);
    const first = await create(person, { recipientName: 'Abdul Karim', bloodGroup: 'B+' });
    expect(first.status).toBe(201);
    const same = await create(person, { recipientName: '  abdul karim ', bloodGroup: 'B+' });
    expect(same.status).toBe(409);
    expect(same.body.error.code).toBe('DUPLICATE_REQUEST');
    expect(same.body.error.message).toBe(
      `You already have an open request for Abdul Karim (B+) on ${dhakaDate(2)}. Edit that one instead of posting it again.`,
    );
    const otherGroup = await create(person, { recipientName: 'Abdul Karim', bloodGroup: 'O-' });
    expect(otherGroup.status).toBe(201);
    const otherDate = await create(person, {
      recipientName: 'Abdul Karim',
      bloodGroup: 'B+',
      donationDate: dhakaDate(3),
    });
    expect(otherDate.status).toBe(201);
    // Someone else may post for a patient of the same name (not their duplicate).
    expect(
      (await create(w.donors[2], { recipientName: 'Abdul Karim', bloodGroup: 'B+' })).status,
    ).toBe(201);
  });
});

describe(`withdrawal (${testEngine})`, () => {
  it('returns the request to pending, keeps the reason, and raises "withdrawn" for the requester', async () => {
    const request = await createRequest(w.t.db, w.requester, { donor: w.donors[0] });
    await w.clearEvents();
    const path = `/api/donation-request/${request.id}/withdraw`;
    const noReason = await w.callAs(w.donors[0], 'POST', path, { reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.details.reason).toBe('Please say why you are withdrawing');

    const res = await w.callAs(w.donors[0], 'POST', path, { reason: 'I fell ill' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ modifiedCount: 1 });
    const detail = await w.callAs(w.requester, 'GET', `/api/donation-request/${request.id}`);
    expect(detail.body).toMatchObject({
      status: 'pending',
      donorName: null,
      donorEmail: null,
    });
    // The requester is told and the alert waves resume: one event, emitted in the change's own
    // transaction (a row of the job table, there only because the change committed).
    expect(await w.events()).toEqual([
      {
        // Issue 27: a withdrawal gives one pledge's bag back.
        type: 'pledge_withdrawn',
        requestId: request.id,
        pledgeId: expect.any(String),
        requesterId: w.requester.id,
        donorId: w.donors[0].id,
        reason: 'I fell ill',
        bagsOpen: 1,
      },
    ]);
    // Open again: someone else can accept it, and it is back on the public list.
    const list = await call(w.t, 'GET', '/api/donation-request?status=pending&limit=100');
    expect(list.body.map((r: { id: string }) => r.id)).toContain(request.id);
    const donate = await w.callAs(w.donors[1], 'PATCH', `/api/donation-request/${request.id}`, {
      status: 'inprogress',
    });
    expect(donate.status).toBe(200);
  });

  it('is only for the donor who accepted, only while in progress, only before the donation time', async () => {
    const request = await createRequest(w.t.db, w.requester, {
      donor: w.donors[1],
      donationDate: dhakaDate(1),
      donationTime: '10:30',
    });
    const path = `/api/donation-request/${request.id}/withdraw`;
    for (const who of [w.requester, w.donors[2], w.volunteer, w.admin]) {
      const res = await w.callAs(who, 'POST', path, { reason: 'x' });
      expect(res.status).toBe(403);
    }
    // The donation time has come (10:30 in Dhaka is 04:30 UTC): too late.
    w.clock.set(`${dhakaDate(1)}T04:30:00.000Z`);
    const late = await w.callAs(w.donors[1], 'POST', path, { reason: 'Overslept' });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('TOO_LATE_TO_WITHDRAW');
    // A minute before, still possible.
    w.clock.set(`${dhakaDate(1)}T04:29:00.000Z`);
    expect((await w.callAs(w.donors[1], 'POST', path, { reason: 'Busy' })).status).toBe(200);
    w.clock.set(new Date());
  });

  // Bug: a donor who had already withdrawn was told 403 "Only the donor who accepted this
  // request can withdraw from it.", as if they had never been its donor.
  it('tells a donor who withdraws again that they already have (409), also when sent twice at once', async () => {
    const request = await createRequest(w.t.db, w.requester, { donor: w.donors[1] });
    const path = `/api/donation-request/${request.id}/withdraw`;
    expect((await w.callAs(w.donors[1], 'POST', path, { reason: 'Busy' })).status).toBe(200);
    const again = await w.callAs(w.donors[1], 'POST', path, { reason: 'Busy' });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({
      code: 'ALREADY_WITHDRAWN',
      message: 'You have already withdrawn from this request.',
    });
    // Someone else accepted it since: still their own withdrawal that answers.
    await w.callAs(w.donors[2], 'PATCH', `/api/donation-request/${request.id}`, {
      status: 'inprogress',
    });
    const later = await w.callAs(w.donors[1], 'POST', path, { reason: 'Busy' });
    expect(later.status).toBe(409);
    expect(later.body.error.code).toBe('ALREADY_WITHDRAWN');
    // Nobody else learns anything: not the donor, never withdrew, 403 as before.
    expect((await w.callAs(w.donors[0], 'POST', path, { reason: 'x' })).status).toBe(403);

    // A double click: one withdrawal, and the other is told it has happened.
    const twice = await createRequest(w.t.db, w.requester, { donor: w.donors[0] });
    const both = await Promise.all(
      [1, 2].map(() =>
        w.callAs(w.donors[0], 'POST', `/api/donation-request/${twice.id}/withdraw`, {
          reason: 'Travelling',
        }),
      ),
    );
    expect(both.map((res) => res.status).sort()).toEqual([200, 409]);
    expect(both.find((res) => res.status === 409)?.body.error.code).toBe('ALREADY_WITHDRAWN');
    const kept = await w.t.db
      .selectFrom('requestWithdrawal')
      .select('reason')
      .where('requestId', '=', twice.id)
      .execute();
    expect(kept).toEqual([{ reason: 'Travelling' }]);
  });

  it('lets staff see how often a donor withdrew (and nobody else)', async () => {
    const flaky = await createUser(w.t.db, { name: 'Flaky Donor' });
    for (const reason of ['First time', 'Second time']) {
      const request = await createRequest(w.t.db, w.requester, { donor: flaky });
      const res = await w.callAs(flaky, 'POST', `/api/donation-request/${request.id}/withdraw`, {
        reason,
      });
      expect(res.status).toBe(200);
      await w.t.db.deleteFrom('donationRequest').where('id', '=', request.id).execute();
    }
    expect((await w.callAs(flaky, 'GET', '/api/withdrawals')).status).toBe(403);
    const res = await w.callAs(w.volunteer, 'GET', `/api/withdrawals?donor=${flaky.email}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Total-Count')).toBe('2');
    expect(res.body).toMatchObject([
      { donorName: 'Flaky Donor', reason: 'Second time', donorWithdrawals: 2, requestId: null },
      { donorName: 'Flaky Donor', reason: 'First time', donorWithdrawals: 2, requestId: null },
    ]);
  });
});

describe(`expiry by date (${testEngine})`, () => {
  it('reads a pending request past its date as expired at once, keeps it off the public list, and refuses donations', async () => {
    const request = await createRequest(w.t.db, w.requester, { donationDate: dhakaDate(1) });
    const publicIds = async () =>
      (await call(w.t, 'GET', '/api/donation-request?status=pending&limit=100')).body.map(
        (r: { id: string }) => r.id,
      );
    expect(await publicIds()).toContain(request.id);

    // Two days on (by the app's clock), before any sweep.
    w.clock.set(new Date(Date.now() + 2 * DAY));
    expect(await publicIds()).not.toContain(request.id);
    const mine = await w.callAs(w.requester, 'GET', `/api/donation-request/${request.id}`);
    expect(mine.body.status).toBe('expired');
    const stranger = await w.callAs(w.donors[2], 'GET', `/api/donation-request/${request.id}`);
    expect(stranger.status).toBe(403);
    const donate = await w.callAs(w.donors[0], 'PATCH', `/api/donation-request/${request.id}`, {
      status: 'inprogress',
    });
    expect(donate.status).toBe(409);
    expect(donate.body.error.code).toBe('REQUEST_NOT_PENDING');
    const edit = await w.callAs(w.requester, 'PATCH', `/api/donation-request/${request.id}`, {
      hospitalName: 'Elsewhere',
    });
    expect(edit.status).toBe(409);
    expect(await statusOf(request.id)).toBe('pending');
    w.clock.set(new Date());
  });

  it('stores expired with the sweep, raising "expired" once per request, and the staff filter finds it', async () => {
    const request = await createRequest(w.t.db, w.requester, { donationDate: dhakaDate(1) });
    const later = await createRequest(w.t.db, w.requester, { donationDate: dhakaDate(5) });
    w.clock.set(new Date(Date.now() + 2 * DAY));
    await w.clearEvents();
    const first = await sweep();
    expect(first.expired).toBeGreaterThanOrEqual(1);
    expect(await statusOf(request.id)).toBe('expired');
    expect(await statusOf(later.id)).toBe('pending');
    expect(await w.events()).toContainEqual({
      type: 'expired',
      requestId: request.id,
      requesterId: w.requester.id,
      donorId: null,
      wasInProgress: false,
    });
    expect((await w.events()).some((e) => e.requestId === later.id)).toBe(false);
    // Again: nothing more to do, nobody told twice.
    await w.clearEvents();
    expect(await sweep()).toEqual({ expired: 0, confirmationAsked: 0, closedUnconfirmed: 0 });
    expect(await w.events()).toEqual([]);

    const staff = await w.callAs(
      w.admin,
      'GET',
      '/api/donation-request/all?status=expired&limit=100',
    );
    expect(staff.body.map((r: { id: string }) => r.id)).toContain(request.id);
    w.clock.set(new Date());
  });

  it('asks the requester to confirm an in-progress request past its date, then closes it after the set days', async () => {
    const request = await createRequest(w.t.db, w.requester, {
      donor: w.donors[2],
      donationDate: dhakaDate(1),
    });
    w.clock.set(new Date(Date.now() + 2 * DAY));
    const detail = await w.callAs(w.requester, 'GET', `/api/donation-request/${request.id}`);
    expect(detail.body).toMatchObject({ status: 'inprogress', confirmationDue: true });
    await w.clearEvents();
    await sweep();
    expect(await w.events()).toContainEqual({
      type: 'confirmation-due',
      requestId: request.id,
      requesterId: w.requester.id,
      donorId: w.donors[2].id,
    });
    await w.clearEvents();
    await sweep();
    expect((await w.events()).filter((e) => e.requestId === request.id)).toEqual([]);
    expect(await statusOf(request.id)).toBe('inprogress');

    // Still within the set days: staff may close it themselves meanwhile (done or cancel).
    w.clock.set(new Date(Date.now() + 8 * DAY));
    expect(await statusOf(request.id)).toBe('inprogress');
    await sweep();
    expect(await statusOf(request.id)).toBe('inprogress');
    // Past them: closed as expired, never counted as a donation.
    w.clock.set(new Date(Date.now() + 9 * DAY + HOUR));
    await w.clearEvents();
    await sweep();
    expect(await statusOf(request.id)).toBe('expired');
    expect(await w.events()).toContainEqual({
      type: 'expired',
      requestId: request.id,
      requesterId: w.requester.id,
      donorId: w.donors[2].id,
      wasInProgress: true,
    });
    const donor = await w.t.db
      .selectFrom('user')
      .select('lastDonationDate')
      .where('id', '=', w.donors[2].id)
      .executeTakeFirstOrThrow();
    expect(donor.lastDonationDate).toBeNull();
    w.clock.set(new Date());
  });

  it('reposts an expired request in one call with the same details on a new date', async () => {
    const person = await createUser(w.t.db);
    const created = await create(person, {
      recipientName: 'Repost Me',
      donationDate: dhakaDate(1),
    });
    const id = created.body.insertedId as string;
    const path = `/api/donation-request/${id}/repost`;
    const next = { donationDate: dhakaDate(4), donationTime: '11:00' };
    const early = await w.callAs(person, 'POST', path, next);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('REQUEST_NOT_EXPIRED');

    w.clock.set(new Date(Date.now() + 2 * DAY));
    expect((await w.callAs(w.donors[0], 'POST', path, next)).status).toBe(403);
    await w.clearEvents();
    const res = await w.callAs(person, 'POST', path, next);
    expect(res.status).toBe(201);
    const fresh = await w.callAs(person, 'GET', `/api/donation-request/${res.body.insertedId}`);
    const old = await w.callAs(person, 'GET', `/api/donation-request/${id}`);
    const same = (r: Record<string, unknown>) => ({
      recipientName: r.recipientName,
      bloodGroup: r.bloodGroup,
      division: r.division,
      district: r.district,
      upazila: r.upazila,
      hospitalName: r.hospitalName,
      fullAddress: r.fullAddress,
      requestMessage: r.requestMessage,
    });
    expect(same(fresh.body)).toEqual(same(old.body));
    expect(fresh.body).toMatchObject({ status: 'pending', ...next });
    expect(await w.events()).toEqual([
      {
        type: 'reposted',
        requestId: res.body.insertedId,
        fromRequestId: id,
        requesterId: person.id,
      },
    ]);
    // The new one is open now; posting the old one again would be a duplicate.
    expect((await w.callAs(person, 'POST', path, next)).body.error.code).toBe('DUPLICATE_REQUEST');
    const past = await w.callAs(person, 'POST', path, {
      donationDate: '2020-01-01',
      donationTime: '10:00',
    });
    expect(past.status).toBe(400);
    w.clock.set(new Date());
  });
});
