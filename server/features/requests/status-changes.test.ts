import { beforeAll, describe, expect, it } from 'vitest';
import { isEligible } from '../../../common/eligibility.rules.ts';
import { createRequest, createUser } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { setUpRequestsWorld, type User } from './requests-world.ts';

const w = setUpRequestsWorld();
const engine = process.env.TEST_ENGINE;

type Status = 'pending' | 'inprogress' | 'done' | 'cancel';
type Who = 'requester' | 'donor' | 'stranger' | 'volunteer' | 'admin';

describe(`status changes (${engine})`, () => {
  let donor: User;
  let stranger: User;
  beforeAll(async () => {
    donor = await createUser(w.t.db, { name: 'Accepted Donor' });
    stranger = await createUser(w.t.db);
  });
  const pick = (who: Who) =>
    ({ requester: w.requester, donor, stranger, volunteer: w.volunteer, admin: w.admin })[who];

  async function setup(status: Status) {
    return createRequest(w.t.db, w.requester, {
      status,
      donor: status === 'pending' ? null : donor,
    });
  }

  // [from, sent status, who, expected HTTP status, expected code when refused]
  const cases: [Status, string, Who, number, string?][] = [
    // Donate: only from pending, by anyone but the w.requester.
    ['pending', 'inprogress', 'stranger', 200],
    ['pending', 'inprogress', 'volunteer', 200],
    ['pending', 'inprogress', 'admin', 200],
    ['pending', 'inprogress', 'requester', 403, 'OWN_REQUEST'],
    ['inprogress', 'inprogress', 'stranger', 409, 'REQUEST_NOT_PENDING'],
    ['inprogress', 'inprogress', 'donor', 409, 'REQUEST_NOT_PENDING'],
    ['inprogress', 'inprogress', 'requester', 403, 'OWN_REQUEST'],
    ['done', 'inprogress', 'stranger', 409, 'REQUEST_NOT_PENDING'],
    ['cancel', 'inprogress', 'stranger', 409, 'REQUEST_NOT_PENDING'],
    // Done and cancel: only from inprogress, by the w.requester, a w.volunteer or an w.admin.
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
    const res = await call(w.t, 'PATCH', `/api/donation-request/${r.id}`, {
      ...(await w.as(pick(who))),
      body: { status: to },
    });
    expect(res.status).toBe(expected);
    const after = await w.row(r.id);
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
    const own = await call(w.t, 'PATCH', `/api/donation-request/${r.id}`, {
      ...(await w.as(w.requester)),
      body: { status: 'inprogress' },
    });
    expect(own.body.error.message).toBe('You cannot donate to your own request.');
    // A donor who has not given before (the suite's own donor rests after its 'done' cases).
    const first = await call(w.t, 'PATCH', `/api/donation-request/${r.id}`, {
      ...(await w.as(await createUser(w.t.db))),
      body: { status: 'inprogress' },
    });
    expect(first.status).toBe(200);
    const second = await call(w.t, 'PATCH', `/api/donation-request/${r.id}`, {
      ...(await w.as(stranger)),
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
    const res = await call(w.t, 'PATCH', `/api/donation-request/${r.id}`, {
      ...(await w.as(stranger)),
      body: { status: 'inprogress', donorName: 'Someone', donorEmail: w.admin.email },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      'These fields cannot be changed here: donorName, donorEmail.',
    );
    expect((await w.row(r.id)).status).toBe('pending');
  });

  it('done records the donation on the donor, so they are not eligible for a while; cancel does not', async () => {
    const giver = await createUser(w.t.db);
    const r1 = await createRequest(w.t.db, w.requester, { donor: giver });
    const before = Date.now();
    const done = await call(w.t, 'PATCH', `/api/donation-request/${r1.id}`, {
      ...(await w.as(w.requester)),
      body: { status: 'done' },
    });
    expect(done.status).toBe(200);
    const user = await w.t.db
      .selectFrom('user')
      .select('lastDonationDate')
      .where('id', '=', giver.id)
      .executeTakeFirstOrThrow();
    const last = new Date(user.lastDonationDate ?? 0).getTime();
    expect(last).toBeGreaterThanOrEqual(before - 1000);
    expect(isEligible(new Date(last).toISOString(), 120)).toBe(false);

    const giver2 = await createUser(w.t.db);
    const r2 = await createRequest(w.t.db, w.requester, { donor: giver2 });
    await call(w.t, 'PATCH', `/api/donation-request/${r2.id}`, {
      ...(await w.as(w.admin)),
      body: { status: 'cancel' },
    });
    const user2 = await w.t.db
      .selectFrom('user')
      .select('lastDonationDate')
      .where('id', '=', giver2.id)
      .executeTakeFirstOrThrow();
    expect(user2.lastDonationDate).toBeNull();
  });

  it('answers 404 for an unknown request and 401 for visitors', async () => {
    const unknown = '0190a0a0-0000-7000-8000-000000000000';
    for (const status of ['inprogress', 'done', 'cancel']) {
      const res = await call(w.t, 'PATCH', `/api/donation-request/${unknown}`, {
        ...(await w.as(w.admin)),
        body: { status },
      });
      expect(res.status).toBe(404);
    }
    const r = await setup('pending');
    expect(
      (
        await call(w.t, 'PATCH', `/api/donation-request/${r.id}`, {
          body: { status: 'inprogress' },
        })
      ).status,
    ).toBe(401);
  });

  it('gives exactly one of 50 simultaneous donors the request; the w.other 49 get 409', async () => {
    const r = await setup('pending');
    const donors = await Promise.all(Array.from({ length: 50 }, () => createUser(w.t.db)));
    const auth = await Promise.all(donors.map((d) => w.as(d)));
    const results = await Promise.all(
      auth.map((a) =>
        call(w.t, 'PATCH', `/api/donation-request/${r.id}`, {
          ...a,
          body: { status: 'inprogress' },
        }),
      ),
    );
    const statuses = results.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const res of results.filter((x) => x.status === 409)) {
      expect(res.body.error.code).toBe('REQUEST_NOT_PENDING');
    }
    const winner = donors[statuses.indexOf(200)];
    expect(await w.row(r.id)).toMatchObject({
      status: 'inprogress',
      donorId: winner?.id,
      donorEmail: winner?.email,
    });
  });
});
