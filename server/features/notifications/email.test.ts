import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearerFor, createUser, requestForm } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { manualClock, SECOND } from '../../test/manual-clock.ts';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testWorker } from '../../test/worker.ts';

// Email goes through nodemailer to a real SMTP server the test starts on 127.0.0.1.

const clock = manualClock();
let sink: SmtpSink;
let t: TestApp;
let worker: ReturnType<typeof testWorker>;
beforeEach(async () => {
  clock.set(new Date());
  sink = await startSmtpSink();
  t = await createTestApp(
    {
      SMTP_URL: sink.url,
      MAIL_FROM: 'RedHope <alerts@redhope.test>',
    },
    { clock },
  );
  worker = testWorker(t);
});
afterEach(async () => {
  await t.close();
  await sink.close();
});

const place = { division: 'Khulna', district: 'Jashore', upazila: 'Jashore Sadar' } as const;

async function requestFrom(requester: { id: string }) {
  const res = await call(t, 'POST', '/api/donation-request', {
    headers: await bearerFor(t.db, requester.id),
    body: requestForm(),
  });
  expect(res.status).toBe(201);
  return res.body.insertedId as string;
}

const emailJobs = () =>
  t.db.selectFrom('job').select(['id', 'status', 'attempts']).where('kind', '=', 'email').execute();

describe(`email through SMTP (${process.env.TEST_ENGINE})`, () => {
  it('sends a matching donor the alert by email, once, with a link to the request', async () => {
    const requester = await createUser(t.db, { bloodGroup: 'A+' });
    const donor = await createUser(t.db, { bloodGroup: 'O-', ...place });
    const requestId = await requestFrom(requester);
    await worker.runDue();
    await worker.runDue();
    expect(sink.accepted).toHaveLength(1);
    const [email] = sink.accepted;
    expect(email?.to).toEqual([donor.email]);
    expect(email?.subject).toBe('B+ needed near you: Jashore General Hospital');
    expect(email?.text).toContain(`http://localhost:3000/blood-donation-request/${requestId}`);
    expect(email?.raw).toMatch(/From: RedHope <alerts@redhope.test>/);
    const [job] = await emailJobs();
    expect(job?.status).toBe('done');
    // Its Message-ID is its outbox row's: a resend would carry the same one.
    expect(email?.messageId).toBe(`<${job?.id}@redhope.test>`);
    await worker.runDue();
    expect(sink.accepted).toHaveLength(1);
  });

  it('writes the email in the language the donor chose (issue 16)', async () => {
    const requester = await createUser(t.db, { bloodGroup: 'A+' });
    const donor = await createUser(t.db, { bloodGroup: 'O-', ...place, language: 'bn' });
    const requestId = await requestFrom(requester);
    await worker.runDue();
    await worker.runDue();
    expect(sink.accepted).toHaveLength(1);
    const [email] = sink.accepted;
    expect(email?.to).toEqual([donor.email]);
    expect(email?.subject).toBe('কাছেই B+ রক্ত দরকার: Jashore General Hospital');
    expect(email?.text).toContain('আপনার কাছেই একজনের রক্ত দরকার');
    expect(email?.text).toContain('রোগী: ');
    expect(email?.text).toContain(
      `অনুরোধটি খুলুন: http://localhost:3000/blood-donation-request/${requestId}`,
    );
    expect(email?.text).not.toMatch(/Someone near you|email\.|Open the request/);
  });

  it("writes a Bangla donor's alert with the district's Bangla name and the date and time in Bangla digits (issue 30)", async () => {
    const requester = await createUser(t.db, { bloodGroup: 'A+' });
    await createUser(t.db, { bloodGroup: 'O-', ...place, language: 'bn' });
    const created = await call(t, 'POST', '/api/donation-request', {
      headers: await bearerFor(t.db, requester.id),
      body: requestForm({ hospitalName: 'General Hospital', donationDate: '2030-12-01' }),
    });
    expect(created.status).toBe(201);
    await worker.runDue();
    await worker.runDue();
    const [email] = sink.accepted;
    // As the web writes them in Bangla: the reference data's name, the date and time in Bangla.
    expect(email?.text).toContain('General Hospital, যশোর');
    expect(email?.text).toContain('১ ডিসে, ২০৩০, সকাল ৯:১৫');
    expect(email?.text).not.toContain('Jashore');
    expect(email?.text).not.toContain('2030-12-01');
    expect(email?.html).toContain('যশোর');
  });

  it('does not email an alert for a request someone accepted before the email went out', async () => {
    const requester = await createUser(t.db, { bloodGroup: 'A+' });
    const donor = await createUser(t.db, { bloodGroup: 'B+', ...place });
    const other = await createUser(t.db, {
      bloodGroup: 'B+',
      district: 'Dhaka',
      division: 'Dhaka',
    });
    const requestId = await requestFrom(requester);
    // The wave runs (and writes the email) but the email is not sent yet: stop the SMTP server.
    const port = sink.port;
    await sink.close();
    await worker.runDue();
    const accept = await call(t, 'PATCH', `/api/donation-request/${requestId}`, {
      headers: await bearerFor(t.db, other.id),
      body: { status: 'inprogress' },
    });
    expect(accept.status).toBe(200);
    sink = await startSmtpSink(port);
    clock.advance(60 * SECOND);
    await worker.runDue();
    expect(sink.accepted.map((e) => e.to[0])).not.toContain(donor.email);
    // The requester's "a donor accepted" does go out.
    expect(sink.accepted.map((e) => e.to[0])).toEqual([requester.email]);
  });

  it('keeps an email when the SMTP server is down, and sends it once when it is back', async () => {
    const requester = await createUser(t.db, { bloodGroup: 'A+' });
    await createUser(t.db, { bloodGroup: 'B+', ...place });
    const port = sink.port;
    await sink.close();
    await requestFrom(requester);
    await worker.runDue();
    let [job] = await emailJobs();
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    sink = await startSmtpSink(port);
    // Retried after its back-off (30 s), not before.
    clock.advance(29 * SECOND);
    await worker.runDue();
    expect(sink.accepted).toHaveLength(0);
    clock.advance(1 * SECOND);
    await worker.runDue();
    expect(sink.accepted).toHaveLength(1);
    [job] = await emailJobs();
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('emails only those who want email; the in-app notification stays', async () => {
    const requester = await createUser(t.db, { bloodGroup: 'A+' });
    const donor = await createUser(t.db, { bloodGroup: 'B+', ...place });
    const headers = await bearerFor(t.db, donor.id);
    const settings = await call(t, 'GET', '/api/notifications/settings', { headers });
    expect(settings.body.emailAvailable).toBe(true);
    await call(t, 'PUT', '/api/notifications/settings', {
      headers,
      body: {
        matchAlerts: true,
        donationReminders: true,
        eligibilityNotices: true,
        requestUpdates: true,
        email: false,
      },
    });
    await requestFrom(requester);
    await worker.runDue();
    await worker.runDue();
    expect(sink.accepted).toEqual([]);
    const unread = await call(t, 'GET', '/api/notifications/unread-count', { headers });
    expect(unread.body.count).toBe(1);
  });
});
