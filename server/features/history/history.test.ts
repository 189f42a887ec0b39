import { describe, expect, it } from 'vitest';
import { createRequest, createUser, dhakaDate } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { testEngine } from '../../test/test-app.ts';
import { setUpTrustWorld } from '../trust/trust-world.ts';

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
});
