import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createUser, dhakaDate, requestForm } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { manualClock } from '../../test/manual-clock.ts';
import { type SmppSink, startSmppSink } from '../../test/smpp-sink.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testWorker } from '../../test/worker.ts';

// Issue 28, items 2 and 3 (decision 036): numbers are revealed only between the two sides of a
// standing pledge on an open request, each reveal audited; staff look only through an audited
// action with a reason; a request's contact number is verified with the profile's code rules.

type User = Awaited<ReturnType<typeof createUser>>;

const clock = manualClock();
let sink: SmppSink;
let t: TestApp;
let worker: ReturnType<typeof testWorker>;

beforeAll(async () => {
  clock.set(new Date(`${dhakaDate()}T12:00:00+06:00`));
  sink = await startSmppSink();
  t = await createTestApp({ SMS_URL: sink.url, ALERT_MAX_WAVES: '1' }, { clock });
  worker = testWorker(t);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

async function as(user: User | null, method: string, path: string, body?: unknown) {
  return call(t, method, path, { headers: user ? await bearerFor(t.db, user.id) : {}, body });
}

/** A verified number seeded as the profile's confirm leaves it. */
async function withNumber(user: User, phone: string) {
  const at = clock.now().toISOString();
  await t.db
    .insertInto('userPhone')
    .values({ userId: user.id, phone, verifiedAt: at, updatedAt: at })
    .execute();
  return user;
}

let serial = 0;
async function postRequest(requester: User, form: Record<string, unknown> = {}) {
  serial += 1;
  const made = await as(
    requester,
    'POST',
    '/api/donation-request',
    requestForm({ bags: 3, recipientName: `Patient ${serial}`, ...form }),
  );
  expect(made.status).toBe(201);
  return made.body.insertedId as string;
}

const contacts = (user: User | null, id: string) =>
  as(user, 'GET', `/api/donation-request/${id}/contacts`);
const pledge = async (donor: User, id: string) =>
  expect(
    (await as(donor, 'PATCH', `/api/donation-request/${id}`, { status: 'inprogress' })).status,
  ).toBe(200);
const reveals = (actorId: string, requestId: string) =>
  t.db
    .selectFrom('auditLog')
    .select(['action', 'actorId', 'actorRole', 'targetId', 'detail'])
    .where('actorId', '=', actorId)
    .where('targetId', '=', requestId)
    .execute();
const everyAnswer = (res: { body: unknown }) => JSON.stringify(res.body);

describe(`numbers between the two sides of a pledge (${process.env.TEST_ENGINE})`, () => {
  let requester: User;
  let donor: User;
  let withdrawer: User;
  let noShow: User;
  let other: User;
  let volunteer: User;
  let admin: User;
  let id: string;

  beforeAll(async () => {
    requester = await withNumber(
      await createUser(t.db, { name: 'Rahima Begum' }),
      '+8801711000001',
    );
    donor = await withNumber(await createUser(t.db, { name: 'Donor One' }), '+8801811000002');
    withdrawer = await withNumber(await createUser(t.db, { name: 'Donor Two' }), '+8801911000003');
    noShow = await withNumber(await createUser(t.db, { name: 'Donor Three' }), '+8801611000004');
    other = await withNumber(await createUser(t.db, { name: 'Other Donor' }), '+8801511000005');
    volunteer = await createUser(t.db, { role: 'volunteer' });
    admin = await createUser(t.db, { role: 'admin' });
    // The contact is the requester's own verified number, typed as people do: verified at once.
    id = await postRequest(requester, { contactPhone: '01711-000001' });
    await pledge(donor, id);
    await pledge(withdrawer, id);
    await pledge(noShow, id);
    const withdrawn = await as(withdrawer, 'POST', `/api/donation-request/${id}/withdraw`, {
      reason: 'I fell ill',
    });
    expect(withdrawn.status).toBe(200);
    const pledges = await t.db
      .selectFrom('donationPledge')
      .select('id')
      .where('requestId', '=', id)
      .where('donorId', '=', noShow.id)
      .executeTakeFirstOrThrow();
    const marked = await as(
      requester,
      'POST',
      `/api/donation-request/${id}/pledges/${pledges.id}/outcome`,
      { outcome: 'no_show' },
    );
    expect(marked.status).toBe(200);
  });

  it('shows the pledged donor the request’s number, and audits the reveal', async () => {
    const res = await contacts(donor, id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      requestId: id,
      contact: '+8801711000001',
      unverifiedContact: null,
      donors: [],
    });
    const entries = await reveals(donor.id, id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'phone.reveal', actorRole: 'donor' });
    expect(entries[0]?.detail).toContain('Rahima Begum');
    // The log names whose number, never the number.
    expect(entries[0]?.detail).not.toContain('1711000001');
  });

  it('shows the requester the standing pledge’s donor only, one audit entry per number', async () => {
    const res = await contacts(requester, id);
    expect(res.status).toBe(200);
    expect(res.body.donors).toEqual([
      {
        pledgeId: expect.any(String),
        donorName: 'Donor One',
        status: 'pledged',
        number: '+8801811000002',
      },
    ]);
    expect(everyAnswer(res)).not.toContain('1911000003');
    expect(everyAnswer(res)).not.toContain('1611000004');
    const entries = await reveals(requester.id, id);
    expect(entries.filter((e) => e.action === 'phone.reveal')).toHaveLength(1);
    expect(entries[0]?.detail).toContain('Donor One');
  });

  it.each([
    ['a visitor', () => null, 401, 'UNAUTHORIZED'],
    ['another donor', () => other, 403, 'HANDOFF_NOT_PARTY'],
    ['a donor who withdrew', () => withdrawer, 403, 'HANDOFF_PLEDGE_GONE'],
    ['a donor marked did-not-come', () => noShow, 403, 'HANDOFF_PLEDGE_GONE'],
    ['a volunteer without the audited action', () => volunteer, 403, 'HANDOFF_STAFF_AUDITED'],
    ['an admin without the audited action', () => admin, 403, 'HANDOFF_STAFF_AUDITED'],
  ])('refuses %s, in words, showing and auditing nothing', async (_, who, status, code) => {
    const user = who();
    const res = await contacts(user, id);
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.message).toMatch(/\w+ \w+/);
    expect(everyAnswer(res)).not.toMatch(/1[5-9]11000/);
    if (user) expect(await reveals(user.id, id)).toEqual([]);
  });

  it('shows staff every number only through the audited view with a reason', async () => {
    const noReason = await as(
      volunteer,
      'POST',
      `/api/donation-request/${id}/contacts/staff-view`,
      {
        reason: '',
      },
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.details.reason).toContain('why');
    const byDonor = await as(other, 'POST', `/api/donation-request/${id}/contacts/staff-view`, {
      reason: 'I would like to see them please',
    });
    expect(byDonor.status).toBe(403);
    expect(await reveals(volunteer.id, id)).toEqual([]);

    const reason = 'Report of asking for money: calling both sides';
    const res = await as(volunteer, 'POST', `/api/donation-request/${id}/contacts/staff-view`, {
      reason,
    });
    expect(res.status).toBe(200);
    expect(res.body.contact).toBe('+8801711000001');
    expect(res.body.donors.map((d: { number: string }) => d.number).sort()).toEqual([
      '+8801611000004',
      '+8801811000002',
      '+8801911000003',
    ]);
    const entries = await reveals(volunteer.id, id);
    expect(entries).toHaveLength(4);
    for (const entry of entries) {
      expect(entry).toMatchObject({ action: 'phone.staffView', actorRole: 'volunteer' });
      expect(entry.detail).toContain(reason);
    }
  });

  it('hides every number again once the request is done', async () => {
    const done = await as(requester, 'PATCH', `/api/donation-request/${id}`, { status: 'done' });
    expect(done.status).toBe(200);
    for (const user of [donor, requester]) {
      const res = await contacts(user, id);
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({
        code: 'HANDOFF_ENDED',
        message: 'This request has ended, so its numbers are hidden again.',
      });
    }
  });

  it('hides them once the request is cancelled', async () => {
    const cancelled = await postRequest(requester, { recipientName: 'To be cancelled' });
    // Not the donor who has just given (a resting donor may not pledge: issue 30 item 6).
    const another = await createUser(t.db);
    await pledge(another, cancelled);
    expect((await contacts(another, cancelled)).body.contact).toBe('+8801711000001');
    expect(
      (await as(requester, 'PATCH', `/api/donation-request/${cancelled}`, { status: 'cancel' }))
        .status,
    ).toBe(200);
    expect((await contacts(another, cancelled)).body.error.code).toBe('HANDOFF_ENDED');
  });

  it('hides them from both sides once staff remove the request; staff still look, audited', async () => {
    const removed = await postRequest(requester, { recipientName: 'To be removed' });
    const giver = await withNumber(await createUser(t.db), '+8801713000009');
    await pledge(giver, removed);
    expect((await contacts(giver, removed)).body.contact).toBe('+8801711000001');
    expect((await contacts(requester, removed)).body.donors[0].number).toBe('+8801713000009');
    const gone = await as(volunteer, 'POST', `/api/donation-request/${removed}/remove`, {
      reason: 'Reported as a fake request asking for money',
    });
    expect(gone.status).toBe(200);
    for (const side of [giver, requester]) {
      const res = await contacts(side, removed);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('HANDOFF_ENDED');
      expect(everyAnswer(res)).not.toContain('+880');
    }
    // Staff may still look (a removed request is where fraud is checked), giving a reason.
    const reason = 'Checking the reported request before calling the family';
    const look = await as(
      volunteer,
      'POST',
      `/api/donation-request/${removed}/contacts/staff-view`,
      {
        reason,
      },
    );
    expect(look.status).toBe(200);
    expect(look.body.contact).toBe('+8801711000001');
    expect(look.body.donors.map((d: { number: string }) => d.number)).toEqual(['+8801713000009']);
    const looks = (await reveals(volunteer.id, removed)).filter(
      (e) => e.action === 'phone.staffView',
    );
    expect(looks).toHaveLength(2);
    for (const entry of looks) expect(entry.detail).toContain(reason);
  });
});

describe(`a request's contact number (${process.env.TEST_ENGINE})`, () => {
  it('is verified by a code by SMS, and only then used for the hand-off', async () => {
    const requester = await withNumber(await createUser(t.db), '+8801712000001');
    const donor = await withNumber(await createUser(t.db), '+8801812000002');
    // The patient's attendant: another number, waiting for its code.
    const id = await postRequest(requester, { contactPhone: '+880 1313-000009' });
    await pledge(donor, id);
    // Until it is verified, the donor is given the requester's own verified number.
    expect((await contacts(donor, id)).body.contact).toBe('+8801712000001');
    const mine = await contacts(requester, id);
    expect(mine.body).toMatchObject({
      contact: '+8801712000001',
      unverifiedContact: '+8801313000009',
    });

    // Only the requester asks for its code; the others are refused.
    const stranger = await as(donor, 'POST', `/api/donation-request/${id}/contact/code`);
    expect(stranger.status).toBe(403);
    const asked = await as(requester, 'POST', `/api/donation-request/${id}/contact/code`);
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ number: '+8801313000009', verified: false, codePending: true });
    await worker.runDue();
    const code = sink.parts
      .filter((p) => p.to === '8801313000009')
      .at(-1)
      ?.text.match(/\d{6}/)?.[0];
    expect(code).toMatch(/^\d{6}$/);
    // The profile's own pending code is not this one: it cannot be confirmed there.
    const me = await as(requester, 'GET', '/api/users/me');
    expect(me.body.phone).toMatchObject({ number: '+8801712000001', pending: null });
    const onProfile = await as(requester, 'POST', '/api/users/me/phone/confirm', { code });
    expect(onProfile.status).toBe(400);
    expect(onProfile.body.error.code).toBe('PHONE_CODE_MISSING');

    const wrong = await as(requester, 'POST', `/api/donation-request/${id}/contact/confirm`, {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('PHONE_CODE_WRONG');
    expect((await contacts(donor, id)).body.contact).toBe('+8801712000001');

    const right = await as(requester, 'POST', `/api/donation-request/${id}/contact/confirm`, {
      code,
    });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ number: '+8801313000009', verified: true, codePending: false });
    expect((await contacts(donor, id)).body.contact).toBe('+8801313000009');
    // The profile's number is as it was.
    expect((await as(requester, 'GET', '/api/users/me')).body.phone.number).toBe('+8801712000001');
    const again = await as(requester, 'POST', `/api/donation-request/${id}/contact/code`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('HANDOFF_ALREADY_VERIFIED');
  });

  it('refuses a landline or a non-mobile number in the form with a 400 in words, changing nothing', async () => {
    const requester = await createUser(t.db);
    for (const contactPhone of ['02-9661551', '01212345678']) {
      const res = await as(
        requester,
        'POST',
        '/api/donation-request',
        requestForm({ contactPhone, recipientName: 'Landline Case' }),
      );
      expect(res.status).toBe(400);
      expect(res.body.error.details.contactPhone).toContain('not a Bangladeshi mobile number');
    }
    const stored = await t.db
      .selectFrom('donationRequest')
      .select('id')
      .where('requesterId', '=', requester.id)
      .execute();
    expect(stored).toEqual([]);

    const id = await postRequest(requester, { contactPhone: '01713000001' });
    const edit = await as(requester, 'PATCH', `/api/donation-request/${id}`, {
      contactPhone: '031 234 5678',
    });
    expect(edit.status).toBe(400);
    const contact = await t.db
      .selectFrom('requestContact')
      .select(['phone', 'verifiedAt'])
      .where('requestId', '=', id)
      .executeTakeFirstOrThrow();
    expect(contact).toEqual({ phone: '+8801713000001', verifiedAt: null });
    // A good number replaces it; '' removes it.
    const changed = await as(requester, 'PATCH', `/api/donation-request/${id}`, {
      contactPhone: '01813 000 002',
    });
    expect(changed.status).toBe(200);
    expect(
      (
        await t.db
          .selectFrom('requestContact')
          .select('phone')
          .where('requestId', '=', id)
          .execute()
      ).map((r) => r.phone),
    ).toEqual(['+8801813000002']);
    expect(
      (await as(requester, 'PATCH', `/api/donation-request/${id}`, { contactPhone: '' })).status,
    ).toBe(200);
    expect(
      await t.db.selectFrom('requestContact').select('phone').where('requestId', '=', id).execute(),
    ).toEqual([]);
    // No number to verify: a 409 in words.
    const none = await as(requester, 'POST', `/api/donation-request/${id}/contact/code`);
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe('HANDOFF_NO_CONTACT');
  });
});
