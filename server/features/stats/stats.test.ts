import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminStatsResponseSchema } from '../../../common/stats.schema.ts';
import { bearerFor, createRequest, createUser } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`GET /api/admin-stats (${process.env.TEST_ENGINE})`, () => {
  it('counts users and requests, by status and by blood group, for admin and volunteer', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const volunteer = await createUser(t.db, { role: 'volunteer' });
    const donor = await createUser(t.db);
    const requester = await createUser(t.db);
    await createRequest(t.db, requester, { bloodGroup: 'A+' });
    await createRequest(t.db, requester, { bloodGroup: 'A+' });
    await createRequest(t.db, requester, { bloodGroup: 'O-', donor });
    await createRequest(t.db, requester, { bloodGroup: 'AB+', status: 'done', donor });
    await createRequest(t.db, requester, { bloodGroup: 'B-', status: 'cancel', donor });

    for (const user of [admin, volunteer]) {
      const res = await call(t, 'GET', '/api/admin-stats', {
        headers: await bearerFor(t.db, user.id),
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        users: 4,
        donationRequest: 5,
        byStatus: { pending: 2, inprogress: 1, done: 1, cancel: 1, expired: 0 },
        byBloodGroup: { 'A+': 2, 'A-': 0, 'B+': 0, 'B-': 1, 'AB+': 1, 'AB-': 0, 'O+': 0, 'O-': 1 },
      });
      adminStatsResponseSchema.strict().parse(res.body);
    }
  });

  it('refuses donors (403) and visitors (401)', async () => {
    const donor = await createUser(t.db);
    const res = await call(t, 'GET', '/api/admin-stats', {
      headers: await bearerFor(t.db, donor.id),
    });
    expect(res.status).toBe(403);
    expect((await call(t, 'GET', '/api/admin-stats')).status).toBe(401);
  });
});
