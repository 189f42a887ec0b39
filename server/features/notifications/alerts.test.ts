import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationResponse } from '../../../common/notification-response.schema.ts';
import {
  bearerFor,
  createRequest,
  createUser,
  dhakaDate,
  requestForm,
  type UserOverrides,
} from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { DAY, HOUR, MINUTE, manualClock } from '../../test/manual-clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testWorker } from '../../test/worker.ts';

// Waves of 2, every 30 minutes, 3 waves at most; 2 alerts a donor a week.
const SETTINGS = {
  ALERT_WAVE_SIZE: '2',
  ALERT_WAVE_MINUTES: '30',
  ALERT_MAX_WAVES: '3',
  ALERTS_PER_DONOR_PER_WEEK: '2',
  DONATION_REMINDER_HOURS: '3',
};

const clock = manualClock();
let t: TestApp;
let worker: ReturnType<typeof testWorker>;
beforeEach(async () => {
  clock.set(new Date());
  t = await createTestApp(SETTINGS, { clock });
  worker = testWorker(t);
});
afterEach(() => t.close());

const here = { division: 'Khulna', district: 'Jashore', upazila: 'Jashore Sadar' } as const;

/** Donors of B+ blood (requestForm asks for B+ in Jashore Sadar), in match order by name. */
async function donors(names: string[], overrides: UserOverrides = {}) {
  const made = [];
  for (const name of names)
    made.push(await createUser(t.db, { name, bloodGroup: 'B+', ...here, ...overrides }));
  return made;
}

async function headersOf(user: { id: string }) {
  return bearerFor(t.db, user.id);
}

async function notificationsOf(user: { id: string }) {
  const res = await call<NotificationResponse[]>(t, 'GET', '/api/notifications?limit=100', {
    headers: await headersOf(user),
  });
  expect(res.status).toBe(200);
  return res.body;
}

const alertsOf = async (user: { id: string }) =>
  (await notificationsOf(user)).filter((n) => n.kind === 'match-alert');

async function alerted(people: Array<{ id: string; name: string }>) {
  const names: string[] = [];
  for (const person of people) if ((await alertsOf(person)).length) names.push(person.name);
  return names;
}

async function newRequest(requester: { id: string }, overrides: Record<string, unknown> = {}) {
  const res = await call(t, 'POST', '/api/donation-request', {
    headers: await headersOf(requester),
    body: requestForm(overrides),
  });
  expect(res.status).toBe(201);
  return res.body.insertedId as string;
}

describe(`alerts in waves (${process.env.TEST_ENGINE})`, () => {
  it('alerts the best matches at once, the next ones after the set time, and stops at the cap', async () => {
    const requester = await createUser(t.db, { bloodGroup: 'A+' });
    const people = await donors(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
    const requestId = await newRequest(requester);
    // Nothing is sent inside the request: the first wave is a job, due now.
    expect(await alerted(people)).toEqual([]);

    await worker.runDue();
    expect(await alerted(people)).toEqual(['A', 'B']);
    const [alert] = await alertsOf(people[0] as { id: string });
    expect(alert).toMatchObject({
      kind: 'match-alert',
      requestId,
      requestStatus: 'pending',
      read: false,
      data: { bloodGroup: 'B+', hospitalName: 'Jashore General Hospital' },
    });

    clock.advance(29 * MINUTE);
    await worker.runDue();
    expect(await alerted(people)).toEqual(['A', 'B']);
    clock.advance(1 * MINUTE);
    await worker.runDue();
    expect(await alerted(people)).toEqual(['A', 'B', 'C', 'D']);
    clock.advance(30 * MINUTE);
    await worker.runDue();
    expect(await alerted(people)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    // Three waves in all.
    clock.advance(5 * HOUR);
    await worker.runDue();
    expect(await alerted(people)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
  });

  it('stops the moment someone accepts: no next wave, the request closes for the others, the requester is told', async () => {
    const requester = await createUser(t.db, { bloodGroup: 'A+' });
    const people = await donors(['A', 'B', 'C', 'D']);
    const requestId = await newRequest(requester);
    await worker.runDue();
    const [a, b] = people;
    if (!a || !b) throw new Error('missing donors');

    const accept = await call(t, 'PATCH', `/api/donation-request/${requestId}`, {
      headers: await headersOf(b),
      body: { status: 'inprogress' },
    });
    expect(accept.status).toBe(200);
    const late = await call(t, 'PATCH', `/api/donation-request/${requestId}`, {
      headers: await headersOf(a),
      body: { status: 'inprogress' },
    });
    expect(late.status).toBe(409);

    clock.advance(30 * MINUTE);
    await worker.runDue();
    clock.advance(2 * HOUR);
    await worker.runDue();
    expect(await alerted(people)).toEqual(['A', 'B']);
    // A's alert now says the request is taken.
    expect((await alertsOf(a))[0]?.requestStatus).toBe('inprogress');
    const told = (await notificationsOf(requester)).map((n) => [n.kind, n.data.donorName]);
    expect(told).toEqual([['request-accepted', 'B']]);
  });

  it('alerts no donor more than the set number of times a week', async () => {
    const people = await donors(['Only donor']);
    const requesters = await Promise.all(
      [1, 2, 3].map(() => createUser(t.db, { bloodGroup: 'A+', district: 'Dhaka' })),
    );
    for (const requester of requesters) {
      await newRequest(requester);
      await worker.runDue();
    }
    expect(await alertsOf(people[0] as { id: string })).toHaveLength(2);
    // A week after the first alert, the next request reaches them again.
    clock.advance(7 * DAY + MINUTE);
    await newRequest(requesters[0] as { id: string }, { donationDate: dhakaDate(9) });
    await worker.runDue();
    expect(await alertsOf(people[0] as { id: string })).toHaveLength(3);
  });

  it('leaves out a donor who turned request alerts off, and alerts the next one instead', async () => {
    const requester = await createUser(t.db, { bloodGroup: 'A+' });
    const people = await donors(['A', 'B', 'C']);
    const off = await call(t, 'PUT', '/api/notifications/settings', {
      headers: await headersOf(people[0] as { id: string }),
      body: {
        matchAlerts: false,
        donationReminders: true,
        eligibilityNotices: true,
        requestUpdates: true,
        email: true,
      },
    });
    expect(off.status).toBe(200);
    await newRequest(requester);
    await worker.runDue();
    expect(await alerted(people)).toEqual(['B', 'C']);
  });

  it('does not alert about a request whose date has passed, nor the requester themself', async () => {
    const requester = await createUser(t.db, { bloodGroup: 'B+', ...here });
    const people = await donors(['A']);
    await newRequest(requester);
    await worker.runDue();
    expect(await alertsOf(requester)).toEqual([]);
    expect(await alerted(people)).toEqual(['A']);
    // Two days on, the request's date (two days ahead) has passed: the next waves stop.
    const second = await donors(['B', 'C']);
    clock.advance(3 * DAY);
    await worker.runDue();
    expect(await alerted(second)).toEqual([]);
  });
});

describe(`what follows a request's change (${process.env.TEST_ENGINE})`, () => {
  it('done: the requester (unless they did it) and the donor are told; the donor is told the day they are eligible again', async () => {
    const requester = await createUser(t.db, { bloodGroup: 'A+' });
    const volunteer = await createUser(t.db, { role: 'volunteer', bloodGroup: 'A+' });
    const [donor] = await donors(['Donor']);
    if (!donor) throw new Error('no donor');
    const request = await createRequest(t.db, requester, { bloodGroup: 'B+', donor });
    const done = await call(t, 'PATCH', `/api/donation-request/${request.id}`, {
      headers: await headersOf(volunteer),
      body: { status: 'done' },
    });
    expect(done.status).toBe(200);
    await worker.runDue();
    expect((await notificationsOf(requester)).map((n) => n.kind)).toEqual(['request-done']);
    expect((await notificationsOf(donor)).map((n) => n.kind)).toEqual(['donation-done']);
    expect(await notificationsOf(volunteer)).toEqual([]);

    clock.advance(120 * DAY - MINUTE);
    await worker.runDue();
    expect((await notificationsOf(donor)).map((n) => n.kind)).toEqual(['donation-done']);
    clock.advance(MINUTE);
    await worker.runDue();
    expect((await notificationsOf(donor)).map((n) => n.kind)).toEqual([
      'eligible-again',
      'donation-done',
    ]);
  });

  it('canceled by the requester: the donor is told, the requester is not told of their own act', async () => {
    const requester = await createUser(t.db, { bloodGroup: 'A+' });
    const [donor] = await donors(['Donor']);
    if (!donor) throw new Error('no donor');
    const request = await createRequest(t.db, requester, { bloodGroup: 'B+', donor });
    await call(t, 'PATCH', `/api/donation-request/${request.id}`, {
      headers: await headersOf(requester),
      body: { status: 'cancel' },
    });
    await worker.runDue();
    expect(await notificationsOf(requester)).toEqual([]);
    expect((await notificationsOf(donor)).map((n) => n.kind)).toEqual(['request-canceled']);
  });

  it('canceled by staff: the requester is told, and the donor; the volunteer or admin is not', async () => {
    const requester = await createUser(t.db, { bloodGroup: 'A+' });
    const volunteer = await createUser(t.db, { role: 'volunteer', bloodGroup: 'A+' });
    const admin = await createUser(t.db, { role: 'admin', bloodGroup: 'A+' });
    const [first, second] = await donors(['First donor', 'Second donor']);
    if (!first || !second) throw new Error('missing donors');
    for (const [staff, donor, recipientName] of [
      [volunteer, first, 'Rahima'],
      [admin, second, 'Karima'],
    ] as const) {
      const request = await createRequest(t.db, requester, {
        bloodGroup: 'B+',
        donor,
        recipientName,
      });
      const canceled = await call(t, 'PATCH', `/api/donation-request/${request.id}`, {
        headers: await headersOf(staff),
        body: { status: 'cancel' },
      });
      expect(canceled.status).toBe(200);
    }
    await worker.runDue();
    const told = (await notificationsOf(requester)).map((n) => [n.kind, n.data.recipientName]);
    expect(told.sort()).toEqual([
      ['request-canceled', 'Karima'],
      ['request-canceled', 'Rahima'],
    ]);
    expect((await notificationsOf(first)).map((n) => n.kind)).toEqual(['request-canceled']);
    expect((await notificationsOf(second)).map((n) => n.kind)).toEqual(['request-canceled']);
    expect(await notificationsOf(volunteer)).toEqual([]);
    expect(await notificationsOf(admin)).toEqual([]);
  });

  it('marked done by an admin: the requester is told', async () => {
    const requester = await createUser(t.db, { bloodGroup: 'A+' });
    const admin = await createUser(t.db, { role: 'admin', bloodGroup: 'A+' });
    const [donor] = await donors(['Donor']);
    if (!donor) throw new Error('no donor');
    const request = await createRequest(t.db, requester, { bloodGroup: 'B+', donor });
    const done = await call(t, 'PATCH', `/api/donation-request/${request.id}`, {
      headers: await headersOf(admin),
      body: { status: 'done' },
    });
    expect(done.status).toBe(200);
    await worker.runDue();
    expect((await notificationsOf(requester)).map((n) => n.kind)).toEqual(['request-done']);
    expect(await notificationsOf(admin)).toEqual([]);
  });

  it('reminds the donor a few hours before the donation time, only while the donation is still theirs', async () => {
    const requester = await createUser(t.db, { bloodGroup: 'A+' });
    const [donor] = await donors(['Donor']);
    if (!donor) throw new Error('no donor');
    const date = dhakaDate(2);
    const requestId = await newRequest(requester, { donationDate: date, donationTime: '10:30' });
    await call(t, 'PATCH', `/api/donation-request/${requestId}`, {
      headers: await headersOf(donor),
      body: { status: 'inprogress' },
    });
    const reminderAt = new Date(`${date}T07:30:00+06:00`);
    clock.set(new Date(reminderAt.getTime() - MINUTE));
    await worker.runDue();
    const kinds = async () => (await notificationsOf(donor)).map((n) => n.kind);
    expect(await kinds()).not.toContain('donation-reminder');
    clock.set(reminderAt);
    await worker.runDue();
    expect(await kinds()).toContain('donation-reminder');
  });

  it('sends no reminder to a donor who withdrew, nor about a request canceled, before the reminder time', async () => {
    const requester = await createUser(t.db, { bloodGroup: 'A+' });
    const [withdrew, takesOver, canceledOn] = await donors(['Withdrew', 'Takes over', 'Canceled']);
    if (!withdrew || !takesOver || !canceledOn) throw new Error('missing donors');
    const date = dhakaDate(2);
    const form = { donationDate: date, donationTime: '10:30' };
    const accept = async (requestId: string, donor: { id: string }) => {
      const res = await call(t, 'PATCH', `/api/donation-request/${requestId}`, {
        headers: await headersOf(donor),
        body: { status: 'inprogress' },
      });
      expect(res.status).toBe(200);
      await worker.runDue(); // the acceptance's job schedules the reminder
    };

    // One donor accepts, then withdraws; another takes it over: the reminder is the new donor's.
    const given = await newRequest(requester, { ...form, recipientName: 'Given up' });
    await accept(given, withdrew);
    const withdrawn = await call(t, 'POST', `/api/donation-request/${given}/withdraw`, {
      headers: await headersOf(withdrew),
      body: { reason: 'I have a fever and cannot come.' },
    });
    expect(withdrawn.status).toBe(200);
    await accept(given, takesOver);
    // Another is accepted, then canceled by its requester.
    const canceled = await newRequest(requester, { ...form, recipientName: 'Called off' });
    await accept(canceled, canceledOn);
    const cancel = await call(t, 'PATCH', `/api/donation-request/${canceled}`, {
      headers: await headersOf(requester),
      body: { status: 'cancel' },
    });
    expect(cancel.status).toBe(200);
    const reminders = await t.db
      .selectFrom('job')
      .select('payload')
      .where('kind', '=', 'donation-reminder')
      .where('status', '=', 'pending')
      .execute();
    // Every reminder is still scheduled: each finds out at its time that it no longer applies.
    expect(reminders).toHaveLength(3);

    clock.set(new Date(`${date}T07:30:00+06:00`));
    await worker.runDue();
    const reminded = async (donor: { id: string }) =>
      (await notificationsOf(donor)).some((n) => n.kind === 'donation-reminder');
    expect(await reminded(withdrew)).toBe(false);
    expect(await reminded(canceledOn)).toBe(false);
    expect(await reminded(takesOver)).toBe(true);
  });

  it('Mark As Donated: told on the day eligibility returns, not if a later donation moved it', async () => {
    const [donor] = await donors(['Donor']);
    if (!donor) throw new Error('no donor');
    const headers = await headersOf(donor);
    await call(t, 'PATCH', `/api/users/donor/${donor.id}`, { headers });
    clock.advance(10 * DAY);
    await call(t, 'PATCH', `/api/users/donor/${donor.id}`, { headers });
    clock.advance(110 * DAY);
    await worker.runDue();
    // 120 days after the first donation: the second one (10 days later) still counts.
    expect((await notificationsOf(donor)).map((n) => n.kind)).toEqual([]);
    clock.advance(10 * DAY);
    await worker.runDue();
    expect((await notificationsOf(donor)).map((n) => n.kind)).toEqual(['eligible-again']);
  });

  it('writes no email to the outbox when email is off', async () => {
    const requester = await createUser(t.db, { bloodGroup: 'A+' });
    await donors(['A', 'B']);
    await newRequest(requester);
    await worker.runDue();
    const emails = await t.db.selectFrom('job').select('id').where('kind', '=', 'email').execute();
    expect(emails).toEqual([]);
  });
});
