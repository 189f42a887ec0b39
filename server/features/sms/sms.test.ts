import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { smsSize } from '../../../common/sms-segments.rules.ts';
import { bearerFor, createUser, dhakaDate, requestForm } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { HOUR, MINUTE, manualClock, SECOND } from '../../test/manual-clock.ts';
import { messagesOf, type SmppSink, startSmppSink } from '../../test/smpp-sink.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testWorker } from '../../test/worker.ts';

// Issue 28: phone numbers verified by a code sent by SMS, and alert SMS, through a real SMPP
// 3.4 gateway on 127.0.0.1 (the smpp package's server side). The app's clock is moved by hand.

const clock = manualClock();
let sink: SmppSink;
let t: TestApp;
let worker: ReturnType<typeof testWorker>;

/** Today in Dhaka at hh:mm (Dhaka is UTC+6). */
const dhakaAt = (hhmm: string, days = 0) => new Date(`${dhakaDate(days)}T${hhmm}:00+06:00`);

async function start(env: Record<string, string> = {}) {
  t = await createTestApp({ SMS_URL: sink.url, ALERT_MAX_WAVES: '1', ...env }, { clock });
  worker = testWorker(t);
}

beforeEach(async () => {
  clock.set(dhakaAt('12:00'));
  sink = await startSmppSink();
});
afterEach(async () => {
  await t?.close();
  await sink.close();
});

async function as(user: { id: string }, method: string, path: string, body?: unknown) {
  return call(t, method, path, { headers: await bearerFor(t.db, user.id), body });
}

/** The code in the latest SMS to `to` (8801…). */
function lastCode(to: string) {
  const part = sink.parts.filter((p) => p.to === to).at(-1);
  const code = part?.text.match(/\d{6}/)?.[0];
  if (!code) throw new Error(`no code was sent to ${to}`);
  return code;
}

async function verifiedDonor(
  number: string,
  overrides: Parameters<typeof createUser>[1] = {},
  choices = { smsAlerts: true, nightAlerts: false },
) {
  const donor = await createUser(t.db, {
    bloodGroup: 'B+',
    division: 'Khulna',
    district: 'Jashore',
    upazila: 'Jashore Sadar',
    ...overrides,
  });
  expect((await as(donor, 'POST', '/api/users/me/phone', { phone: number })).status).toBe(202);
  await worker.runDue();
  const confirmed = await as(donor, 'POST', '/api/users/me/phone/confirm', {
    code: lastCode(`88${number.replace(/\D/g, '').slice(-11)}`),
  });
  expect(confirmed.status).toBe(200);
  expect((await as(donor, 'PUT', '/api/users/me/phone/alerts', choices)).status).toBe(200);
  return donor;
}

/** A request that matches the B+ donors of Jashore Sadar; its wave runs. */
async function requestAlerting(form: Record<string, unknown> = {}) {
  const requester = await createUser(t.db, { bloodGroup: 'A+' });
  const created = await as(requester, 'POST', '/api/donation-request', requestForm(form));
  expect(created.status).toBe(201);
  await worker.runDue();
  return created.body.insertedId as string;
}

const smsJobs = () =>
  t.db
    .selectFrom('job')
    .select(['id', 'status', 'runAt', 'kind'])
    .where('kind', '=', 'sms')
    .execute();

describe(`phone numbers verified by SMS (${process.env.TEST_ENGINE})`, () => {
  beforeEach(() => start());

  it('sends a 6-digit code to the number as typed, and verifies it once', async () => {
    const user = await createUser(t.db);
    const asked = await as(user, 'POST', '/api/users/me/phone', { phone: '+880 1712-345678' });
    expect(asked.status).toBe(202);
    expect(asked.body.pending.number).toBe('+8801712345678');
    await worker.runDue();
    expect(sink.parts).toHaveLength(1);
    const [sms] = sink.parts;
    expect(sms).toMatchObject({ to: '8801712345678', from: 'RedHope', dataCoding: 0 });
    expect(sms?.text).toMatch(/RedHope code: \d{6}\. It works for 10 minutes/);
    // Only the code's hash is stored.
    const code = lastCode('8801712345678');
    const stored = await t.db.selectFrom('phoneVerification').selectAll().executeTakeFirstOrThrow();
    expect(stored.codeHash).not.toContain(code);

    const wrong = await as(user, 'POST', '/api/users/me/phone/confirm', {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('PHONE_CODE_WRONG');
    expect(wrong.body.error.message).toContain('Tries left: 4');

    const right = await as(user, 'POST', '/api/users/me/phone/confirm', { code });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ number: '+8801712345678', pending: null, smsAlerts: false });
    const me = await as(user, 'GET', '/api/users/me');
    expect(me.body.phone.number).toBe('+8801712345678');

    // The same code again: spent.
    const again = await as(user, 'POST', '/api/users/me/phone/confirm', { code });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('PHONE_CODE_MISSING');
  });

  it('refuses a landline and 11 digits that are not a mobile number, in English and Bangla, changing nothing', async () => {
    const user = await createUser(t.db, { language: 'bn' });
    for (const phone of ['02-9661551', '01212345678', '031 234 5678']) {
      const refused = await as(user, 'POST', '/api/users/me/phone', { phone });
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe('INVALID_PHONE');
      expect(refused.body.error.message).toContain('বাংলাদেশের মোবাইল নম্বর নয়');
    }
    const english = await call(t, 'POST', '/api/users/me/phone', {
      headers: { ...(await bearerFor(t.db, user.id)), 'accept-language': 'en' },
      body: { phone: '02-9661551' },
    });
    expect(english.body.error.code).toBe('INVALID_PHONE');
    expect(await t.db.selectFrom('phoneVerification').selectAll().execute()).toEqual([]);
    expect(
      await t.db.selectFrom('job').selectAll().where('kind', '=', 'phone-code').execute(),
    ).toEqual([]);
  });

  it('refuses an expired code, and five wrong tries spend it', async () => {
    const user = await createUser(t.db);
    await as(user, 'POST', '/api/users/me/phone', { phone: '01812345678' });
    await worker.runDue();
    const code = lastCode('8801812345678');
    clock.advance(10 * MINUTE + SECOND);
    const late = await as(user, 'POST', '/api/users/me/phone/confirm', { code });
    expect(late.status).toBe(400);
    expect(late.body.error.code).toBe('PHONE_CODE_EXPIRED');

    await as(user, 'POST', '/api/users/me/phone', { phone: '01812345678' });
    await worker.runDue();
    const fresh = lastCode('8801812345678');
    const wrongCode = fresh === '999999' ? '888888' : '999999';
    const codes: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      codes.push(
        (await as(user, 'POST', '/api/users/me/phone/confirm', { code: wrongCode })).body.error
          .code,
      );
    }
    expect(codes).toEqual([
      'PHONE_CODE_WRONG',
      'PHONE_CODE_WRONG',
      'PHONE_CODE_WRONG',
      'PHONE_CODE_WRONG',
      'PHONE_CODE_SPENT',
    ]);
    const right = await as(user, 'POST', '/api/users/me/phone/confirm', { code: fresh });
    expect(right.body.error.code).toBe('PHONE_CODE_SPENT');
    expect((await as(user, 'GET', '/api/users/me')).body.phone.number).toBeNull();
  });

  it('keeps one number to one account (decision 033), changing nothing for the second', async () => {
    const first = await verifiedDonor('01912345678');
    const second = await createUser(t.db);
    await as(second, 'POST', '/api/users/me/phone', { phone: '019-1234-5678' });
    await worker.runDue();
    const taken = await as(second, 'POST', '/api/users/me/phone/confirm', {
      code: lastCode('8801912345678'),
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('PHONE_TAKEN');
    expect((await as(second, 'GET', '/api/users/me')).body.phone.number).toBeNull();
    expect((await as(first, 'GET', '/api/users/me')).body.phone.number).toBe('+8801912345678');
  });

  it('sends at most 5 codes an hour to one number', async () => {
    const users = await Promise.all([1, 2, 3].map(() => createUser(t.db)));
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const user = users[i % 3] as { id: string };
      statuses.push(
        (await as(user, 'POST', '/api/users/me/phone', { phone: '01512345678' })).status,
      );
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('sends at most 5 codes an hour from one address, to any numbers, in words', async () => {
    const user = await createUser(t.db);
    const headers = { ...(await bearerFor(t.db, user.id)), 'accept-language': 'en' };
    // One account asking again replaces its code; the address's count goes on.
    const ask = (ip: string, phone: string) =>
      call(t, 'POST', '/api/users/me/phone', {
        headers,
        body: { phone },
        ip,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await ask('10.9.9.9', `0171000000${i}`)).status);
    const sixth = await ask('10.9.9.9', '01710000005');
    expect([...statuses, sixth.status]).toEqual([202, 202, 202, 202, 202, 429]);
    expect(sixth.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(sixth.body.error.message).toMatch(/\w+ \w+/);
    // Nothing was written for the refused one; another address may still ask for that number.
    expect(
      await t.db
        .selectFrom('phoneVerification')
        .select('phone')
        .where('phone', '=', '+8801710000005')
        .execute(),
    ).toEqual([]);
    expect((await ask('10.8.8.8', '01710000005')).status).toBe(202);
  });

  it('turns SMS alerts on only for a verified number', async () => {
    const user = await createUser(t.db);
    const refused = await as(user, 'PUT', '/api/users/me/phone/alerts', {
      smsAlerts: true,
      nightAlerts: true,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('PHONE_NOT_VERIFIED');
  });
});

describe(`alert SMS through the SMPP outbox (${process.env.TEST_ENGINE})`, () => {
  it('sends a Bangla alert as UCS-2 in its counted parts, and records its delivery receipt', async () => {
    await start();
    const donor = await verifiedDonor('01712345678', { language: 'bn' });
    const before = sink.parts.length;
    const requestId = await requestAlerting({
      hospitalName: 'যশোর জেনারেল হাসপাতাল, জরুরি বিভাগ, নতুন ভবন',
    });
    const parts = sink.parts.slice(before);
    expect(parts.length).toBeGreaterThan(0);
    const text = parts.map((p) => p.text).join('');
    expect(text).toContain('B+');
    expect(text).toContain('যশোর');
    expect(text).toMatch(/\/r\/[0-9A-Za-z]{22}$/);
    const size = smsSize(text);
    expect(size.encoding).toBe('UCS-2');
    expect(size.segments).toBeLessThanOrEqual(2);
    expect(parts).toHaveLength(size.segments);
    for (const [index, part] of parts.entries()) {
      expect(part.dataCoding).toBe(8);
      expect(part.to).toBe('8801712345678');
      expect(part.registeredDelivery).toBe(1);
      if (size.segments > 1) expect(part.concat?.slice(1)).toEqual([size.segments, index + 1]);
    }
    const message = await t.db
      .selectFrom('smsMessage')
      .selectAll()
      .where('purpose', '=', 'alert')
      .executeTakeFirstOrThrow();
    expect(message).toMatchObject({ userId: donor.id, status: 'sent', segments: size.segments });
    // The short link leads to the request.
    const code = text.match(/\/r\/([0-9A-Za-z]{22})$/)?.[1];
    const link = await t.app.request(`/r/${code}`);
    expect(link.status).toBe(302);
    expect(link.headers.get('location')).toBe(`/blood-donation-request/${requestId}`);

    await sink.sendReceipt(parts[0]?.messageId ?? '', 'DELIVRD');
    await expect
      .poll(
        async () =>
          (
            await t.db
              .selectFrom('smsMessage')
              .select('status')
              .where('id', '=', message.id)
              .executeTakeFirst()
          )?.status,
      )
      .toBe('delivered');
  });

  it("names a Bangla donor's upazila and district in Bangla, with the date in Bangla digits (issue 30)", async () => {
    await start();
    await verifiedDonor('01712345678', { language: 'bn' });
    const before = sink.parts.length;
    await requestAlerting({ hospitalName: 'General Hospital', donationDate: '2030-12-01' });
    const text = sink.parts
      .slice(before)
      .map((p) => p.text)
      .join('');
    expect(text).toContain('যশোর সদর');
    expect(text).toContain('০১/১২ ০৯:১৫');
    expect(text).not.toContain('Jashore');
  });

  it('delivers once after the gateway drops the connection mid-send', async () => {
    await start();
    await verifiedDonor('01712345678');
    const before = sink.parts.length;
    sink.dropNextSubmit();
    await requestAlerting();
    expect(sink.dropped).toBe(1);
    const [job] = await smsJobs();
    expect(job?.status).toBe('pending'); // Retried after its back-off.
    clock.advance(30 * SECOND);
    await worker.runDue();
    clock.advance(HOUR);
    await worker.runDue();
    const alerts = messagesOf(sink.parts.slice(before));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.text).toContain('B+ blood, 1 bag, needed at Jashore General Hospital');
    expect(sink.binds).toBe(2);
    expect((await smsJobs())[0]?.status).toBe('done');
  });

  it('fails an alert SMS after 6 hours of a gateway outage, lists it for admins by account, and resends it', async () => {
    await start();
    const donor = await verifiedDonor('01712345678');
    const port = sink.port;
    await sink.close();
    await requestAlerting();
    for (let i = 0; i < 30; i += 1) {
      clock.advance(HOUR / 2);
      await worker.runDue();
    }
    const [job] = await smsJobs();
    expect(job?.status).toBe('failed');
    const admin = await createUser(t.db, { role: 'admin' });
    const failed = await as(admin, 'GET', '/api/admin/outbox/failed');
    expect(failed.body).toHaveLength(1);
    expect(failed.body[0]).toMatchObject({ kind: 'sms', to: donor.email });
    expect(JSON.stringify(failed.body)).not.toContain('1712345678');
    sink = await startSmppSink(port);
    const resent = await as(admin, 'POST', `/api/admin/outbox/${job?.id}/resend`);
    expect(resent.status).toBe(200);
    await worker.runDue();
    expect(messagesOf(sink.parts).map((p) => p.text)).toEqual([
      expect.stringContaining('B+ blood, 1 bag, needed at Jashore General Hospital'),
    ]);
  });

  it('holds an alert through quiet hours until 07:00, but lets a critical one through to a night-alert donor', async () => {
    await start();
    const sleeper = await verifiedDonor('01712345678');
    const nightOwl = await verifiedDonor('01812345678', {}, { smsAlerts: true, nightAlerts: true });
    clock.set(dhakaAt('23:00'));
    const before = sink.parts.length;
    // Due at 06:00 tomorrow: critical (within 12 hours).
    await requestAlerting({ donationDate: dhakaDate(1), donationTime: '06:00' });
    const night = messagesOf(sink.parts.slice(before));
    expect(night.map((p) => p.to)).toEqual(['8801812345678']);
    const held = await t.db
      .selectFrom('job')
      .select('runAt')
      .where('kind', '=', 'sms')
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    expect(new Date(held.runAt).toISOString()).toBe(dhakaAt('07:00', 1).toISOString());
    clock.set(dhakaAt('06:59', 1));
    await worker.runDue();
    expect(messagesOf(sink.parts.slice(before))).toHaveLength(1);
    clock.set(dhakaAt('07:00', 1));
    await worker.runDue();
    expect(messagesOf(sink.parts.slice(before)).map((p) => p.to)).toEqual([
      '8801812345678',
      '8801712345678',
    ]);
    expect(sleeper.id).not.toBe(nightOwl.id);
  });

  it('decision 047: a critical request made at night still reaches the night-alert donor at once; a scheduled one waits for 07:00 on every channel', async () => {
    await start({ ALERT_QUIET_HOURS: 'true', ALERT_MAX_WAVES: '4' });
    await verifiedDonor('01712345678');
    await verifiedDonor('01812345678', {}, { smsAlerts: true, nightAlerts: true });
    clock.set(dhakaAt('23:00'));
    const before = sink.parts.length;
    const critical = await requestAlerting({ urgency: 'critical', donationDate: dhakaDate(1) });
    const scheduled = await requestAlerting({ recipientName: 'Needed Later' });
    expect(messagesOf(sink.parts.slice(before)).map((p) => p.to)).toEqual(['8801812345678']);
    const inApp = async (requestId: string) =>
      t.db.selectFrom('requestAlert').select('userId').where('requestId', '=', requestId).execute();
    expect(await inApp(critical)).toHaveLength(2);
    expect(await inApp(scheduled)).toHaveLength(0);
    clock.set(dhakaAt('07:00', 1));
    await worker.runDue();
    expect(await inApp(scheduled)).toHaveLength(2);
    // 07:00: the sleeper's held critical SMS, and both donors' scheduled ones.
    const morning = messagesOf(sink.parts.slice(before)).slice(1);
    expect(morning.map((p) => p.to).sort()).toEqual([
      '8801712345678',
      '8801712345678',
      '8801812345678',
    ]);
  });

  it('drops at 07:00 an alert held through the night whose need was met meanwhile', async () => {
    await start();
    await verifiedDonor('01712345678');
    clock.set(dhakaAt('23:00'));
    const before = sink.parts.length;
    // Due in two days (not critical): both alerts are held until 07:00.
    const later = { donationDate: dhakaDate(2), donationTime: '10:00' };
    const met = await requestAlerting({ ...later, hospitalName: 'Ad-din Akij Hospital' });
    await requestAlerting({ ...later, recipientName: 'Still Waiting' });
    expect(messagesOf(sink.parts.slice(before))).toHaveLength(0);
    // 03:00: another donor pledges the one bag of the first request; its need is met.
    clock.set(dhakaAt('03:00', 1));
    const giver = await createUser(t.db, { bloodGroup: 'B+' });
    const pledged = await as(giver, 'PATCH', `/api/donation-request/${met}`, {
      status: 'inprogress',
    });
    expect(pledged.status).toBe(200);
    clock.set(dhakaAt('07:00', 1));
    await worker.runDue();
    const sent = messagesOf(sink.parts.slice(before));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain('Jashore General Hospital');
    expect((await smsJobs()).filter((job) => job.status === 'pending')).toEqual([]);
  });

  it('keeps to the per-donor daily cap', async () => {
    await start({ SMS_PER_DONOR_PER_DAY: '1', MAX_OPEN_REQUESTS_PER_USER: '5' });
    await verifiedDonor('01712345678');
    const before = sink.parts.length;
    await requestAlerting();
    await requestAlerting({ recipientName: 'Second Patient' });
    expect(messagesOf(sink.parts.slice(before))).toHaveLength(1);
    // The next Dhaka day the donor may get one again.
    clock.set(dhakaAt('12:00', 1));
    await requestAlerting({ recipientName: 'Third Patient' });
    expect(messagesOf(sink.parts.slice(before))).toHaveLength(2);
  });

  it('stops at the daily budget, says so to admins, and the alert still goes in-app and by email', async () => {
    const mail = await startSmtpSink();
    onTestFinished(() => mail.close());
    await start({
      SMS_DAILY_BUDGET: '4',
      SMTP_URL: mail.url,
      MAIL_FROM: 'RedHope <a@redhope.test>',
    });
    // The two codes cost 2 parts of the 4; an alert here is 2 parts (161 GSM-7 characters).
    const first = await verifiedDonor('01712345678');
    const second = await verifiedDonor('01812345678');
    const before = sink.parts.length;
    await requestAlerting();
    const sent = messagesOf(sink.parts.slice(before));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.parts).toBe(2);
    const [day] = await t.db.selectFrom('smsDay').selectAll().execute();
    expect(day).toMatchObject({ sent: 4, budget: 4, refused: 1 });
    expect(day?.reachedAt).not.toBeNull();
    const admin = await createUser(t.db, { role: 'admin' });
    const seen = await as(admin, 'GET', '/api/admin/sms/days');
    expect(seen.status).toBe(200);
    expect(seen.body.days[0]).toMatchObject({ sent: 4, budget: 4, refused: 1 });
    const donorView = await as(first, 'GET', '/api/admin/sms/days');
    expect(donorView.status).toBe(403);
    const notices = await t.db
      .selectFrom('notification')
      .select('userId')
      .where('kind', '=', 'match-alert')
      .execute();
    expect(notices.map((n) => n.userId).sort()).toEqual([first.id, second.id].sort());
    // The donor the budget kept from an SMS is told by email too, as are both.
    await worker.runDue();
    const alerted = mail.accepted.flatMap((email) => email.to);
    expect(alerted.sort()).toEqual([first.email, second.email].sort());
  });
});

describe(`without SMS_URL (${process.env.TEST_ENGINE})`, () => {
  it('says SMS is off and everything else works', async () => {
    t = await createTestApp({}, { clock });
    const user = await createUser(t.db);
    const refused = await as(user, 'POST', '/api/users/me/phone', { phone: '01712345678' });
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe('SMS_OFF');
    const me = await as(user, 'GET', '/api/users/me');
    expect(me.status).toBe(200);
    expect(me.body.phone).toMatchObject({ number: null, smsEnabled: false });
  });
});
