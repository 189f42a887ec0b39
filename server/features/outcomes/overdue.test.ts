import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { URGENCIES } from '../../../common/constants.ts';
import { OVERDUE_AFTER_MINUTES } from '../../../common/overdue.rules.ts';
import { bearerFor, createRequest, createUser } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { MINUTE, manualClock } from '../../test/manual-clock.ts';
import { createTestApp, type TestApp, testEngine } from '../../test/test-app.ts';

// Issue 29: GET /api/outcomes/overdue lists the open requests older than their urgency allows
// (common/overdue.rules.ts: critical 1 h, urgent 6 h, scheduled 24 h), oldest first, to staff.

const NOW = '2026-06-15T06:00:00.000Z';
const clock = manualClock(NOW);
let t: TestApp;
type Person = Awaited<ReturnType<typeof createUser>>;
let requester: Person;
let volunteer: Person;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  requester = await createUser(t.db, { name: 'Rahima Begum' });
  volunteer = await createUser(t.db, { name: 'Volunteer Nasrin', role: 'volunteer' });
});
afterAll(() => t.close());

/** `minutes` before the test's NOW, as ISO. */
const ago = (minutes: number) => new Date(Date.parse(NOW) - minutes * MINUTE).toISOString();

async function overdue(query = '', user: Person = volunteer) {
  const res = await call(t, 'GET', `/api/outcomes/overdue${query}`, {
    headers: await bearerFor(t.db, user.id),
  });
  expect(res.status).toBe(200);
  return res;
}
const idsOf = (body: unknown) => (body as Array<{ id: string }>).map((row) => row.id);

describe(`GET /api/outcomes/overdue (${testEngine})`, () => {
  // Per urgency: one posted exactly its allowance ago (overdue), one a minute later (not yet).
  const onTheLine: Record<string, string> = {};
  const aMinuteShort: Record<string, string> = {};

  beforeAll(async () => {
    for (const urgency of URGENCIES) {
      const allowed = OVERDUE_AFTER_MINUTES[urgency];
      onTheLine[urgency] = (
        await createRequest(t.db, requester, { urgency, createdAt: ago(allowed) })
      ).id;
      aMinuteShort[urgency] = (
        await createRequest(t.db, requester, { urgency, createdAt: ago(allowed - 1) })
      ).id;
    }
  });

  it('lists a request once it has been open as long as its urgency allows: 1 h critical, 6 h urgent, 24 h scheduled', async () => {
    clock.set(NOW);
    const res = await overdue();
    // Oldest first: scheduled (24 h), urgent (6 h), critical (1 h).
    expect(idsOf(res.body)).toEqual([onTheLine.scheduled, onTheLine.urgent, onTheLine.critical]);
    expect(res.body).toEqual([
      expect.objectContaining({
        urgency: 'scheduled',
        openMinutes: 1440,
        overdueAfterMinutes: 1440,
        bags: 1,
        bagsPledged: 0,
        bloodGroup: 'O+',
        component: 'whole_blood',
        hospitalName: 'Khulna Medical College Hospital',
        district: 'Khulna',
      }),
      expect.objectContaining({ urgency: 'urgent', openMinutes: 360, overdueAfterMinutes: 360 }),
      expect.objectContaining({ urgency: 'critical', openMinutes: 60, overdueAfterMinutes: 60 }),
    ]);
    expect(res.headers.get('X-Total-Count')).toBe('3');

    // A minute on, the others have reached their allowance too.
    clock.set(new Date(Date.parse(NOW) + MINUTE));
    const later = await overdue();
    expect(idsOf(later.body)).toEqual([
      onTheLine.scheduled,
      aMinuteShort.scheduled,
      onTheLine.urgent,
      aMinuteShort.urgent,
      onTheLine.critical,
      aMinuteShort.critical,
    ]);
    clock.set(NOW);
  });

  it('lists only open requests: pending, or in progress with a bag unpledged', async () => {
    clock.set(NOW);
    const donor = await createUser(t.db, { name: 'Donor Karim' });
    const old = ago(3 * 24 * 60);
    const oneOfTwoPledged = await createRequest(t.db, requester, {
      bags: 2,
      donor,
      createdAt: old,
    });
    const fullyPledged = await createRequest(t.db, requester, { donor, createdAt: old });
    const done = await createRequest(t.db, requester, {
      donor,
      status: 'done',
      createdAt: old,
    });
    const canceled = await createRequest(t.db, requester, {
      donor,
      status: 'cancel',
      createdAt: old,
    });
    const res = await overdue();
    const ids = idsOf(res.body);
    expect(ids[0]).toBe(oneOfTwoPledged.id);
    expect(res.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: oneOfTwoPledged.id,
          status: 'inprogress',
          bags: 2,
          bagsPledged: 1,
        }),
      ]),
    );
    for (const closed of [fullyPledged, done, canceled]) expect(ids).not.toContain(closed.id);
    await t.db
      .deleteFrom('donationPledge')
      .where('requestId', 'in', [oneOfTwoPledged.id, fullyPledged.id, done.id, canceled.id])
      .execute();
    await t.db
      .deleteFrom('donationRequest')
      .where('id', 'in', [oneOfTwoPledged.id, fullyPledged.id, done.id, canceled.id])
      .execute();
  });

  it('pages oldest first, by page number and by the next link’s cursor', async () => {
    clock.set(new Date(Date.parse(NOW) + MINUTE));
    const all = idsOf((await overdue()).body);
    expect(all).toHaveLength(6);
    const first = await overdue('?limit=4');
    expect(idsOf(first.body)).toEqual(all.slice(0, 4));
    expect(first.headers.get('X-Total-Count')).toBe('6');
    expect(first.headers.get('Link')).toContain('page=2');
    const second = await overdue('?limit=4&page=2');
    expect(idsOf(second.body)).toEqual(all.slice(4));
    // A cursor past the first page continues from its last row.
    const cursor = Buffer.from(
      JSON.stringify([(first.body as Array<{ createdAt: string }>)[3]?.createdAt, all[3]]),
    ).toString('base64url');
    expect(idsOf((await overdue(`?limit=4&after=${cursor}`)).body)).toEqual(all.slice(4));
    const bad = await call(t, 'GET', '/api/outcomes/overdue?limit=500', {
      headers: await bearerFor(t.db, volunteer.id),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/\w+ \w+/);
    clock.set(NOW);
  });

  it('is for staff: a visitor gets 401, a donor 403, a volunteer and an admin the list', async () => {
    const visitor = await call(t, 'GET', '/api/outcomes/overdue');
    expect(visitor.status).toBe(401);
    const donor = await createUser(t.db, { name: 'Donor Only' });
    const refused = await call(t, 'GET', '/api/outcomes/overdue', {
      headers: await bearerFor(t.db, donor.id),
    });
    expect(refused.status).toBe(403);
    const admin = await createUser(t.db, { name: 'Admin Rafiq', role: 'admin' });
    expect(idsOf((await overdue('', admin)).body)).toHaveLength(3);
    expect(idsOf((await overdue('', volunteer)).body)).toHaveLength(3);
  });
});
