import { describe, expect, it } from 'vitest';
import { createRequest, createUser } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { setUpRequestsWorld } from './requests-world.ts';

const w = setUpRequestsWorld();
const engine = process.env.TEST_ENGINE;

describe(`GET /api/donation-request/:id (${engine})`, () => {
  it('shows a pending request to any signed-in user, and not to visitors', async () => {
    const r = await createRequest(w.t.db, w.requester);
    expect((await call(w.t, 'GET', `/api/donation-request/${r.id}`)).status).toBe(401);
    const res = await call(w.t, 'GET', `/api/donation-request/${r.id}`, await w.as(w.other));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: r.id,
      _id: r.id,
      requesterName: 'Rahima Begum',
      requesterEmail: w.requester.email,
      status: 'pending',
      donationTime: '10:30',
      donorName: null,
    });
    expect(res.body.requesterId).toBeUndefined();
  });

  it("does not show another donor's accepted request to a stranger; the people involved and staff see it", async () => {
    const donor = await createUser(w.t.db);
    const stranger = await createUser(w.t.db);
    const r = await createRequest(w.t.db, w.requester, { donor, status: 'done' });
    const res = await call(w.t, 'GET', `/api/donation-request/${r.id}`, await w.as(stranger));
    expect(res.status).toBe(403);
    for (const who of [w.requester, donor, w.volunteer, w.admin]) {
      expect(
        (await call(w.t, 'GET', `/api/donation-request/${r.id}`, await w.as(who))).status,
      ).toBe(200);
    }
  });

  it('answers 404 for an unknown id', async () => {
    const res = await call(
      w.t,
      'GET',
      '/api/donation-request/0190a0a0-0000-7000-8000-000000000000',
      await w.as(w.other),
    );
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('No such donation request.');
  });
});
