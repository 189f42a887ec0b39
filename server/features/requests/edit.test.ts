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

  // Bug: an edit could make a request the same recipient, blood group and date as another open
  // request of its requester, which posting it would have refused (DUPLICATE_REQUEST).
  describe('the duplicate check', () => {
    const edit = async (id: string, body: Record<string, unknown>) =>
      call(w.t, 'PATCH', `/api/donation-request/${id}`, { ...(await w.as(w.requester)), body });
    const message = (name: string, group: string, date: string) =>
      `You already have an open request for ${name} (${group}) on ${date}. Edit that one instead of posting it again.`;

    it('refuses an edit that makes a request the same as another open one, with the create message', async () => {
      const first = await createRequest(w.t.db, w.requester, {
        recipientName: 'Abdul Karim',
        bloodGroup: 'B+',
        donationDate: dhakaDate(4),
      });
      const second = await createRequest(w.t.db, w.requester, { donationDate: dhakaDate(5) });
      const res = await edit(second.id, {
        recipientName: '  abdul KARIM ',
        bloodGroup: 'B+',
        donationDate: dhakaDate(4),
      });
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({
        code: 'DUPLICATE_REQUEST',
        message: message('Abdul Karim', 'B+', dhakaDate(4)),
        // Issue 27: the open request it would duplicate, to ask for more bags there.
        requestId: first.id,
      });
      expect(await w.row(second.id)).toMatchObject({
        recipientName: 'Ayesha Khatun',
        donationDate: dhakaDate(5),
      });
      // One field at a time, too: the date alone makes it the same.
      const renamed = await edit(second.id, { recipientName: 'Abdul Karim', bloodGroup: 'B+' });
      expect(renamed.status).toBe(200);
      const dated = await edit(second.id, { donationDate: dhakaDate(4) });
      expect(dated.status).toBe(409);
      expect(dated.body.error.code).toBe('DUPLICATE_REQUEST');
      expect((await w.row(second.id)).donationDate).toBe(dhakaDate(5));
      // The request is never its own duplicate.
      const same = await edit(first.id, {
        recipientName: 'Abdul Karim',
        bloodGroup: 'B+',
        donationDate: dhakaDate(4),
        hospitalName: 'Jashore General Hospital',
      });
      expect(same.status).toBe(200);
    });

    it('lets an edit match a closed request, or someone else’s', async () => {
      await createRequest(w.t.db, w.requester, {
        recipientName: 'Closed Case',
        donationDate: dhakaDate(6),
        status: 'done',
        donor: w.other,
      });
      await createRequest(w.t.db, w.other, {
        recipientName: 'Other Case',
        donationDate: dhakaDate(6),
      });
      const mine = await createRequest(w.t.db, w.requester, { donationDate: dhakaDate(7) });
      for (const recipientName of ['Closed Case', 'Other Case']) {
        const res = await edit(mine.id, { recipientName, donationDate: dhakaDate(6) });
        expect(res.status).toBe(200);
      }
    });

    it('refuses one of two edits sent at once that would make two requests the same', async () => {
      const a = await createRequest(w.t.db, w.requester, { recipientName: 'Patient One' });
      const b = await createRequest(w.t.db, w.requester, { recipientName: 'Patient Two' });
      const same = { recipientName: 'Patient Three', donationDate: dhakaDate(8) };
      const answers = await Promise.all([edit(a.id, same), edit(b.id, same)]);
      expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    });
  });
});
