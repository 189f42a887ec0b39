import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEligible } from '../../../common/eligibility.rules.ts';
import { donationRequestResponseSchema } from '../../../common/request-response.schema.ts';
import { bearerFor, createRequest, createUser, dhakaDate } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let requester: User;
let other: User;
let volunteer: User;
let admin: User;
const tokens = new Map<string, Record<string, string>>();

beforeAll(async () => {
  t = await createTestApp();
  requester = await createUser(t.db, { name: 'Rahima Begum' });
  other = await createUser(t.db, { name: 'Other Donor' });
  volunteer = await createUser(t.db, { role: 'volunteer' });
  admin = await createUser(t.db, { role: 'admin' });
});
afterAll(() => t.close());

async function as(user: User) {
  let headers = tokens.get(user.id);
  if (!headers) {
    headers = await bearerFor(t.db, user.id);
    tokens.set(user.id, headers);
  }
  return { headers };
}

const form = (overrides: Record<string, unknown> = {}) => ({
  recipientName: 'Abdul Karim',
  bloodGroup: 'B+',
  division: 'Khulna',
  district: 'Jashore',
  upazila: 'Jashore Sadar',
  hospitalName: 'Jashore General Hospital',
  fullAddress: 'Ghop, Jashore',
  donationDate: dhakaDate(2),
  donationTime: '09:15',
  requestMessage: 'Two bags needed before surgery.',
  ...overrides,
});

const row = (id: string) =>
  t.db.selectFrom('donationRequest').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const engine = process.env.TEST_ENGINE;

describe(`POST /api/donation-request (${engine})`, () => {
  it('creates a pending request whose requester is the caller, whatever the body claims', async () => {
    const res = await call(t, 'POST', '/api/donation-request', {
      ...(await as(requester)),
      body: form({
        requesterName: 'Forged Name',
        requesterEmail: other.email,
        status: 'done',
        donorName: 'Forged Donor',
        donorEmail: other.email,
      }),
    });
    expect(res.status).toBe(201);
    const stored = await row(res.body.insertedId);
    expect(stored).toMatchObject({
      requesterId: requester.id,
      requesterName: 'Rahima Begum',
      requesterEmail: requester.email,
      recipientName: 'Abdul Karim',
      upazila: 'Jashore Sadar',
      status: 'pending',
      donorId: null,
      donorName: null,
      donorEmail: null,
    });
  });

  it('takes the upazila as optional and a date of today (in Dhaka)', async () => {
    const res = await call(t, 'POST', '/api/donation-request', {
      ...(await as(requester)),
      body: form({ upazila: undefined, donationDate: dhakaDate(0) }),
    });
    expect(res.status).toBe(201);
    expect(await row(res.body.insertedId)).toMatchObject({
      upazila: null,
      donationDate: dhakaDate(0),
    });
  });

  it('refuses visitors (401) and blocked users (403)', async () => {
    expect((await call(t, 'POST', '/api/donation-request', { body: form() })).status).toBe(401);
    const blocked = await createUser(t.db, { status: 'block' });
    const res = await call(t, 'POST', '/api/donation-request', {
      ...(await as(blocked)),
      body: form(),
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('ACCOUNT_BLOCKED');
  });

  it("answers an empty form with the form's own messages and stores nothing", async () => {
    const before = await t.db.selectFrom('donationRequest').select('id').execute();
    const res = await call(t, 'POST', '/api/donation-request', {
      ...(await as(requester)),
      body: {},
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual({
      recipientName: 'Please enter recipient name',
      bloodGroup: 'Please select blood group',
      division: 'Please select division group',
      district: 'Please select district group',
      hospitalName: 'Please enter hospital name',
      fullAddress: 'Please enter full address',
      donationDate: 'Please select donation date',
      donationTime: 'Please select donation time',
      requestMessage: 'Please enter request message',
    });
    expect(await t.db.selectFrom('donationRequest').select('id').execute()).toHaveLength(
      before.length,
    );
  });

  it.each([
    [{ donationDate: dhakaDate(-1) }, 'donationDate', 'Donation date cannot be in the past'],
    [{ donationDate: '2030-02-30' }, 'donationDate', 'Please select donation date'],
    [{ donationTime: '25:00' }, 'donationTime', 'Please select donation time'],
    [{ bloodGroup: 'C+' }, 'bloodGroup', 'Please select blood group'],
    [
      { recipientName: 'x'.repeat(101) },
      'recipientName',
      'Recipient name must be at most 100 characters',
    ],
    [{ district: 'Dhaka' }, 'district', 'Dhaka is not in Khulna division.'],
    [{ upazila: 'Savar' }, 'upazila', 'Savar is not an upazila of Jashore.'],
  ])('refuses %j', async (overrides, field, message) => {
    const res = await call(t, 'POST', '/api/donation-request', {
      ...(await as(requester)),
      body: form(overrides),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details[field]).toBe(message);
  });
});

describe(`request lists (${engine})`, () => {
  let listOwner: User;
  let ids: string[];
  beforeAll(async () => {
    listOwner = await createUser(t.db);
    ids = [];
    const statuses = ['pending', 'inprogress', 'done', 'cancel', 'pending'] as const;
    for (const [i, status] of statuses.entries()) {
      const r = await createRequest(t.db, listOwner, {
        status,
        donor: status === 'pending' ? null : other,
        createdAt: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
      });
      ids.push(r.id);
    }
  });

  const email = () => encodeURIComponent(listOwner.email);

  it('lists my own requests newest first, with page headers', async () => {
    const res = await call(
      t,
      'GET',
      `/api/donation-request?email=${email()}&limit=2`,
      await as(listOwner),
    );
    expect(res.status).toBe(200);
    expect(res.body.map((r: any) => r.id)).toEqual([ids[4], ids[3]]);
    expect(res.body[0]).toMatchObject({ _id: ids[4], requesterEmail: listOwner.email });
    expect(res.body[0].createdAt).toBe('2025-01-05T00:00:00.000Z');
    expect(res.headers.get('X-Total-Count')).toBe('5');
    expect(res.headers.get('Link')).toContain('rel="next"');
    const page3 = await call(
      t,
      'GET',
      `/api/donation-request?email=${email()}&limit=2&page=3`,
      await as(listOwner),
    );
    expect(page3.body.map((r: any) => r.id)).toEqual([ids[0]]);
  });

  it('filters my requests by status, with canceled as cancel, and email in any case', async () => {
    const upper = encodeURIComponent(listOwner.email.toUpperCase());
    const pending = await call(
      t,
      'GET',
      `/api/donation-request?email=${upper}&status=pending`,
      await as(listOwner),
    );
    expect(pending.body.map((r: any) => r.id)).toEqual([ids[4], ids[0]]);
    expect(pending.headers.get('X-Total-Count')).toBe('2');
    const canceled = await call(
      t,
      'GET',
      `/api/donation-request?email=${email()}&status=canceled`,
      await as(listOwner),
    );
    expect(canceled.body.map((r: any) => [r.id, r.status])).toEqual([[ids[3], 'cancel']]);
    const bad = await call(
      t,
      'GET',
      `/api/donation-request?email=${email()}&status=open`,
      await as(listOwner),
    );
    expect(bad.status).toBe(400);
  });

  it("does not let a donor read another donor's requests by email; staff may", async () => {
    const res = await call(t, 'GET', `/api/donation-request?email=${email()}`, await as(other));
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('You can only see your own requests.');
    const recent = await call(
      t,
      'GET',
      `/api/donation-request/recent?email=${email()}`,
      await as(other),
    );
    expect(recent.status).toBe(403);
    expect((await call(t, 'GET', `/api/donation-request?email=${email()}`)).status).toBe(401);
    for (const staff of [volunteer, admin]) {
      const ok = await call(t, 'GET', `/api/donation-request?email=${email()}`, await as(staff));
      expect(ok.status).toBe(200);
      expect(ok.body).toHaveLength(5);
    }
  });

  it('answers the 3 latest for recent, never taking "recent" for an id', async () => {
    const res = await call(
      t,
      'GET',
      `/api/donation-request/recent?email=${email()}`,
      await as(listOwner),
    );
    expect(res.status).toBe(200);
    expect(res.body.map((r: any) => r.id)).toEqual([ids[4], ids[3], ids[2]]);
    const noEmail = await call(t, 'GET', '/api/donation-request/recent', await as(listOwner));
    expect(noEmail.body.map((r: any) => r.id)).toEqual([ids[4], ids[3], ids[2]]);
  });

  it('lists all requests for admin and volunteer only, never taking "all" for an id', async () => {
    expect((await call(t, 'GET', '/api/donation-request/all')).status).toBe(401);
    const donor = await call(t, 'GET', '/api/donation-request/all', await as(listOwner));
    expect(donor.status).toBe(403);
    for (const staff of [volunteer, admin]) {
      const res = await call(t, 'GET', '/api/donation-request/all?status=done', await as(staff));
      expect(res.status).toBe(200);
      expect(res.body.every((r: any) => r.status === 'done')).toBe(true);
      expect(res.body.map((r: any) => r.id)).toContain(ids[2]);
      expect(Number(res.headers.get('X-Total-Count'))).toBe(res.body.length);
    }
    const total = await t.db.selectFrom('donationRequest').select('id').execute();
    const all = await call(t, 'GET', '/api/donation-request/all?limit=100', await as(admin));
    expect(all.headers.get('X-Total-Count')).toBe(String(total.length));
  });

  it('asks for an email or status=pending when given neither', async () => {
    const res = await call(t, 'GET', '/api/donation-request?status=done');
    expect(res.status).toBe(400);
  });
});

describe(`public pending list (${engine})`, () => {
  it('shows pending requests not yet past, soonest first; past ones leave it', async () => {
    const owner = await createUser(t.db);
    const later = await createRequest(t.db, owner, {
      donationDate: dhakaDate(30),
      donationTime: '08:00',
    });
    const todayLate = await createRequest(t.db, owner, {
      donationDate: dhakaDate(0),
      donationTime: '23:00',
    });
    const todayEarly = await createRequest(t.db, owner, {
      donationDate: dhakaDate(0),
      donationTime: '07:00',
    });
    const past = await createRequest(t.db, owner, { donationDate: dhakaDate(-1) });
    const taken = await createRequest(t.db, owner, { donationDate: dhakaDate(0), donor: other });

    const res = await call(t, 'GET', '/api/donation-request?status=pending&limit=100');
    expect(res.status).toBe(200);
    const listed: string[] = res.body.map((r: any) => r.id);
    expect(listed).not.toContain(past.id);
    expect(listed).not.toContain(taken.id);
    const mine = listed.filter((id) => [later.id, todayLate.id, todayEarly.id].includes(id));
    expect(mine).toEqual([todayEarly.id, todayLate.id, later.id]);
    expect(
      res.body.every((r: any) => r.status === 'pending' && r.donationDate >= dhakaDate(0)),
    ).toBe(true);
    expect(res.headers.get('X-Total-Count')).toBe(String(listed.length));
    // Visitors do not get the requester's address; signed-in users do.
    expect(res.body[0].requesterEmail).toBeNull();
    const signedIn = await call(t, 'GET', '/api/donation-request?status=pending', await as(other));
    expect(signedIn.body[0].requesterEmail).toMatch(/@example\.org$/);
    // The web's request type comes from this schema, for visitors and members alike.
    for (const request of [...res.body, ...signedIn.body]) {
      donationRequestResponseSchema.strict().parse(request);
    }
  });
});

describe(`GET /api/donation-request/:id (${engine})`, () => {
  it('shows a pending request to any signed-in user, and not to visitors', async () => {
    const r = await createRequest(t.db, requester);
    expect((await call(t, 'GET', `/api/donation-request/${r.id}`)).status).toBe(401);
    const res = await call(t, 'GET', `/api/donation-request/${r.id}`, await as(other));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: r.id,
      _id: r.id,
      requesterName: 'Rahima Begum',
      requesterEmail: requester.email,
      status: 'pending',
      donationTime: '10:30',
      donorName: null,
    });
    expect(res.body.requesterId).toBeUndefined();
  });

  it("does not show another donor's accepted request to a stranger; the people involved and staff see it", async () => {
    const donor = await createUser(t.db);
    const stranger = await createUser(t.db);
    const r = await createRequest(t.db, requester, { donor, status: 'done' });
    const res = await call(t, 'GET', `/api/donation-request/${r.id}`, await as(stranger));
    expect(res.status).toBe(403);
    for (const who of [requester, donor, volunteer, admin]) {
      expect((await call(t, 'GET', `/api/donation-request/${r.id}`, await as(who))).status).toBe(
        200,
      );
    }
  });

  it('answers 404 for an unknown id', async () => {
    const res = await call(
      t,
      'GET',
      '/api/donation-request/0190a0a0-0000-7000-8000-000000000000',
      await as(other),
    );
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('No such donation request.');
  });
});

type Status = 'pending' | 'inprogress' | 'done' | 'cancel';
type Who = 'requester' | 'donor' | 'stranger' | 'volunteer' | 'admin';

describe(`status changes (${engine})`, () => {
  let donor: User;
  let stranger: User;
  beforeAll(async () => {
    donor = await createUser(t.db, { name: 'Accepted Donor' });
    stranger = await createUser(t.db);
  });
  const pick = (who: Who) => ({ requester, donor, stranger, volunteer, admin })[who];

  async function setup(status: Status) {
    return createRequest(t.db, requester, { status, donor: status === 'pending' ? null : donor });
  }

  // [from, sent status, who, expected HTTP status, expected code when refused]
  const cases: [Status, string, Who, number, string?][] = [
    // Donate: only from pending, by anyone but the requester.
    ['pending', 'inprogress', 'stranger', 200],
    ['pending', 'inprogress', 'volunteer', 200],
    ['pending', 'inprogress', 'admin', 200],
    ['pending', 'inprogress', 'requester', 403, 'OWN_REQUEST'],
    ['inprogress', 'inprogress', 'stranger', 409, 'REQUEST_NOT_PENDING'],
    ['inprogress', 'inprogress', 'donor', 409, 'REQUEST_NOT_PENDING'],
    ['inprogress', 'inprogress', 'requester', 403, 'OWN_REQUEST'],
    ['done', 'inprogress', 'stranger', 409, 'REQUEST_NOT_PENDING'],
    ['cancel', 'inprogress', 'stranger', 409, 'REQUEST_NOT_PENDING'],
    // Done and cancel: only from inprogress, by the requester, a volunteer or an admin.
    ['inprogress', 'done', 'requester', 200],
    ['inprogress', 'done', 'volunteer', 200],
    ['inprogress', 'done', 'admin', 200],
    ['inprogress', 'done', 'donor', 403, 'FORBIDDEN'],
    ['inprogress', 'done', 'stranger', 403, 'FORBIDDEN'],
    ['inprogress', 'cancel', 'requester', 200],
    ['inprogress', 'canceled', 'requester', 200],
    ['inprogress', 'cancel', 'volunteer', 200],
    ['inprogress', 'canceled', 'admin', 200],
    ['inprogress', 'cancel', 'donor', 403, 'FORBIDDEN'],
    ['inprogress', 'canceled', 'stranger', 403, 'FORBIDDEN'],
    ['pending', 'done', 'requester', 409, 'REQUEST_NOT_INPROGRESS'],
    ['pending', 'cancel', 'admin', 409, 'REQUEST_NOT_INPROGRESS'],
    ['done', 'cancel', 'requester', 409, 'REQUEST_NOT_INPROGRESS'],
    ['done', 'done', 'volunteer', 409, 'REQUEST_NOT_INPROGRESS'],
    ['cancel', 'done', 'admin', 409, 'REQUEST_NOT_INPROGRESS'],
    ['cancel', 'canceled', 'requester', 409, 'REQUEST_NOT_INPROGRESS'],
    ['pending', 'done', 'stranger', 403, 'FORBIDDEN'],
    // Nothing goes back to pending.
    ['inprogress', 'pending', 'admin', 400, 'VALIDATION_FAILED'],
  ];

  it.each(cases)('%s → %s by %s: %i %s', async (from, to, who, expected, code) => {
    const r = await setup(from);
    const res = await call(t, 'PATCH', `/api/donation-request/${r.id}`, {
      ...(await as(pick(who))),
      body: { status: to },
    });
    expect(res.status).toBe(expected);
    const after = await row(r.id);
    if (expected !== 200) {
      expect(res.body.error.code).toBe(code);
      expect(after.status).toBe(from);
      return;
    }
    expect(res.body).toEqual({ modifiedCount: 1 });
    const stored = to === 'canceled' ? 'cancel' : to;
    expect(after.status).toBe(stored);
    if (to === 'inprogress') {
      const actor = pick(who);
      expect(after).toMatchObject({
        donorId: actor.id,
        donorName: actor.name,
        donorEmail: actor.email,
      });
    } else {
      // The donor is kept.
      expect(after).toMatchObject({
        donorId: donor.id,
        donorName: donor.name,
        donorEmail: donor.email,
      });
    }
  });

  it('says plainly why: own request and someone else first', async () => {
    const r = await setup('pending');
    const own = await call(t, 'PATCH', `/api/donation-request/${r.id}`, {
      ...(await as(requester)),
      body: { status: 'inprogress' },
    });
    expect(own.body.error.message).toBe('You cannot donate to your own request.');
    await call(t, 'PATCH', `/api/donation-request/${r.id}`, {
      ...(await as(donor)),
      body: { status: 'inprogress' },
    });
    const second = await call(t, 'PATCH', `/api/donation-request/${r.id}`, {
      ...(await as(stranger)),
      body: { status: 'inprogress' },
    });
    expect(second.status).toBe(409);
    expect(second.body.error).toEqual({
      code: 'REQUEST_NOT_PENDING',
      message: 'Someone else has already accepted this request.',
    });
  });

  it('takes the donor from the session: donor fields in the body are refused', async () => {
    const r = await setup('pending');
    const res = await call(t, 'PATCH', `/api/donation-request/${r.id}`, {
      ...(await as(stranger)),
      body: { status: 'inprogress', donorName: 'Someone', donorEmail: admin.email },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      'These fields cannot be changed here: donorName, donorEmail.',
    );
    expect((await row(r.id)).status).toBe('pending');
  });

  it('done records the donation on the donor, so they are not eligible for a while; cancel does not', async () => {
    const giver = await createUser(t.db);
    const r1 = await createRequest(t.db, requester, { donor: giver });
    const before = Date.now();
    const done = await call(t, 'PATCH', `/api/donation-request/${r1.id}`, {
      ...(await as(requester)),
      body: { status: 'done' },
    });
    expect(done.status).toBe(200);
    const user = await t.db
      .selectFrom('user')
      .select('lastDonationDate')
      .where('id', '=', giver.id)
      .executeTakeFirstOrThrow();
    const last = new Date(user.lastDonationDate ?? 0).getTime();
    expect(last).toBeGreaterThanOrEqual(before - 1000);
    expect(isEligible(new Date(last).toISOString(), 120)).toBe(false);

    const giver2 = await createUser(t.db);
    const r2 = await createRequest(t.db, requester, { donor: giver2 });
    await call(t, 'PATCH', `/api/donation-request/${r2.id}`, {
      ...(await as(admin)),
      body: { status: 'cancel' },
    });
    const user2 = await t.db
      .selectFrom('user')
      .select('lastDonationDate')
      .where('id', '=', giver2.id)
      .executeTakeFirstOrThrow();
    expect(user2.lastDonationDate).toBeNull();
  });

  it('answers 404 for an unknown request and 401 for visitors', async () => {
    const unknown = '0190a0a0-0000-7000-8000-000000000000';
    for (const status of ['inprogress', 'done', 'cancel']) {
      const res = await call(t, 'PATCH', `/api/donation-request/${unknown}`, {
        ...(await as(admin)),
        body: { status },
      });
      expect(res.status).toBe(404);
    }
    const r = await setup('pending');
    expect(
      (await call(t, 'PATCH', `/api/donation-request/${r.id}`, { body: { status: 'inprogress' } }))
        .status,
    ).toBe(401);
  });

  it('gives exactly one of 50 simultaneous donors the request; the other 49 get 409', async () => {
    const r = await setup('pending');
    const donors = await Promise.all(Array.from({ length: 50 }, () => createUser(t.db)));
    const auth = await Promise.all(donors.map((d) => as(d)));
    const results = await Promise.all(
      auth.map((a) =>
        call(t, 'PATCH', `/api/donation-request/${r.id}`, { ...a, body: { status: 'inprogress' } }),
      ),
    );
    const statuses = results.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const res of results.filter((x) => x.status === 409)) {
      expect(res.body.error.code).toBe('REQUEST_NOT_PENDING');
    }
    const winner = donors[statuses.indexOf(200)];
    expect(await row(r.id)).toMatchObject({
      status: 'inprogress',
      donorId: winner?.id,
      donorEmail: winner?.email,
    });
  });
});

describe(`editing a request (${engine})`, () => {
  it('lets the requester edit their own pending request', async () => {
    const r = await createRequest(t.db, requester);
    const res = await call(t, 'PATCH', `/api/donation-request/${r.id}`, {
      ...(await as(requester)),
      body: {
        recipientName: 'New Name',
        district: 'Jashore',
        upazila: 'Jashore Sadar',
        donationTime: '18:45',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ modifiedCount: 1 });
    expect(await row(r.id)).toMatchObject({
      recipientName: 'New Name',
      district: 'Jashore',
      upazila: 'Jashore Sadar',
      donationTime: '18:45',
      requesterId: requester.id,
      status: 'pending',
    });
  });

  it.each([
    ['another donor', 'other', 403],
    ['a volunteer', 'volunteer', 403],
    ['an admin', 'admin', 403],
  ] as const)('refuses an edit by %s', async (_label, who, expected) => {
    const r = await createRequest(t.db, requester);
    const user = { other, volunteer, admin }[who];
    const res = await call(t, 'PATCH', `/api/donation-request/${r.id}`, {
      ...(await as(user)),
      body: { recipientName: 'Hijacked' },
    });
    expect(res.status).toBe(expected);
    expect((await row(r.id)).recipientName).toBe('Ayesha Khatun');
  });

  it.each(['inprogress', 'done', 'cancel'] as const)(
    'refuses an edit of a %s request (409)',
    async (status) => {
      const r = await createRequest(t.db, requester, { status, donor: other });
      const res = await call(t, 'PATCH', `/api/donation-request/${r.id}`, {
        ...(await as(requester)),
        body: { recipientName: 'Late change' },
      });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe('Only a pending request can be edited.');
    },
  );

  it.each([
    [{ requesterEmail: 'x@example.org' }, 'These fields cannot be changed here: requesterEmail.'],
    [{ recipientName: 'A', donorId: 'x' }, 'These fields cannot be changed here: donorId.'],
    [{}, 'Please change at least one field.'],
    [{ donationDate: dhakaDate(-3) }, 'Donation date cannot be in the past'],
    [{ district: 'Dhaka' }, 'Dhaka is not in Khulna division.'],
  ])('refuses the edit %j (400) and changes nothing', async (body, message) => {
    const r = await createRequest(t.db, requester);
    const res = await call(t, 'PATCH', `/api/donation-request/${r.id}`, {
      ...(await as(requester)),
      body,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(await row(r.id)).toMatchObject({ recipientName: 'Ayesha Khatun', district: 'Khulna' });
  });
});

describe(`DELETE /api/donation-request/all/:id (${engine})`, () => {
  it.each([
    ['the requester', 'requester', 200],
    ['an admin', 'admin', 200],
    ['a volunteer', 'volunteer', 403],
    ['another donor', 'other', 403],
  ] as const)('by %s → %i', async (_label, who, expected) => {
    const r = await createRequest(t.db, requester);
    const user = { requester, admin, volunteer, other }[who];
    const res = await call(t, 'DELETE', `/api/donation-request/all/${r.id}`, await as(user));
    expect(res.status).toBe(expected);
    const left = await t.db
      .selectFrom('donationRequest')
      .select('id')
      .where('id', '=', r.id)
      .execute();
    if (expected === 200) {
      expect(res.body).toEqual({ deletedCount: 1 });
      expect(left).toHaveLength(0);
    } else {
      expect(left).toHaveLength(1);
    }
  });

  it('answers 404 for an unknown request and 401 for visitors', async () => {
    const r = await createRequest(t.db, requester);
    expect((await call(t, 'DELETE', `/api/donation-request/all/${r.id}`)).status).toBe(401);
    const res = await call(
      t,
      'DELETE',
      '/api/donation-request/all/0190a0a0-0000-7000-8000-000000000000',
      await as(admin),
    );
    expect(res.status).toBe(404);
  });
});
