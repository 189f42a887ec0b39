import { describe, expect, it } from 'vitest';
import { createRequest, dhakaDate } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { setUpRequestsWorld } from './requests-world.ts';

const w = setUpRequestsWorld();
const engine = process.env.TEST_ENGINE;

describe(`editing a request (${engine})`, () => {
  it('lets the w.requester edit their own pending request', async () => {
    const r = await createRequest(w.t.db, w.requester);
    const res = await call(w.t, 'PATCH', `/api/donation-request/${r.id}`, {
      ...(await w.as(w.requester)),
      body: {
        recipientName: 'New Name',
        district: 'Jashore',
        upazila: 'Jashore Sadar',
        donationTime: '18:45',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ modifiedCount: 1 });
    expect(await w.row(r.id)).toMatchObject({
      recipientName: 'New Name',
      district: 'Jashore',
      upazila: 'Jashore Sadar',
      donationTime: '18:45',
      requesterId: w.requester.id,
      status: 'pending',
    });
  });

  it.each([
    ['another donor', 'other', 403],
    ['a volunteer', 'volunteer', 403],
    ['an admin', 'admin', 403],
  ] as const)('refuses an edit by %s', async (_label, who, expected) => {
    const r = await createRequest(w.t.db, w.requester);
    const user = { other: w.other, volunteer: w.volunteer, admin: w.admin }[who];
    const res = await call(w.t, 'PATCH', `/api/donation-request/${r.id}`, {
      ...(await w.as(user)),
      body: { recipientName: 'Hijacked' },
    });
    expect(res.status).toBe(expected);
    expect((await w.row(r.id)).recipientName).toBe('Ayesha Khatun');
  });

  it.each(['inprogress', 'done', 'cancel'] as const)(
    'refuses an edit of a %s request (409)',
    async (status) => {
      const r = await createRequest(w.t.db, w.requester, { status, donor: w.other });
      const res = await call(w.t, 'PATCH', `/api/donation-request/${r.id}`, {
        ...(await w.as(w.requester)),
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
    const r = await createRequest(w.t.db, w.requester);
    const res = await call(w.t, 'PATCH', `/api/donation-request/${r.id}`, {
      ...(await w.as(w.requester)),
      body,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(await w.row(r.id)).toMatchObject({ recipientName: 'Ayesha Khatun', district: 'Khulna' });
  });
});
