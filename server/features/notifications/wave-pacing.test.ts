import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BloodGroup } from '../../../common/constants.ts';
import type { NotificationResponse } from '../../../common/notification-response.schema.ts';
import { bearerFor, createUser, dhakaDate, requestForm } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { MINUTE, manualClock } from '../../test/manual-clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testWorker } from '../../test/worker.ts';

// Decision 047: urgent and scheduled waves wait through quiet hours (22:00–07:00 Dhaka), and each
// wave tops up the alerts still awaiting an answer to its size per open bag rather than adding a
// full wave. The test app turns both off for every other test (they run at the real hour); here
// they are at their defaults (decision 050's sizes and answer times), written out, on a clock set
// to Dhaka's hours.
const DEFAULTS = {
  ALERT_QUIET_HOURS: 'true',
  ALERT_ANSWER_MINUTES: '60',
  URGENT_ALERT_ANSWER_MINUTES: '30',
  CRITICAL_ALERT_ANSWER_MINUTES: '20',
  ALERT_WAVE_SIZE: '1',
  ALERT_WAVE_MINUTES: '60',
  ALERT_MAX_WAVES: '50',
  URGENT_ALERT_WAVE_SIZE: '2',
  URGENT_ALERT_WAVE_MINUTES: '15',
  URGENT_ALERT_MAX_WAVES: '30',
  CRITICAL_ALERT_WAVE_SIZE: '6',
  CRITICAL_ALERT_WAVE_MINUTES: '5',
  ALERTS_PER_DONOR_PER_WEEK: '50',
};

const clock = manualClock();
let t: TestApp;
let worker: ReturnType<typeof testWorker>;

/** Today in Dhaka at hh:mm, or `days` later (Dhaka is UTC+6). */
const dhakaAt = (hhmm: string, days = 0) => new Date(`${dhakaDate(days)}T${hhmm}:00+06:00`);

async function start(env: Record<string, string> = {}) {
  t = await createTestApp({ ...DEFAULTS, ...env }, { clock });
  worker = testWorker(t);
}
beforeEach(() => clock.set(dhakaAt('12:00')));
afterEach(() => t?.close());

const sadar = { division: 'Khulna', district: 'Jashore', upazila: 'Jashore Sadar' } as const;

/** `count` donors of `bloodGroup` in Jashore Sadar, named `prefix` and a number. */
async function donors(prefix: string, count: number, bloodGroup: BloodGroup) {
  const made = [];
  for (let i = 1; i <= count; i += 1) {
    const name = `${prefix}${String(i).padStart(2, '0')}`;
    made.push(await createUser(t.db, { name, bloodGroup, ...sadar }));
  }
  return made;
}

async function newRequest(form: Record<string, unknown>) {
  const family = await createUser(t.db, { name: 'Requester', searchVisible: false });
  const res = await call(t, 'POST', '/api/donation-request', {
    headers: await bearerFor(t.db, family.id),
    body: requestForm({ ...sadar, ...form }),
  });
  expect(res.status).toBe(201);
  return res.body.insertedId as string;
}

/** How many of `people` hold an in-app alert for `requestId`. */
async function alerted(requestId: string, people: Array<{ id: string }>) {
  let count = 0;
  for (const person of people) {
    const res = await call<NotificationResponse[]>(t, 'GET', '/api/notifications?limit=100', {
      headers: await bearerFor(t.db, person.id),
    });
    expect(res.status).toBe(200);
    if (res.body.some((n) => n.kind === 'match-alert' && n.requestId === requestId)) count += 1;
  }
  return count;
}

async function pledge(requestId: string, donor: { id: string }) {
  const res = await call(t, 'PATCH', `/api/donation-request/${requestId}`, {
    headers: await bearerFor(t.db, donor.id),
    body: { status: 'inprogress' },
  });
  expect(res.status).toBe(200);
}

describe(`waves paced by the night and the answers awaited (${process.env.TEST_ENGINE})`, () => {
  it('a scheduled wave due at 23:00 goes at 07:00 while its bag is open, and not once it was pledged', async () => {
    // The second wave 90 minutes after a request made at 21:30: due at 23:00.
    await start({ ALERT_WAVE_MINUTES: '90' });
    const bPeople = await donors('B', 12, 'B+');
    const aPeople = await donors('A', 12, 'A+');
    clock.set(dhakaAt('21:30'));
    const open = await newRequest({ bloodGroup: 'B+' });
    const met = await newRequest({ bloodGroup: 'A+', recipientName: 'Met Overnight' });
    await worker.runDue();
    expect(await alerted(open, bPeople)).toBe(1);
    expect(await alerted(met, aPeople)).toBe(1);

    clock.set(dhakaAt('23:00'));
    await worker.runDue();
    expect(await alerted(open, bPeople)).toBe(1);
    expect(await alerted(met, aPeople)).toBe(1);

    // 03:00: someone pledges the one bag of the second request.
    clock.set(dhakaAt('03:00', 1));
    await pledge(met, await createUser(t.db, { bloodGroup: 'A+', ...sadar }));
    await worker.runDue();
    clock.set(dhakaAt('06:59', 1));
    await worker.runDue();
    expect(await alerted(open, bPeople)).toBe(1);

    clock.set(dhakaAt('07:00', 1));
    await worker.runDue();
    expect(await alerted(open, bPeople)).toBe(2);
    expect(await alerted(met, aPeople)).toBe(1);
  });

  it('an urgent request made at night alerts no one until 07:00; a critical one at once', async () => {
    await start();
    const bPeople = await donors('B', 8, 'B+');
    const aPeople = await donors('A', 8, 'A+');
    clock.set(dhakaAt('23:00'));
    const urgent = await newRequest({ bloodGroup: 'B+', urgency: 'urgent' });
    const critical = await newRequest({
      bloodGroup: 'A+',
      urgency: 'critical',
      donationDate: dhakaDate(1),
      donationTime: '04:00',
    });
    await worker.runDue();
    expect(await alerted(urgent, bPeople)).toBe(0);
    expect(await alerted(critical, aPeople)).toBe(6);
    clock.set(dhakaAt('07:00', 1));
    await worker.runDue();
    expect(await alerted(urgent, bPeople)).toBe(2);
  });

  it("a 1-bag request's wave is smaller than a 4-bag one's; a wave adds only what the awaited answers leave short", async () => {
    await start();
    const bPeople = await donors('B', 30, 'B+');
    const aPeople = await donors('A', 40, 'A+');
    const one = await newRequest({ bloodGroup: 'B+', bags: 1 });
    const four = await newRequest({ bloodGroup: 'A+', bags: 4, recipientName: 'Four Bags' });
    await worker.runDue();
    expect(await alerted(one, bPeople)).toBe(1);
    expect(await alerted(four, aPeople)).toBe(4);

    // 12:10: one of the four bags pledged, by a donor the wave alerted.
    clock.set(dhakaAt('12:10'));
    const alertedDonor = await t.db
      .selectFrom('requestAlert')
      .select('userId')
      .where('requestId', '=', four)
      .orderBy('userId')
      .executeTakeFirstOrThrow();
    await pledge(four, { id: alertedDonor.userId });
    // 13:00, the next wave, as the first alerts' hour to answer lapses: 1 for the one open bag,
    // 3 for 3.
    clock.set(dhakaAt('13:00'));
    await worker.runDue();
    expect(await alerted(one, bPeople)).toBe(2);
    expect(await alerted(four, aPeople)).toBe(7);
  });

  it('an urgent wave sent while every awaited answer may still come adds nobody, and goes when they lapse', async () => {
    await start();
    const people = await donors('B', 20, 'B+');
    const id = await newRequest({ bloodGroup: 'B+', urgency: 'urgent', bags: 2 });
    await worker.runDue();
    expect(await alerted(id, people)).toBe(4);
    // 12:15, the second wave: 4 alerts awaited for 2 open bags of 2: nobody more.
    clock.set(dhakaAt('12:15'));
    await worker.runDue();
    expect(await alerted(id, people)).toBe(4);
    // 12:20: a donor pledges; one bag open, 3 or 4 alerts still awaited: still nobody.
    clock.set(dhakaAt('12:20'));
    await pledge(id, people[0] as { id: string });
    await worker.runDue();
    expect(await alerted(id, people)).toBe(4);
    // 12:30: the first wave's answers lapsed: 2 for the one open bag.
    clock.set(dhakaAt('12:30'));
    await worker.runDue();
    expect(await alerted(id, people)).toBe(6);
  });

  it('critical: 6 per open bag, topped up every 20 minutes while the answers are awaited', async () => {
    await start();
    const people = await donors('O', 30, 'O+');
    const id = await newRequest({ bloodGroup: 'O+', urgency: 'critical' });
    await worker.runDue();
    expect(await alerted(id, people)).toBe(6);
    clock.advance(5 * MINUTE);
    await worker.runDue();
    expect(await alerted(id, people)).toBe(6);
    clock.advance(10 * MINUTE);
    await worker.runDue();
    expect(await alerted(id, people)).toBe(6);
    clock.advance(5 * MINUTE);
    await worker.runDue();
    expect(await alerted(id, people)).toBe(12);
  });
});
