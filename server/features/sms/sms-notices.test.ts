import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { smsSize } from '../../../common/sms-segments.rules.ts';
import { bearerFor, createUser, dhakaDate, requestForm } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { manualClock } from '../../test/manual-clock.ts';
import { messagesOf, type SmppSink, startSmppSink } from '../../test/smpp-sink.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testWorker } from '../../test/worker.ts';

// Issue 28: the donation reminder and "a donor accepted" go by SMS too, through the outbox and
// a real SMPP 3.4 gateway on 127.0.0.1, to people with a verified number and SMS on, in their
// language, once.

const clock = manualClock();
let sink: SmppSink;
let t: TestApp;
let worker: ReturnType<typeof testWorker>;

/** A Dhaka day at hh:mm (Dhaka is UTC+6). */
const dhakaAt = (hhmm: string, days = 0) => new Date(`${dhakaDate(days)}T${hhmm}:00+06:00`);

beforeEach(async () => {
  clock.set(dhakaAt('12:00'));
  sink = await startSmppSink();
  t = await createTestApp(
    { SMS_URL: sink.url, ALERT_MAX_WAVES: '1', DONATION_REMINDER_HOURS: '3' },
    { clock },
  );
  worker = testWorker(t);
});
afterEach(async () => {
  await t?.close();
  await sink.close();
});

async function as(user: { id: string }, method: string, path: string, body?: unknown) {
  return call(t, method, path, { headers: await bearerFor(t.db, user.id), body });
}

/** A person with `number` verified by its SMS code, and SMS on (or off). */
async function withVerifiedNumber(
  number: string,
  overrides: Parameters<typeof createUser>[1] = {},
  smsAlerts = true,
) {
  const user = await createUser(t.db, {
    bloodGroup: 'B+',
    division: 'Khulna',
    district: 'Jashore',
    upazila: 'Jashore Sadar',
    ...overrides,
  });
  expect((await as(user, 'POST', '/api/users/me/phone', { phone: number })).status).toBe(202);
  await worker.runDue();
  const to = `88${number}`;
  const code = messagesOf(sink.parts.filter((p) => p.to === to))
    .at(-1)
    ?.text.match(/\d{6}/)?.[0];
  const confirmed = await as(user, 'POST', '/api/users/me/phone/confirm', { code });
  expect(confirmed.status).toBe(200);
  const choices = { smsAlerts, nightAlerts: false };
  expect((await as(user, 'PUT', '/api/users/me/phone/alerts', choices)).status).toBe(200);
  return user;
}

/** The SMS that reached `number` (01…) since `from` parts. */
const smsTo = (number: string, from = 0) =>
  messagesOf(sink.parts.slice(from)).filter((m) => m.to === `88${number}`);

/** A request the requester makes, due in two days at 10:30 (B+ platelets, 2 bags). */
async function newRequest(requester: { id: string }, form: Record<string, unknown> = {}) {
  const created = await as(
    requester,
    'POST',
    '/api/donation-request',
    requestForm({
      donationDate: dhakaDate(2),
      donationTime: '10:30',
      component: 'platelets',
      bags: 2,
      ...form,
    }),
  );
  expect(created.status).toBe(201);
  await worker.runDue();
  return created.body.insertedId as string;
}

const pledge = async (donor: { id: string }, requestId: string) => {
  const res = await as(donor, 'PATCH', `/api/donation-request/${requestId}`, {
    status: 'inprogress',
  });
  expect(res.status).toBe(200);
  await worker.runDue();
};

const messagesOfPurpose = (purpose: 'reminder' | 'accepted') =>
  t.db.selectFrom('smsMessage').selectAll().where('purpose', '=', purpose).execute();

describe(`reminder and "a donor accepted" by SMS (${process.env.TEST_ENGINE})`, () => {
  it('tells a Bangla requester by SMS, in Bangla within two UCS-2 parts, once, that a donor pledged', async () => {
    const requester = await withVerifiedNumber('01911111111', {
      language: 'bn',
      bloodGroup: 'A+',
    });
    const donor = await createUser(t.db, { name: 'Rahim Uddin', bloodGroup: 'B+' });
    const requestId = await newRequest(requester, {
      hospitalName: 'যশোর জেনারেল হাসপাতাল, জরুরি বিভাগ, নতুন ভবন, তৃতীয় তলা, ওয়ার্ড নম্বর বারো',
    });
    const before = sink.parts.length;
    await pledge(donor, requestId);
    const [accepted, ...more] = smsTo('01911111111', before);
    expect(more).toEqual([]);
    expect(accepted?.text).toMatch(/^RedHope: Rahim Uddin আপনার .*B\+ প্লাটিলেট দেবেন \(১\/২ ব্যাগ\)।/);
    expect(accepted?.text).toMatch(/\/r\/[0-9A-Za-z]{22}$/);
    expect(accepted?.dataCoding).toBe(8);
    expect(smsSize(accepted?.text ?? '')).toMatchObject({ encoding: 'UCS-2' });
    expect(accepted?.parts).toBeLessThanOrEqual(2);
    expect(accepted?.parts).toBe(smsSize(accepted?.text ?? '').segments);
    expect(await messagesOfPurpose('accepted')).toEqual([
      expect.objectContaining({ userId: requester.id, status: 'sent' }),
    ]);
    // The donor got no such SMS (they have no number), and running the worker again sends none.
    await worker.runDue();
    expect(smsTo('01911111111', before)).toHaveLength(1);
  });

  it('reminds a Bangla donor by SMS, once, at the reminder time, and not one who withdrew', async () => {
    const requester = await createUser(t.db, { bloodGroup: 'A+' });
    const donor = await withVerifiedNumber('01712345678', { language: 'bn' });
    const withdrew = await withVerifiedNumber('01812345678');
    const requestId = await newRequest(requester);
    await pledge(donor, requestId);
    await pledge(withdrew, requestId);
    const gone = await as(withdrew, 'POST', `/api/donation-request/${requestId}/withdraw`, {
      reason: 'I have a fever and cannot come.',
    });
    expect(gone.status).toBe(200);
    await worker.runDue();
    const before = sink.parts.length;
    clock.set(dhakaAt('07:29', 2));
    await worker.runDue();
    expect(sink.parts.length).toBe(before);
    clock.set(dhakaAt('07:30', 2));
    await worker.runDue();
    await worker.runDue();
    const [reminder, ...more] = smsTo('01712345678', before);
    expect(more).toEqual([]);
    expect(reminder?.text).toMatch(
      /^RedHope: মনে রাখবেন, [০-৯]{2}\/[০-৯]{2} ১০:৩০ .*আপনার B\+ প্লাটিলেট দান।/,
    );
    expect(reminder?.dataCoding).toBe(8);
    expect(reminder?.parts).toBeLessThanOrEqual(2);
    expect(smsTo('01812345678', before)).toEqual([]);
    expect(await messagesOfPurpose('reminder')).toEqual([
      expect.objectContaining({ userId: donor.id, status: 'sent' }),
    ]);
    // The in-app reminder went as before.
    const notices = await t.db
      .selectFrom('notification')
      .select('userId')
      .where('kind', '=', 'donation-reminder')
      .execute();
    expect(notices.map((n) => n.userId)).toEqual([donor.id]);
  });

  it('sends neither to a person who turned SMS off or who turned the kind of notice off', async () => {
    const requester = await withVerifiedNumber('01911111111', { bloodGroup: 'A+' }, false);
    const donor = await withVerifiedNumber('01712345678');
    const quietDonor = await withVerifiedNumber('01812345678');
    const settings = await as(quietDonor, 'PUT', '/api/notifications/settings', {
      matchAlerts: true,
      donationReminders: false,
      eligibilityNotices: true,
      requestUpdates: true,
      email: false,
    });
    expect(settings.status).toBe(200);
    const requestId = await newRequest(requester);
    // The donor turns SMS off after pledging: checked again when the reminder's SMS is due.
    await pledge(donor, requestId);
    await pledge(quietDonor, requestId);
    const before = sink.parts.length;
    expect(smsTo('01911111111')).toHaveLength(1); // its code only
    expect(
      (
        await as(donor, 'PUT', '/api/users/me/phone/alerts', {
          smsAlerts: false,
          nightAlerts: false,
        })
      ).status,
    ).toBe(200);
    clock.set(dhakaAt('07:30', 2));
    await worker.runDue();
    await worker.runDue();
    expect(sink.parts.length).toBe(before);
    expect(await messagesOfPurpose('reminder')).toEqual([]);
    expect(await messagesOfPurpose('accepted')).toEqual([]);
  });

  it('holds "a donor accepted" through quiet hours until 07:00, unless the request is critical', async () => {
    const requester = await withVerifiedNumber('01911111111', { bloodGroup: 'A+' });
    const donor = await createUser(t.db, { name: 'Karim', bloodGroup: 'B+' });
    const scheduled = await newRequest(requester, { recipientName: 'Scheduled' });
    const critical = await newRequest(requester, {
      recipientName: 'Critical',
      urgency: 'critical',
      donationDate: dhakaDate(1),
    });
    clock.set(dhakaAt('23:30'));
    const before = sink.parts.length;
    await pledge(donor, scheduled);
    await pledge(donor, critical);
    // The critical one at once, though the requester chose no night SMS.
    const night = smsTo('01911111111', before);
    expect(night).toHaveLength(1);
    expect(night[0]?.text).toContain('Karim will donate B+ platelets');
    clock.set(dhakaAt('06:59', 1));
    await worker.runDue();
    expect(smsTo('01911111111', before)).toHaveLength(1);
    clock.set(dhakaAt('07:00', 1));
    await worker.runDue();
    expect(smsTo('01911111111', before)).toHaveLength(2);
  });

  it('drops a held "a donor accepted" whose pledge was withdrawn before 07:00', async () => {
    const requester = await withVerifiedNumber('01911111111', { bloodGroup: 'A+' });
    const donor = await createUser(t.db, { name: 'Karim', bloodGroup: 'B+' });
    const requestId = await newRequest(requester);
    clock.set(dhakaAt('23:30'));
    const before = sink.parts.length;
    await pledge(donor, requestId);
    const gone = await as(donor, 'POST', `/api/donation-request/${requestId}/withdraw`, {
      reason: 'Something came up at home.',
    });
    expect(gone.status).toBe(200);
    clock.set(dhakaAt('07:00', 1));
    await worker.runDue();
    await worker.runDue();
    expect(smsTo('01911111111', before)).toEqual([]);
  });
});
