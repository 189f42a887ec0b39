import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createRequest, createUser } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Bug: a profile update and a request edit re-checked the place on different conditions. A
// profile update that only cleared the upazila (`upazila: null` or '') checked nothing, where a
// request edit checked the place it left; now both follow assertValidPlaceUpdate (places.ts):
// any place field named, the whole resulting place is checked; none named, nothing is.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A stored place that is no longer valid (reference data can change under stored rows). */
const STALE = { division: 'Dhaka', district: 'Khulna', upazila: 'Dumuria' };
const STALE_MESSAGE = 'Khulna is not in Dhaka division.';

/** The two updates, each on a fresh record holding `place`: the same body goes to both. */
const updates = {
  profile: async (place: typeof STALE, body: Record<string, unknown>) => {
    const user = await createUser(t.db, place);
    return call(t, 'PATCH', `/api/users/${user.id}`, {
      headers: await bearerFor(t.db, user.id),
      body,
    });
  },
  'request edit': async (place: typeof STALE, body: Record<string, unknown>) => {
    const requester = await createUser(t.db);
    const request = await createRequest(t.db, requester, place);
    return call(t, 'PATCH', `/api/donation-request/${request.id}`, {
      headers: await bearerFor(t.db, requester.id),
      body,
    });
  },
};

describe(`one place rule for every update (${process.env.TEST_ENGINE})`, () => {
  describe.each(Object.entries(updates))('the %s', (_name, update) => {
    it.each([[{ upazila: null }], [{ upazila: '' }]])(
      'checks the place it leaves when it only clears the upazila: %j',
      async (body) => {
        const res = await update(STALE, body);
        expect(res.status).toBe(400);
        expect(res.body.error.message).toBe(STALE_MESSAGE);
      },
    );

    it('checks the stored division and district against a new upazila', async () => {
      const res = await update(
        { division: 'Khulna', district: 'Khulna', upazila: 'Dumuria' },
        { upazila: 'Jashore Sadar' },
      );
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Jashore Sadar is not an upazila of Khulna.');
    });

    it('checks nothing when it names no part of the place', async () => {
      const body = _name === 'profile' ? { name: 'Renamed' } : { recipientName: 'Renamed' };
      const res = await update(STALE, body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ modifiedCount: 1 });
    });

    it('accepts a valid place it names', async () => {
      const res = await update(STALE, { division: 'Khulna', upazila: null });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ modifiedCount: 1 });
    });
  });
});
