import { describe, expect, it } from 'vitest';
import { createUser, dhakaDate, requestForm } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { setUpRequestsWorld } from './requests-world.ts';

const w = setUpRequestsWorld();
const engine = process.env.TEST_ENGINE;

describe(`POST /api/donation-request (${engine})`, () => {
  it('creates a pending request whose w.requester is the caller, whatever the body claims', async () => {
    const res = await call(w.t, 'POST', '/api/donation-request', {
      ...(await w.as(w.requester)),
      body: requestForm({
        requesterName: 'Forged Name',
        requesterEmail: w.other.email,
        status: 'done',
        donorName: 'Forged Donor',
        donorEmail: w.other.email,
      }),
    });
    expect(res.status).toBe(201);
    const stored = await w.row(res.body.insertedId);
    expect(stored).toMatchObject({
      requesterId: w.requester.id,
      requesterName: 'Rahima Begum',
      requesterEmail: w.requester.email,
      recipientName: 'Abdul Karim',
      upazila: 'Jashore Sadar',
      status: 'pending',
      donorId: null,
      donorName: null,
      donorEmail: null,
    });
  });

  it('takes the upazila as optional and a date of today (in Dhaka)', async () => {
    const res = await call(w.t, 'POST', '/api/donation-request', {
      ...(await w.as(w.requester)),
      body: requestForm({ upazila: undefined, donationDate: dhakaDate(0) }),
    });
    expect(res.status).toBe(201);
    expect(await w.row(res.body.insertedId)).toMatchObject({
      upazila: null,
      donationDate: dhakaDate(0),
    });
  });

  it('refuses visitors (401) and blocked users (403)', async () => {
    expect((await call(w.t, 'POST', '/api/donation-request', { body: requestForm() })).status).toBe(
      401,
    );
    const blocked = await createUser(w.t.db, { status: 'block' });
    const res = await call(w.t, 'POST', '/api/donation-request', {
      ...(await w.as(blocked)),
      body: requestForm(),
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('ACCOUNT_BLOCKED');
  });

  it("answers an empty form with the form's own messages and stores nothing", async () => {
    const before = await w.t.db.selectFrom('donationRequest').select('id').execute();
    const res = await call(w.t, 'POST', '/api/donation-request', {
      ...(await w.as(w.requester)),
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
    expect(await w.t.db.selectFrom('donationRequest').select('id').execute()).toHaveLength(
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
    const res = await call(w.t, 'POST', '/api/donation-request', {
      ...(await w.as(w.requester)),
      body: requestForm(overrides),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details[field]).toBe(message);
  });
});
