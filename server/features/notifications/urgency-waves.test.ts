import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationResponse } from '../../../common/notification-response.schema.ts';
import type { DonationRequestResponse } from '../../../common/request-response.schema.ts';
import { bearerFor, createUser, requestForm, type UserOverrides } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { MINUTE, manualClock } from '../../test/manual-clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testWorker } from '../../test/worker.ts';

// Issue 27: a request's urgency drives its waves (decision 031), and its waves go on while a bag
// is open. The wave settings are their defaults, written out; the weekly cap is out of the way.
const SETTINGS = {
  ALERT_WAVE_SIZE: '5',
  ALERT_WAVE_MINUTES: '30',
  ALERT_MAX_WAVES: '4',
  CRITICAL_ALERT_WAVE_SIZE: '6',
  CRITICAL_ALERT_WAVE_MINUTES: '5',
  CRITICAL_ALERT_MAX_WAVES: '12',
  ALERT_RARE_GROUPS: 'O-,AB-',
  ALERTS_PER_DONOR_PER_WEEK: '50',
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

const sadar = { division: 'Khulna', district: 'Jashore', upazila: 'Jashore Sadar' } as const;
const abhaynagar = { division: 'Khulna', district: 'Jashore', upazila: 'Abhaynagar' } as const;
const khulna = { division: 'Khulna', district: 'Khulna', upazila: 'Dumuria' } as const;
const dhaka = { division: 'Dhaka', district: 'Dhaka', upazila: 'Savar' } as const;

/** Donors named `prefix` and a number (in name order), all of `overrides`. */
async function donors(prefix: string, count: number, overrides: UserOverrides) {
  const made = [];
  for (let i = 1; i <= count; i += 1) {
    const name = `${prefix}${String(i).padStart(2, '0')}`;
    made.push(await createUser(t.db, { name, ...overrides }));
  }
  return made;
}

/** Someone who asks, hidden from donor search so never among anyone's matches. */
const requester = () => createUser(t.db, { name: 'Requester', searchVisible: false });

async function newRequest(by: { id: string }, form: Record<string, unknown>) {
  const res = await call(t, 'POST', '/api/donation-request', {
    headers: await bearerFor(t.db, by.id),
    body: requestForm({ ...sadar, ...form }),
  });
  expect(res.status).toBe(201);
  return res.body.insertedId as string;
}

/** The names alerted for `requestId`, in name order. */
async function alertedFor(requestId: string, people: Array<{ id: string; name: string }>) {
  const names: string[] = [];
  for (const person of people) {
    const res = await call<NotificationResponse[]>(t, 'GET', '/api/notifications?limit=100', {
      headers: await bearerFor(t.db, person.id),
    });
    expect(res.status).toBe(200);
    if (res.body.some((n) => n.kind === 'match-alert' && n.requestId === requestId))
      names.push(person.name);
  }
  return names.sort();
}

const names = (prefix: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${String(from + i).padStart(2, '0')}`);

async function pledge(requestId: string, donor: { id: string }) {
  const res = await call(t, 'PATCH', `/api/donation-request/${requestId}`, {
    headers: await bearerFor(t.db, donor.id),
    body: { status: 'inprogress' },
  });
  expect(res.status).toBe(200);
}

async function pledgeIdOf(requestId: string, by: { id: string }, donorName: string) {
  const res = await call<DonationRequestResponse>(t, 'GET', `/api/donation-request/${requestId}`, {
    headers: await bearerFor(t.db, by.id),
  });
  expect(res.status).toBe(200);
  const pledge = res.body.pledges.find((p) => p.donorName === donorName && p.status === 'pledged');
  if (!pledge) throw new Error(`${donorName} holds no pledge`);
  return pledge.id;
}

describe(`alert waves by urgency (${process.env.TEST_ENGINE})`, () => {
  it('critical: a wave every 5 minutes of 6 donors per open bag; scheduled: 5 every 30 minutes', async () => {
    const aDonors = await donors('A', 40, { bloodGroup: 'A+', ...sadar });
    const bDonors = await donors('B', 20, { bloodGroup: 'B+', ...sadar });
    const critical = await newRequest(await requester(), {
      bloodGroup: 'A+',
      urgency: 'critical',
      bags: 2,
    });
    const scheduled = await newRequest(await requester(), { bloodGroup: 'B+' });

    await worker.runDue();
    expect(await alertedFor(critical, aDonors)).toEqual(names('A', 1, 12));
    expect(await alertedFor(scheduled, bDonors)).toEqual(names('B', 1, 5));

    clock.advance(4 * MINUTE);
    await worker.runDue();
    expect(await alertedFor(critical, aDonors)).toHaveLength(12);
    clock.advance(1 * MINUTE);
    await worker.runDue();
    expect(await alertedFor(critical, aDonors)).toEqual(names('A', 1, 24));
    expect(await alertedFor(scheduled, bDonors)).toEqual(names('B', 1, 5));

    clock.advance(5 * MINUTE);
    await worker.runDue();
    expect(await alertedFor(critical, aDonors)).toEqual(names('A', 1, 36));
    clock.advance(20 * MINUTE);
    await worker.runDue();
    expect(await alertedFor(scheduled, bDonors)).toEqual(names('B', 1, 10));
  });

  it('critical for a rare group reaches district and division in its first wave; otherwise nearest first', async () => {
    const rare = [
      ...(await donors('U', 8, { bloodGroup: 'O-', ...sadar })),
      ...(await donors('D', 3, { bloodGroup: 'O-', ...abhaynagar })),
      ...(await donors('V', 3, { bloodGroup: 'O-', ...khulna })),
      ...(await donors('X', 2, { bloodGroup: 'O-', ...dhaka })),
    ];
    const common = [
      ...(await donors('u', 8, { bloodGroup: 'B+', ...sadar })),
      ...(await donors('d', 3, { bloodGroup: 'B+', ...abhaynagar })),
      ...(await donors('v', 3, { bloodGroup: 'B+', ...khulna })),
    ];
    const oNegative = await newRequest(await requester(), {
      bloodGroup: 'O-',
      urgency: 'critical',
    });
    const bPositive = await newRequest(await requester(), {
      bloodGroup: 'B+',
      urgency: 'critical',
    });
    const scheduledONegative = await newRequest(await requester(), {
      bloodGroup: 'O-',
      recipientName: 'Another patient',
    });
    await worker.runDue();
    // Side by side: the first of the upazila, the district and the division, then the second.
    expect(await alertedFor(oNegative, rare)).toEqual(['D01', 'D02', 'U01', 'U02', 'V01', 'V02']);
    // Not a rare group: its upazila first.
    expect(await alertedFor(bPositive, common)).toEqual(names('u', 1, 6));
    // Rare, but scheduled: nearest first.
    expect(await alertedFor(scheduledONegative, rare)).toEqual(names('U', 1, 5));
  });
});

describe(`waves while a bag is open (${process.env.TEST_ENGINE})`, () => {
  const ONE_PER_BAG = { ALERT_WAVE_SIZE: '1' };

  it('go on while a bag is open, stop when every bag is pledged, and a did-not-come starts a new wave at once', async () => {
    await t.close();
    t = await createTestApp({ ...SETTINGS, ...ONE_PER_BAG }, { clock });
    worker = testWorker(t);
    const people = await donors('P', 8, { bloodGroup: 'B+', ...sadar });
    const family = await requester();
    const id = await newRequest(family, { bloodGroup: 'B+', bags: 2 });
    await worker.runDue();
    expect(await alertedFor(id, people)).toEqual(['P01', 'P02']);

    // One bag pledged: the next wave still goes, one donor for the one open bag.
    await pledge(id, people[0] as { id: string });
    clock.advance(30 * MINUTE);
    await worker.runDue();
    expect(await alertedFor(id, people)).toEqual(['P01', 'P02', 'P03']);

    // Every bag pledged: the waves stop.
    await pledge(id, people[2] as { id: string });
    clock.advance(30 * MINUTE);
    await worker.runDue();
    clock.advance(2 * 60 * MINUTE);
    await worker.runDue();
    expect(await alertedFor(id, people)).toEqual(['P01', 'P02', 'P03']);

    // P01 did not come: the bag reopens and a wave goes out now, to someone not yet asked.
    const outcome = await call(
      t,
      'POST',
      `/api/donation-request/${id}/pledges/${await pledgeIdOf(id, family, 'P01')}/outcome`,
      { headers: await bearerFor(t.db, family.id), body: { outcome: 'no_show' } },
    );
    expect(outcome.status).toBe(200);
    await worker.runDue();
    expect(await alertedFor(id, people)).toEqual(['P01', 'P02', 'P03', 'P04']);
    // And goes on while the bag stays open.
    clock.advance(30 * MINUTE);
    await worker.runDue();
    expect(await alertedFor(id, people)).toEqual(['P01', 'P02', 'P03', 'P04', 'P05']);
  });

  it('a withdrawn pledge and more bags each start a wave at once; fewer bags do not', async () => {
    await t.close();
    t = await createTestApp({ ...SETTINGS, ...ONE_PER_BAG }, { clock });
    worker = testWorker(t);
    const people = await donors('P', 8, { bloodGroup: 'B+', ...sadar });
    const family = await requester();
    const id = await newRequest(family, { bloodGroup: 'B+' });
    await worker.runDue();
    await pledge(id, people[0] as { id: string });
    clock.advance(60 * MINUTE);
    await worker.runDue();
    expect(await alertedFor(id, people)).toEqual(['P01']);

    // More bags: two open, a wave of two now.
    const bags = async (n: number) =>
      call(t, 'POST', `/api/donation-request/${id}/bags`, {
        headers: await bearerFor(t.db, family.id),
        body: { bags: n },
      });
    expect((await bags(3)).status).toBe(200);
    await worker.runDue();
    expect(await alertedFor(id, people)).toEqual(['P01', 'P02', 'P03']);

    // Fewer bags (still one open): no wave brought forward.
    expect((await bags(2)).status).toBe(200);
    await worker.runDue();
    expect(await alertedFor(id, people)).toEqual(['P01', 'P02', 'P03']);

    // P01 withdraws: two open again, a wave now.
    const withdrawn = await call(t, 'POST', `/api/donation-request/${id}/withdraw`, {
      headers: await bearerFor(t.db, (people[0] as { id: string }).id),
      body: { reason: 'I fell ill.' },
    });
    expect(withdrawn.status).toBe(200);
    await worker.runDue();
    expect(await alertedFor(id, people)).toEqual(['P01', 'P02', 'P03', 'P04', 'P05']);
  });
});
