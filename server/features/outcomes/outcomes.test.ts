import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInDhaka } from '../../../common/dhaka-date.ts';
import { inTransaction } from '../../db/transaction.ts';
import { bearerFor, createUser, dhakaDate, requestForm } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { DAY, MINUTE, manualClock } from '../../test/manual-clock.ts';
import { createTestApp, type TestApp, testEngine } from '../../test/test-app.ts';
import { testWorker } from '../../test/worker.ts';
import { emit } from '../requests/request-events.ts';
import { sweepRequestLifecycle } from '../requests/sweep.ts';
import { recordAlertSent } from './timeline.repository.ts';

// Issue 29 (decision 034): each request's timeline, written in its change's transaction, and the
// measures GET /api/outcomes computes from the daily counts, on a small world whose clock the
// test moves.

const clock = manualClock();
let t: TestApp;
type Person = Awaited<ReturnType<typeof createUser>>;
let requester: Person;

beforeAll(async () => {
  t = await createTestApp(
    {
      MAX_OPEN_REQUESTS_PER_USER: '50',
      ALERT_WAVE_SIZE: '2',
      ALERT_WAVE_MINUTES: '30',
      ALERT_MAX_WAVES: '1',
    },
    { clock },
  );
  requester = await createUser(t.db, { name: 'Rahima Begum', bloodGroup: 'A+' });
});
afterAll(() => t.close());

async function as(user: { id: string }, method: string, path: string, body?: unknown) {
  return call(t, method, path, { headers: await bearerFor(t.db, user.id), body });
}

let made = 0;
/** A request posted through the API now (by the test's clock); answers its id. */
async function post(overrides: Record<string, unknown> = {}) {
  made += 1;
  const res = await as(requester, 'POST', '/api/donation-request', {
    ...requestForm({ recipientName: `Patient ${made}`, donationDate: dhakaDate(2) }),
    ...overrides,
  });
  expect(res.status).toBe(201);
  return res.body.insertedId as string;
}

async function donor() {
  return createUser(t.db, { name: `Donor ${++made}` });
}

async function pledge(requestId: string, person: Person) {
  const res = await as(person, 'PATCH', `/api/donation-request/${requestId}`, {
    status: 'inprogress',
  });
  expect(res.status).toBe(200);
  const row = await t.db
    .selectFrom('donationPledge')
    .select('id')
    .where('requestId', '=', requestId)
    .where('donorId', '=', person.id)
    .where('status', '=', 'pledged')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function settle(requestId: string, pledgeId: string, outcome: 'donated' | 'no_show') {
  const res = await as(
    requester,
    'POST',
    `/api/donation-request/${requestId}/pledges/${pledgeId}/outcome`,
    { outcome },
  );
  expect(res.status).toBe(200);
}

const timeline = async (requestId: string) =>
  (
    await t.db
      .selectFrom('requestTimeline')
      .select(['kind', 'channel'])
      .where('requestId', '=', requestId)
      .orderBy('at')
      .orderBy('id')
      .execute()
  ).map((row) => (row.channel ? `${row.kind}:${row.channel}` : row.kind));

const outcomes = async (query = '') => {
  const res = await call(t, 'GET', `/api/outcomes${query}`);
  expect(res.status).toBe(200);
  return res.body;
};

describe(`a request's timeline (${testEngine})`, () => {
  it('records each event as it happens: created, the wave and its alerts, pledges, a withdrawal, a did-not-come, each bag donated, done', async () => {
    const people = [];
    for (const name of ['Alert One', 'Alert Two'])
      people.push(
        await createUser(t.db, {
          name,
          bloodGroup: 'B+',
          division: 'Khulna',
          district: 'Jashore',
          upazila: 'Jashore Sadar',
        }),
      );
    const id = await post({ bags: 2 });
    await testWorker(t).runDue();
    expect(await timeline(id)).toEqual(['created', 'wave', 'alert:in_app', 'alert:in_app']);

    const [a, b, c] = [await donor(), await donor(), await donor()];
    clock.advance(MINUTE);
    const pa = await pledge(id, a);
    clock.advance(MINUTE);
    await pledge(id, b);
    clock.advance(MINUTE);
    const withdrawn = await as(b, 'POST', `/api/donation-request/${id}/withdraw`, {
      reason: 'I fell ill',
    });
    expect(withdrawn.status).toBe(200);
    clock.advance(MINUTE);
    const pc = await pledge(id, c);
    clock.advance(MINUTE);
    await settle(id, pc, 'no_show');
    clock.advance(MINUTE);
    await settle(id, pa, 'donated');
    clock.advance(MINUTE);
    const pb = await pledge(id, b);
    clock.advance(MINUTE);
    await settle(id, pb, 'donated');
    expect((await timeline(id)).slice(4)).toEqual([
      'pledged',
      'pledged',
      'all_pledged',
      'withdrawn',
      'pledged',
      'no_show',
      'donated',
      'pledged',
      'donated',
      'done',
    ]);
  });

  it('closing as done settles each standing pledge as a bag donated, and counts the request served on time', async () => {
    const id = await post({ bags: 2 });
    await pledge(id, await donor());
    await pledge(id, await donor());
    const res = await as(requester, 'PATCH', `/api/donation-request/${id}`, { status: 'done' });
    expect(res.status).toBe(200);
    expect(await timeline(id)).toEqual([
      'created',
      'pledged',
      'pledged',
      'all_pledged',
      'donated',
      'donated',
      'done',
    ]);
    expect(
      await t.db
        .selectFrom('requestOutcome')
        .select(['bags', 'bagsDonated', 'servedOnTime'])
        .where('requestId', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ bags: 2, bagsDonated: 2, servedOnTime: 1 });
  });

  it('records canceled, removed and expired', async () => {
    // The family cancels a request in progress (a pending one is deleted, not canceled).
    const canceled = await post();
    await pledge(canceled, await donor());
    const res = await as(requester, 'PATCH', `/api/donation-request/${canceled}`, {
      status: 'cancel',
    });
    expect(res.status).toBe(200);
    expect(await timeline(canceled)).toEqual(['created', 'pledged', 'all_pledged', 'canceled']);

    const removed = await post();
    const admin = await createUser(t.db, { role: 'admin' });
    const taken = await as(admin, 'POST', `/api/donation-request/${removed}/remove`, {
      reason: 'A fake request',
    });
    expect(taken.status).toBe(200);
    expect(await timeline(removed)).toEqual(['created', 'removed']);

    const expired = await post({ donationDate: dhakaDate(1) });
    clock.advance(3 * DAY);
    await sweepRequestLifecycle(t.db, { now: clock.now(), closeAfterDays: 7 });
    expect(await timeline(expired)).toEqual(['created', 'expired']);
  });

  it('writes nothing when the change rolls back: its timeline rows and counts go with it', async () => {
    const id = await post();
    const before = await outcomes(`?from=${todayInDhaka(clock.now())}`);
    await expect(
      inTransaction(t.db, async (trx) => {
        await emit(
          trx,
          {
            type: 'pledged',
            requestId: id,
            pledgeId: 'x',
            actorId: 'y',
            donorId: 'y',
            bagsOpen: 0,
          },
          clock.now(),
        );
        await recordAlertSent(trx, {
          requestId: id,
          at: clock.now(),
          channels: ['in_app', 'email'],
        });
        const inside = await trx
          .selectFrom('requestTimeline')
          .select('kind')
          .where('requestId', '=', id)
          .execute();
        expect(inside.map((row) => row.kind).sort()).toEqual([
          'alert',
          'alert',
          'created',
          'pledged',
          'wave',
        ]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await timeline(id)).toEqual(['created']);
    expect(await outcomes(`?from=${todayInDhaka(clock.now())}`)).toEqual(before);
  });
});

describe(`the measures of GET /api/outcomes (${testEngine})`, () => {
  // Plasma only here (the other tests ask for whole blood), so the filter isolates this world.
  const plasma = '&component=plasma';
  let day = '';

  beforeAll(async () => {
    // 10:00 in Dhaka today: the whole story happens on one Dhaka day.
    day = dhakaDate(0);
    clock.set(`${day}T04:00:00Z`);
    const critical = [];
    for (let i = 0; i < 6; i++)
      critical.push(await post({ component: 'plasma', urgency: 'critical' }));
    const urgent = [await post({ component: 'plasma', urgency: 'urgent' })];
    urgent.push(await post({ component: 'plasma', urgency: 'urgent' }));
    // 10 alerts about the critical ones, 4 of them by email too (as a wave's notify records them).
    for (let i = 0; i < 10; i++) {
      await recordAlertSent(t.db, {
        requestId: critical[i % 6] as string,
        at: clock.now(),
        channels: i < 4 ? ['in_app', 'email'] : ['in_app'],
      });
    }
    // First pledges after 3, 7, 20, 45 and 90 minutes; the sixth request gets none.
    const pledges: string[] = [];
    const donors: Person[] = [];
    let elapsed = 0;
    for (const [i, minutes] of [3, 7, 20, 45, 90].entries()) {
      clock.advance((minutes - elapsed) * MINUTE);
      elapsed = minutes;
      const person = await donor();
      donors.push(person);
      pledges.push(await pledge(critical[i] as string, person));
    }
    const urgentDonor = await donor();
    const urgentPledge = await pledge(urgent[0] as string, urgentDonor);
    clock.advance(MINUTE);
    await settle(critical[0] as string, pledges[0] as string, 'donated');
    await settle(critical[1] as string, pledges[1] as string, 'donated');
    await settle(critical[3] as string, pledges[3] as string, 'no_show');
    await settle(urgent[0] as string, urgentPledge, 'donated');
    const withdrawn = await as(
      donors[2] as Person,
      'POST',
      `/api/donation-request/${critical[2]}/withdraw`,
      { reason: 'I fell ill' },
    );
    expect(withdrawn.status).toBe(200);
  });

  it('carries an ETag, and answers a caller holding it 304 (issue 32)', async () => {
    const first = await call(t, 'GET', '/api/outcomes');
    expect(first.status).toBe(200);
    const tag = first.headers.get('etag') ?? '';
    expect(tag).not.toBe('');
    const again = await call(t, 'GET', '/api/outcomes', { headers: { 'if-none-match': tag } });
    expect(again.status).toBe(304);
    const other = await call(t, 'GET', '/api/outcomes?groupBy=urgency', {
      headers: { 'if-none-match': tag },
    });
    expect(other.status).toBe(200);
  });

  it('computes each measure of a small, known world', async () => {
    const body = await outcomes(`?from=${day}&to=${day}${plasma}&urgency=critical`);
    expect(body.total).toEqual({
      suppressed: false,
      requests: 6,
      bagsRequested: 6,
      bagsDonated: 2,
      fulfilmentRate: 0.333,
      // Both donated requests had their bag pledged before it was needed.
      servedOnTimeRate: 0.333,
      // Waits 3, 7, 20, 45, 90 minutes: the median falls in [15, 30), the 90th in [60, 120).
      firstPledgeMedianMinutes: 30,
      firstPledgeP90Minutes: 120,
      allPledgedMedianMinutes: 30,
      allPledgedP90Minutes: 120,
      alertsSent: 10,
      alertsPerBagDonated: 5,
      acceptanceRate: 0.5,
      withdrawalRate: 0.2,
      noShowRate: 0.2,
    });
  });

  it('withholds every figure of a cell of fewer than 5 requests, on the server', async () => {
    const body = await outcomes(`?from=${day}&to=${day}${plasma}&groupBy=urgency`);
    const byKey = Object.fromEntries(
      body.groups.map((g: { key: string; measures: unknown }) => [g.key, g.measures]),
    );
    expect(byKey.critical).toMatchObject({ suppressed: false, requests: 6 });
    expect(byKey.urgent).toEqual({
      suppressed: true,
      requests: null,
      bagsRequested: null,
      bagsDonated: null,
      fulfilmentRate: null,
      servedOnTimeRate: null,
      firstPledgeMedianMinutes: null,
      firstPledgeP90Minutes: null,
      allPledgedMedianMinutes: null,
      allPledgedP90Minutes: null,
      alertsSent: null,
      alertsPerBagDonated: null,
      acceptanceRate: null,
      withdrawalRate: null,
      noShowRate: null,
    });
    // The whole: 8 requests, 3 bags donated.
    expect(body.total).toMatchObject({ requests: 8, bagsDonated: 3, suppressed: false });
    // A filter down to the 2 urgent ones is withheld just the same.
    expect((await outcomes(`?from=${day}&to=${day}${plasma}&urgency=urgent`)).total).toMatchObject({
      suppressed: true,
      requests: null,
    });
  });

  it('groups by month, division, component and blood group, and counts nothing outside the period', async () => {
    const month = await outcomes(`?from=${day.slice(0, 7)}-01&to=${day}${plasma}&groupBy=month`);
    expect(month.groups).toEqual([
      { key: day.slice(0, 7), measures: expect.objectContaining({ requests: 8 }) },
    ]);
    const division = await outcomes(`?from=${day}&to=${day}${plasma}&groupBy=division`);
    expect(division.groups.map((g: { key: string }) => g.key)).toEqual(['Khulna']);
    const group = await outcomes(`?from=${day}&to=${day}&component=plasma&groupBy=bloodGroup`);
    expect(group.groups).toEqual([
      { key: 'B+', measures: expect.objectContaining({ requests: 8 }) },
    ]);
    const before = await outcomes(`?from=2020-01-01&to=2020-12-31${plasma}`);
    expect(before.total).toMatchObject({ suppressed: true, requests: null });
  });

  it('groups by day over the last 30 days unless told (the staff dashboard), reading day rows only, at most 31 days', async () => {
    const last30 = await outcomes(`?groupBy=day${plasma}`);
    expect(last30.to).toBe(day);
    expect(last30.from).toBe(addDays(day, -29));
    expect(last30.groups).toEqual([
      { key: day, measures: expect.objectContaining({ requests: 8, bagsDonated: 3 }) },
    ]);
    // A whole month grouped by day is still its days, not the month's one row.
    const first = `${day.slice(0, 7)}-01`;
    const next = new Date(`${first}T00:00:00Z`);
    next.setUTCMonth(next.getUTCMonth() + 1);
    const last = addDays(next.toISOString().slice(0, 10), -1);
    const month = await outcomes(`?from=${first}&to=${last}&groupBy=day${plasma}`);
    expect(month.groups.map((g: { key: string }) => g.key)).toEqual([day]);
    const tooLong = await call(t, 'GET', '/api/outcomes?groupBy=day&from=2026-01-01&to=2026-02-01');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.message).toBe(
      'Grouped by day, please ask for at most 31 days at a time.',
    );
  });

  it('answers aggregates only: no request id, name or email', async () => {
    const text = JSON.stringify(await outcomes(`?groupBy=division`));
    const names = await t.db
      .selectFrom('donationRequest')
      .select(['id', 'recipientName'])
      .execute();
    for (const row of names) {
      expect(text).not.toContain(row.id);
      expect(text).not.toContain(row.recipientName);
    }
    expect(text).not.toContain('@');
  });

  it('refuses a bad period in words, with a 400', async () => {
    for (const query of [
      '?from=2026-02-30',
      '?from=2026-03-01&to=2026-02-01',
      '?from=2015-01-01&to=2026-01-01',
      '?groupBy=name',
    ]) {
      const res = await call(t, 'GET', `/api/outcomes${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.message, query).toMatch(/\w+ \w+/);
    }
  });
});
