import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationResponse } from '../../../common/notification-response.schema.ts';
import { bearerFor, createUser, dhakaDate, requestForm } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { DAY, MINUTE, manualClock } from '../../test/manual-clock.ts';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testWorker } from '../../test/worker.ts';

// Issue 25, items 11 and 12, with the app's real sink and worker and a real SMTP server:
// - a request hidden by reports kept alerting donors (its next wave went out, by email too);
//   a removed, hidden, closed or expired request must stop every wave and reminder;
// - a donor's withdrawal started a second chain of waves beside the first, so each later wave
//   went out twice: one chain per request, never more than ALERT_MAX_WAVES waves.

const MAX_WAVES = 3;
const WAVE_SIZE = 2;
const SETTINGS = {
  ALERT_WAVE_SIZE: String(WAVE_SIZE),
  ALERT_WAVE_MINUTES: '30',
  ALERT_MAX_WAVES: String(MAX_WAVES),
  ALERTS_PER_DONOR_PER_WEEK: '5',
  DONATION_REMINDER_HOURS: '3',
};

const clock = manualClock();
let sink: SmtpSink;
let t: TestApp;
let worker: ReturnType<typeof testWorker>;
beforeEach(async () => {
  clock.set(new Date());
  sink = await startSmtpSink();
  t = await createTestApp(
    { ...SETTINGS, SMTP_URL: sink.url, MAIL_FROM: 'RedHope <alerts@redhope.test>' },
    { clock },
  );
  worker = testWorker(t);
});
afterEach(async () => {
  await t.close();
  await sink.close();
});

const here = { division: 'Khulna', district: 'Jashore', upazila: 'Jashore Sadar' } as const;
/** Nobody's blood matches requestForm's B+ from A+, so these people are never alerted. */
const bystander = { bloodGroup: 'A+', ...here } as const;
const settled = {
  ...bystander,
  createdAt: new Date(Date.now() - 365 * DAY).toISOString(),
  emailVerified: true,
};

async function as(user: { id: string }, method: string, path: string, body?: unknown) {
  return call(t, method, path, { headers: await bearerFor(t.db, user.id), body });
}

/** B+ donors in Jashore Sadar, who match requestForm. */
async function matchingDonors(n: number) {
  const made = [];
  for (let i = 0; i < n; i += 1) {
    made.push(await createUser(t.db, { name: `Donor ${i}`, bloodGroup: 'B+', ...here }));
  }
  return made;
}

async function newRequest(requester: { id: string }, overrides: Record<string, unknown> = {}) {
  const res = await as(requester, 'POST', '/api/donation-request', requestForm(overrides));
  expect(res.status).toBe(201);
  return res.body.insertedId as string;
}

/** Runs what is due until nothing more is (a job may make another one due at once). */
async function settle() {
  for (let i = 0; i < 4; i += 1) await worker.runDue();
}

const alertsAbout = async (requestId: string) =>
  (
    await t.db
      .selectFrom('requestAlert')
      .select(['userId', 'wave'])
      .where('requestId', '=', requestId)
      .execute()
  ).length;
const emailsAbout = (requestId: string) =>
  sink.accepted.filter((email) => email.text.includes(`/blood-donation-request/${requestId}`));
const alertEmailsAbout = (requestId: string) =>
  emailsAbout(requestId).filter((email) => email.subject.includes('needed near you'));

/** The request's wave jobs still to run. */
const pendingWaves = (requestId: string) =>
  t.db
    .selectFrom('job')
    .select(['id', 'payload', 'runAt'])
    .where('kind', '=', 'alert-wave')
    .where('status', '=', 'pending')
    .where(sql<boolean>`"payload" like ${`%${requestId}%`}`)
    .execute();

async function kindsOf(user: { id: string }) {
  const res = await as(user, 'GET', '/api/notifications?limit=100');
  expect(res.status).toBe(200);
  return (res.body as NotificationResponse[]).map((n) => n.kind);
}

/** Three settled accounts' reports: enough to hide an unverified request (decision 024). */
async function hideByReports(requestId: string) {
  for (let i = 0; i < 3; i += 1) {
    const reporter = await createUser(t.db, settled);
    const res = await as(reporter, 'POST', `/api/donation-request/${requestId}/report`, {
      reason: 'asks-for-money',
    });
    expect(res.status).toBe(201);
  }
}

describe(`waves and reminders stop with the request (${process.env.TEST_ENGINE})`, () => {
  // Regression: a request hidden by reports sent its next wave, in the app and by email.
  it('hidden by reports: no further wave, in the app or by email; its requester and staff are told; shown again, the waves resume', async () => {
    const requester = await createUser(t.db, bystander);
    const admin = await createUser(t.db, { ...bystander, role: 'admin' });
    const volunteer = await createUser(t.db, { ...bystander, role: 'volunteer' });
    await matchingDonors(8);
    const id = await newRequest(requester);
    await settle();
    expect(await alertsAbout(id)).toBe(WAVE_SIZE);
    expect(alertEmailsAbout(id)).toHaveLength(WAVE_SIZE);

    await hideByReports(id);
    await settle();
    expect(await kindsOf(requester)).toContain('request-under-review');
    expect(await kindsOf(admin)).toContain('report-review');
    expect(await kindsOf(volunteer)).toContain('report-review');
    const underReview = emailsAbout(id).filter((e) => e.subject.includes('under review'));
    expect(underReview).toHaveLength(1);

    for (let i = 0; i < MAX_WAVES + 1; i += 1) {
      clock.advance(30 * MINUTE);
      await settle();
    }
    expect(await alertsAbout(id)).toBe(WAVE_SIZE);
    expect(alertEmailsAbout(id)).toHaveLength(WAVE_SIZE);
    expect(await pendingWaves(id)).toEqual([]);

    // Staff dismiss one report: it shows again and its chain goes on where it stopped.
    const reports = await as(admin, 'GET', `/api/donation-request/${id}/reports`);
    const dismissed = await as(admin, 'PATCH', `/api/reports/${reports.body[0].id}`, {
      status: 'dismissed',
    });
    expect(dismissed.status).toBe(200);
    await settle();
    expect(await alertsAbout(id)).toBe(2 * WAVE_SIZE);
    for (let i = 0; i < MAX_WAVES + 1; i += 1) {
      clock.advance(30 * MINUTE);
      await settle();
    }
    expect(await alertsAbout(id)).toBe(MAX_WAVES * WAVE_SIZE);
  });

  it('removed, canceled or expired: no further wave, in the app or by email', async () => {
    const requester = await createUser(t.db, bystander);
    const admin = await createUser(t.db, { ...bystander, role: 'admin' });
    const [taker] = await matchingDonors(8);
    if (!taker) throw new Error('no donor');
    const removed = await newRequest(requester);
    const canceled = await newRequest(requester, { recipientName: 'Canceled One' });
    // Its day ends at the next Dhaka midnight: the second wave, a day later, finds it expired.
    const expired = await newRequest(requester, {
      recipientName: 'Expires Today',
      donationDate: dhakaDate(0),
      donationTime: '23:59',
    });
    await settle();
    const before = new Map<string, number>();
    for (const id of [removed, canceled, expired]) before.set(id, await alertsAbout(id));
    expect([...before.values()].every((n) => n > 0)).toBe(true);
    const emailsBefore = sink.accepted.length;

    expect(
      (await as(admin, 'POST', `/api/donation-request/${removed}/remove`, { reason: 'Fake' }))
        .status,
    ).toBe(200);
    // Closed: a donor took it, then the requester canceled it.
    const path = `/api/donation-request/${canceled}`;
    expect((await as(taker, 'PATCH', path, { status: 'inprogress' })).status).toBe(200);
    expect((await as(requester, 'PATCH', path, { status: 'cancel' })).status).toBe(200);
    clock.advance(DAY);
    await settle();
    for (const id of [removed, canceled, expired]) {
      expect(await alertsAbout(id), id).toBe(before.get(id));
      expect(await pendingWaves(id)).toEqual([]);
    }
    expect(
      sink.accepted.slice(emailsBefore).filter((e) => e.subject.includes('needed near you')),
    ).toEqual([]);
  });

  // Regression: the reminder of a request hidden by reports still reached its donor. (Only a
  // pending request can be reported; a donor who has its link may still take it while hidden.)
  it('hidden by reports, then taken: its donor gets no reminder, in the app or by email', async () => {
    const requester = await createUser(t.db, bystander);
    const [donor] = await matchingDonors(1);
    if (!donor) throw new Error('no donor');
    const id = await newRequest(requester);
    await settle();
    await hideByReports(id);
    await settle();
    const taken = await as(donor, 'PATCH', `/api/donation-request/${id}`, { status: 'inprogress' });
    expect(taken.status).toBe(200);
    await settle();
    const reminders = await t.db
      .selectFrom('job')
      .select('id')
      .where('kind', '=', 'donation-reminder')
      .execute();
    expect(reminders).toHaveLength(1);

    // Past the reminder's time (3 hours before 09:15 in Dhaka, two days on).
    const donation = new Date(`${dhakaDate(2)}T09:15:00+06:00`);
    clock.set(new Date(donation.getTime() - 2 * 60 * MINUTE));
    await settle();
    expect(await kindsOf(donor)).not.toContain('donation-reminder');
    expect(
      sink.accepted.filter((e) => e.to.includes(donor.email) && /remind/i.test(e.subject)),
    ).toEqual([]);
  });
});

describe(`one chain of waves per request (${process.env.TEST_ENGINE})`, () => {
  // Regression: a withdrawal started a second chain beside the first; each later wave went out
  // twice, doubling the cap.
  it('accepted then withdrawn: never two pending waves, never more than ALERT_MAX_WAVES', async () => {
    const requester = await createUser(t.db, bystander);
    const donors = await matchingDonors(16);
    const id = await newRequest(requester);
    await settle();
    expect(await alertsAbout(id)).toBe(WAVE_SIZE);
    expect(await pendingWaves(id)).toHaveLength(1);

    // Someone not yet alerted accepts from the board, then withdraws before the next wave.
    const taker = donors[15];
    if (!taker) throw new Error('no taker');
    expect(
      (await as(taker, 'PATCH', `/api/donation-request/${id}`, { status: 'inprogress' })).status,
    ).toBe(200);
    const withdrawn = await as(taker, 'POST', `/api/donation-request/${id}/withdraw`, {
      reason: 'I fell ill',
    });
    expect(withdrawn.status).toBe(200);

    for (let step = 0; step < 2 * MAX_WAVES + 2; step += 1) {
      await settle();
      expect((await pendingWaves(id)).length, `step ${step}`).toBeLessThanOrEqual(1);
      clock.advance(30 * MINUTE);
    }
    await settle();
    expect(await alertsAbout(id)).toBe(MAX_WAVES * WAVE_SIZE);
    const waves = await t.db
      .selectFrom('requestAlert')
      .select('wave')
      .distinct()
      .where('requestId', '=', id)
      .execute();
    expect(waves.map((w) => Number(w.wave)).sort()).toEqual([1, 2, 3]);
    expect(alertEmailsAbout(id)).toHaveLength(MAX_WAVES * WAVE_SIZE);
    expect(await pendingWaves(id)).toEqual([]);
  });
});
