import { describe, expect, it } from 'vitest';
import { createRequest, createUser, dhakaDate } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { testEngine } from '../../test/test-app.ts';
import { setUpTrustWorld } from '../../test/trust-world.ts';

// Issue 14, item 6: a donor's completed donations (date, hospital, district) with the count, and
// a thank-you certificate for each; only their own, and only donations marked done.

const w = setUpTrustWorld();

describe(`donation history (${testEngine})`, () => {
  it('lists a donation once its request is marked done, latest first, with the count', async () => {
    const donor = await createUser(w.t.db, { name: 'Generous Giver' });
    const empty = await w.callAs(donor, 'GET', '/api/donations/mine');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
    expect(empty.headers.get('X-Total-Count')).toBe('0');

    const first = await createRequest(w.t.db, w.requester, {
      donor,
      donationDate: dhakaDate(1),
      hospitalName: 'Khulna Medical College Hospital',
      district: 'Khulna',
    });
    const second = await createRequest(w.t.db, w.requester, {
      donor,
      donationDate: dhakaDate(3),
      hospitalName: 'Jashore General Hospital',
      division: 'Khulna',
      district: 'Jashore',
    });
    // Accepted is not donated: nothing yet.
    expect((await w.callAs(donor, 'GET', '/api/donations/mine')).body).toEqual([]);
    for (const request of [first, second]) {
      const done = await w.callAs(w.requester, 'PATCH', `/api/donation-request/${request.id}`, {
        status: 'done',
      });
      expect(done.status).toBe(200);
    }
    // A canceled one never counts.
    await createRequest(w.t.db, w.requester, { donor, status: 'cancel' });

    const res = await w.callAs(donor, 'GET', '/api/donations/mine');
    expect(res.headers.get('X-Total-Count')).toBe('2');
    expect(res.body).toEqual([
      {
        id: second.id,
        donationDate: dhakaDate(3),
        donationTime: '10:30',
        hospitalName: 'Jashore General Hospital',
        district: 'Jashore',
        division: 'Khulna',
        bloodGroup: 'O+',
      },
      {
        id: first.id,
        donationDate: dhakaDate(1),
        donationTime: '10:30',
        hospitalName: 'Khulna Medical College Hospital',
        district: 'Khulna',
        division: 'Khulna',
        bloodGroup: 'O+',
      },
    ]);

    const certificate = await w.callAs(donor, 'GET', `/api/donations/${first.id}`);
    expect(certificate.status).toBe(200);
    expect(certificate.body).toMatchObject({
      id: first.id,
      donorName: 'Generous Giver',
      ordinal: 1,
      hospitalName: 'Khulna Medical College Hospital',
    });
    expect((await w.callAs(donor, 'GET', `/api/donations/${second.id}`)).body.ordinal).toBe(2);
  });

  it('keeps each certificate to its donor: anyone else, or a request not done, gets 404', async () => {
    const donor = await createUser(w.t.db);
    const done = await createRequest(w.t.db, w.requester, { donor, status: 'done' });
    const open = await createRequest(w.t.db, w.requester, { donor });
    for (const who of [w.requester, w.admin, w.donors[0]]) {
      expect((await w.callAs(who, 'GET', `/api/donations/${done.id}`)).status).toBe(404);
    }
    expect((await w.callAs(donor, 'GET', `/api/donations/${open.id}`)).status).toBe(404);
    expect((await call(w.t, 'GET', `/api/donations/${done.id}`)).status).toBe(401);
    expect((await call(w.t, 'GET', '/api/donations/mine')).status).toBe(401);
  });

  // Bug: the history read the donor's done requests, and a requester may delete their own
  // request in any state (admins any): the donation left the donor's history and certificate.
  it('keeps a donation in the donor’s history, certificate and count when its request is deleted', async () => {
    const donor = await createUser(w.t.db, { name: 'Kept Donor' });
    const byRequester = await createRequest(w.t.db, w.requester, {
      donor,
      donationDate: dhakaDate(1),
      hospitalName: 'Sylhet MAG Osmani Medical College Hospital',
      division: 'Sylhet',
      district: 'Sylhet',
    });
    const byAdmin = await createRequest(w.t.db, w.requester, { donor, donationDate: dhakaDate(2) });
    for (const request of [byRequester, byAdmin]) {
      const done = await w.callAs(w.requester, 'PATCH', `/api/donation-request/${request.id}`, {
        status: 'done',
      });
      expect(done.status).toBe(200);
    }
    const before = await w.callAs(donor, 'GET', '/api/donations/mine');
    expect(before.body.map((d: { id: string }) => d.id)).toEqual([byAdmin.id, byRequester.id]);

    const deletions: Array<[typeof w.requester, string]> = [
      [w.requester, byRequester.id],
      [w.admin, byAdmin.id],
    ];
    for (const [who, id] of deletions) {
      const res = await w.callAs(who, 'DELETE', `/api/donation-request/all/${id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ deletedCount: 1 });
      expect((await w.callAs(w.requester, 'GET', `/api/donation-request/${id}`)).status).toBe(404);
    }

    const after = await w.callAs(donor, 'GET', '/api/donations/mine');
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before.body);
    expect(after.headers.get('X-Total-Count')).toBe('2');
    const certificate = await w.callAs(donor, 'GET', `/api/donations/${byRequester.id}`);
    expect(certificate.status).toBe(200);
    expect(certificate.body).toMatchObject({
      id: byRequester.id,
      donorName: 'Kept Donor',
      ordinal: 1,
      donationDate: dhakaDate(1),
      hospitalName: 'Sylhet MAG Osmani Medical College Hospital',
      district: 'Sylhet',
    });
    expect((await w.callAs(donor, 'GET', `/api/donations/${byAdmin.id}`)).body.ordinal).toBe(2);
    // Still the donor's alone.
    expect((await w.callAs(w.requester, 'GET', `/api/donations/${byAdmin.id}`)).status).toBe(404);
  });

  it('records a donation once, only when marked done, never for a cancel', async () => {
    const donor = await createUser(w.t.db);
    const request = await createRequest(w.t.db, w.requester, { donor });
    const both = await Promise.all(
      [1, 2].map(() =>
        w.callAs(w.requester, 'PATCH', `/api/donation-request/${request.id}`, { status: 'done' }),
      ),
    );
    expect(both.map((res) => res.status).sort()).toEqual([200, 409]);
    const canceled = await createRequest(w.t.db, w.requester, { donor });
    await w.callAs(w.requester, 'PATCH', `/api/donation-request/${canceled.id}`, {
      status: 'cancel',
    });
    const rows = await w.t.db
      .selectFrom('donation')
      .select(['id', 'requestId', 'donorId'])
      .where('donorId', '=', donor.id)
      .execute();
    expect(rows).toEqual([{ id: request.id, requestId: request.id, donorId: donor.id }]);
  });
});
