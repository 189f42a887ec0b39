import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationResponse } from '../../../common/notification-response.schema.ts';
import {
  bearerFor,
  createRequest,
  createUser,
  dhakaDate,
  requestForm,
} from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { DAY, HOUR, manualClock } from '../../test/manual-clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testWorker } from '../../test/worker.ts';
import { scheduleRequestSweep } from '../requests/sweep.jobs.ts';

// Issue 14's lifecycle told through issue 13's notifications, with the app's real sink
// (notifyRequestEvents) and its real worker: who is told, and the alert waves resuming.

// Waves of 2, one wave per round: what comes after a withdrawal is a new round.
const SETTINGS = { ALERT_WAVE_SIZE: '2', ALERT_MAX_WAVES: '1', ALERTS_PER_DONOR_PER_WEEK: '5' };

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

async function as(user: { id: string }, method: string, path: string, body?: unknown) {
  return call(t, method, path, { headers: await bearerFor(t.db, user.id), body });
}

async function notificationsOf(user: { id: string }) {
  const res = await as(user, 'GET', '/api/notifications?limit=100');
  expect(res.status).toBe(200);
  return res.body as NotificationResponse[];
}

const kindsOf = async (user: { id: string }) => (await notificationsOf(user)).map((n) => n.kind);

describe(`request lifecycle notifications (${process.env.TEST_ENGINE})`, () => {
  it('tells the requester a donor withdrew, with the reason, and alerts the next donors, not the one who withdrew', async () => {
    const requester = await createUser(t.db, { bloodGroup: 'A+' });
    // requestForm asks for B+ in Jashore Sadar; names give the match order.
    const donors: Array<{ id: string; name: string }> = [];
    for (const name of ['A', 'B', 'C', 'D'])
      donors.push(await createUser(t.db, { name, bloodGroup: 'B+', ...here }));
    const created = await as(requester, 'POST', '/api/donation-request', requestForm());
    expect(created.status).toBe(201);
    const id = created.body.insertedId as string;
    await worker.runDue();
    const alerted = async () => {
      const names = [];
      for (const donor of donors)
        if ((await kindsOf(donor)).includes('match-alert')) names.push(donor.name);
      return names;
    };
    expect(await alerted()).toEqual(['A', 'B']);

    // C found it on the board, accepted, then fell ill.
    const taker = donors[2] as (typeof donors)[number];
    expect(
      (await as(taker, 'PATCH', `/api/donation-request/${id}`, { status: 'inprogress' })).status,
    ).toBe(200);
    const withdrawn = await as(taker, 'POST', `/api/donation-request/${id}/withdraw`, {
      reason: 'I fell ill',
    });
    expect(withdrawn.status).toBe(200);
    await worker.runDue();

    const told = (await notificationsOf(requester)).find((n) => n.kind === 'request-withdrawn');
    expect(told).toMatchObject({
      requestId: id,
      requestStatus: 'pending',
      data: { donorName: 'C', reason: 'I fell ill', bloodGroup: 'B+' },
    });
    // The waves resumed past their first round's cap: D now; never C, who withdrew.
    expect(await alerted()).toEqual(['A', 'B', 'D']);
    expect(await kindsOf(taker)).not.toContain('match-alert');
  });

  it('the hourly sweep job expires a past request, tells its requester, and schedules the next hour', async () => {
    const requester = await createUser(t.db);
    const request = await createRequest(t.db, requester, { donationDate: dhakaDate(1) });
    clock.advance(3 * DAY);
    await scheduleRequestSweep(t.db, clock.now());
    await worker.runDue();

    const detail = await as(requester, 'GET', `/api/donation-request/${request.id}`);
    expect(detail.body.status).toBe('expired');
    expect(await kindsOf(requester)).toEqual(['request-expired']);
    const next = await t.db
      .selectFrom('job')
      .select(['runAt', 'status'])
      .where('kind', '=', 'requests-sweep')
      .where('status', '=', 'pending')
      .execute();
    expect(next).toHaveLength(1);
    const runAt = new Date(String(next[0]?.runAt)).getTime();
    expect(runAt).toBeGreaterThan(clock.now().getTime());
    expect(runAt).toBeLessThanOrEqual(clock.now().getTime() + HOUR);

    // A second server starting in the same hour adds nothing; running again changes nothing.
    await scheduleRequestSweep(t.db, clock.now());
    await worker.runDue();
    expect(await kindsOf(requester)).toEqual(['request-expired']);
  });

  it('asks the requester to confirm an in-progress request past its date', async () => {
    const requester = await createUser(t.db);
    const donor = await createUser(t.db);
    await createRequest(t.db, requester, { donor, donationDate: dhakaDate(1) });
    clock.advance(2 * DAY);
    await scheduleRequestSweep(t.db, clock.now());
    await worker.runDue();
    expect(await kindsOf(requester)).toEqual(['request-confirm-due']);
    expect(await kindsOf(donor)).toEqual([]);
  });

  it('tells the requester and the donor when staff remove a request', async () => {
    const requester = await createUser(t.db);
    const donor = await createUser(t.db);
    const volunteer = await createUser(t.db, { role: 'volunteer' });
    const request = await createRequest(t.db, requester, { donor });
    const res = await as(volunteer, 'POST', `/api/donation-request/${request.id}/remove`, {
      reason: 'Asked for money',
    });
    expect(res.status).toBe(200);
    await worker.runDue();
    for (const person of [requester, donor]) {
      const [told] = await notificationsOf(person);
      expect(told).toMatchObject({ kind: 'request-removed', data: { reason: 'Asked for money' } });
    }
    expect(await kindsOf(volunteer)).toEqual([]);
  });

  it('starts a reposted request’s alert waves', async () => {
    const requester = await createUser(t.db, { bloodGroup: 'A+' });
    const donor = await createUser(t.db, { name: 'Donor', bloodGroup: 'B+', ...here });
    const old = await createRequest(t.db, requester, {
      bloodGroup: 'B+',
      ...here,
      donationDate: dhakaDate(1),
    });
    clock.advance(3 * DAY);
    const res = await as(requester, 'POST', `/api/donation-request/${old.id}/repost`, {
      donationDate: dhakaDate(5),
      donationTime: '11:00',
    });
    expect(res.status).toBe(201);
    await worker.runDue();
    const [alert] = await notificationsOf(donor);
    expect(alert).toMatchObject({ kind: 'match-alert', requestId: res.body.insertedId });
  });
});
