import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MatchResponse } from '../../../common/match-response.schema.ts';
import { bearerFor, createRequest, createUser, type UserOverrides } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { DAY, manualClock } from '../../test/manual-clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { setPausedUntil } from './availability.repository.ts';

const clock = manualClock('2026-06-01T06:00:00.000Z');
// Matching reads every donor in the country: each test gets a database of its own.
let t: TestApp;
beforeEach(async () => {
  clock.set('2026-06-01T06:00:00.000Z');
  t = await createTestApp({}, { clock });
});
afterEach(() => t.close());

const daysAgo = (days: number) => new Date(clock.now().getTime() - days * DAY).toISOString();

/** A request for an A+ patient in Dumuria (Khulna district, Khulna division). */
async function aPlusRequestWith(donors: Array<[string, UserOverrides]>) {
  const requester = await createUser(t.db, {
    name: 'Requester',
    bloodGroup: 'A+',
    district: 'Khulna',
    upazila: 'Dumuria',
  });
  const request = await createRequest(t.db, requester, {
    bloodGroup: 'A+',
    division: 'Khulna',
    district: 'Khulna',
    upazila: 'Dumuria',
  });
  const made: Record<string, Awaited<ReturnType<typeof createUser>>> = {};
  for (const [name, overrides] of donors)
    made[name] = await createUser(t.db, { name, ...overrides });
  return { requester, request, donors: made };
}

const listMatches = (id: string, headers: Record<string, string>, query = '') =>
  call<MatchResponse[]>(t, 'GET', `/api/donation-request/${id}/matches${query}`, { headers });

const here = { division: 'Khulna', district: 'Khulna', upazila: 'Dumuria' } as const;

describe(`matching donors to a request (${process.env.TEST_ENGINE})`, () => {
  it('lists compatible donors nearest first, the exact group first at each distance, and leaves out the rest', async () => {
    const { requester, request, donors } = await aPlusRequestWith([
      // In Dumuria: two A+ (by name), then O− and A− (other compatible groups, by name).
      ['Dumuria A+ Babul', { ...here, bloodGroup: 'A+' }],
      ['Dumuria A+ Amina', { ...here, bloodGroup: 'A+', lastDonationDate: daysAgo(120) }],
      ['Dumuria O− Omar', { ...here, bloodGroup: 'O-' }],
      ['Dumuria A− Asha', { ...here, bloodGroup: 'A-', lastDonationDate: daysAgo(121) }],
      // Elsewhere in Khulna district (another upazila, or none).
      ['Rupsha O+ Rafiq', { ...here, upazila: 'Rupsha', bloodGroup: 'O+' }],
      ['Khulna A+ Karim', { ...here, upazila: null, bloodGroup: 'A+' }],
      // Elsewhere in Khulna division, then the rest of the country.
      ['Jashore A+ Jamal', { division: 'Khulna', district: 'Jashore', bloodGroup: 'A+' }],
      ['Jashore O− Jui', { division: 'Khulna', district: 'Jashore', bloodGroup: 'O-' }],
      ['Dhaka A+ Dipu', { division: 'Dhaka', district: 'Dhaka', bloodGroup: 'A+' }],
      // Never listed: incompatible, blocked, hidden, not eligible yet, paused.
      ['Dumuria B+ Incompatible', { ...here, bloodGroup: 'B+' }],
      ['Dumuria AB+ Incompatible', { ...here, bloodGroup: 'AB+' }],
      ['Dumuria A+ Blocked', { ...here, bloodGroup: 'A+', status: 'block' }],
      ['Dumuria A+ Hidden', { ...here, bloodGroup: 'A+', searchVisible: false }],
      [
        'Dumuria A+ Donated 119 days ago',
        { ...here, bloodGroup: 'A+', lastDonationDate: daysAgo(119) },
      ],
      ['Dumuria A+ Paused', { ...here, bloodGroup: 'A+' }],
    ]);
    const paused = donors['Dumuria A+ Paused'];
    if (!paused) throw new Error('missing donor');
    await setPausedUntil(t.db, paused.id, new Date(clock.now().getTime() + DAY).toISOString());

    const res = await listMatches(request.id, await bearerFor(t.db, requester.id), '?limit=100');
    expect(res.status).toBe(200);
    expect(res.body.map((m) => [m.name, m.distance, m.exactGroup])).toEqual([
      ['Dumuria A+ Amina', 'upazila', true],
      ['Dumuria A+ Babul', 'upazila', true],
      ['Dumuria A− Asha', 'upazila', false],
      ['Dumuria O− Omar', 'upazila', false],
      ['Khulna A+ Karim', 'district', true],
      ['Rupsha O+ Rafiq', 'district', false],
      ['Jashore A+ Jamal', 'division', true],
      ['Jashore O− Jui', 'division', false],
      ['Dhaka A+ Dipu', 'country', true],
    ]);
    // The requester is an A+ donor in Dumuria too, and never their own match.
    expect(res.body.map((m) => m.id)).not.toContain(requester.id);
    expect(res.headers.get('X-Total-Count')).toBe('9');
  });

  it('pages through the same order', async () => {
    const { requester, request } = await aPlusRequestWith([
      ['P1', { ...here, bloodGroup: 'A+' }],
      ['P2', { ...here, bloodGroup: 'O-' }],
      ['P3', { ...here, upazila: 'Rupsha', bloodGroup: 'A+' }],
      ['P4', { division: 'Khulna', district: 'Jashore', bloodGroup: 'A-' }],
      ['P5', { division: 'Dhaka', district: 'Dhaka', bloodGroup: 'O+' }],
    ]);
    const headers = await bearerFor(t.db, requester.id);
    const all = (await listMatches(request.id, headers, '?limit=100')).body.map((m) => m.id);
    const pages: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await listMatches(request.id, headers, `?limit=2&page=${page}`);
      expect(res.headers.get('X-Total-Count')).toBe(String(all.length));
      pages.push(...res.body.map((m) => m.id));
    }
    expect(pages).toEqual(all);
    const keyset = await listMatches(request.id, headers, '?after=abc');
    expect(keyset.status).toBe(400);
    expect(keyset.body).toMatchObject({ error: { message: /numbered pages only/ } });
  });

  it('shows the list to the requester and staff only, and the nearby count to anyone signed in', async () => {
    const { request, requester } = await aPlusRequestWith([
      ['Near 1', { ...here, bloodGroup: 'A+' }],
      ['Near 2', { ...here, upazila: 'Rupsha', bloodGroup: 'O-' }],
      ['Same division, not nearby', { division: 'Khulna', district: 'Jashore', bloodGroup: 'A+' }],
    ]);
    const stranger = await createUser(t.db, { bloodGroup: 'B+', district: 'Dhaka' });
    const volunteer = await createUser(t.db, { role: 'volunteer', bloodGroup: 'B+' });
    const strangerHeaders = await bearerFor(t.db, stranger.id);
    const refused = await listMatches(request.id, strangerHeaders);
    expect(refused.status).toBe(403);
    expect((await listMatches(request.id, await bearerFor(t.db, volunteer.id))).status).toBe(200);
    expect((await listMatches(request.id, {})).status).toBe(401);

    const count = await call(t, 'GET', `/api/donation-request/${request.id}/matches/count`, {
      headers: strangerHeaders,
    });
    expect(count.status).toBe(200);
    // In the request's district: the two near donors (the stranger is B+ and in Dhaka); anywhere:
    // the three the requester's list holds, by the same rule (issue 30 item 7).
    expect(count.body).toEqual({ nearby: 2, capped: false, anywhere: 3, anywhereCapped: false });
    const list = await listMatches(request.id, await bearerFor(t.db, requester.id));
    expect(list.headers.get('X-Total-Count')).toBe(String(count.body.anywhere));
    const missing = '0190a0a0-0000-7000-8000-00000000dead';
    expect((await listMatches(missing, strangerHeaders)).status).toBe(404);
  });

  it('counts nearby donors only up to the cap, and says so', async () => {
    const { request } = await aPlusRequestWith([]);
    for (let i = 0; i < 101; i++) await createUser(t.db, { ...here, bloodGroup: 'O-' });
    const viewer = await createUser(t.db, { bloodGroup: 'B+', district: 'Dhaka' });
    const count = await call(t, 'GET', `/api/donation-request/${request.id}/matches/count`, {
      headers: await bearerFor(t.db, viewer.id),
    });
    expect(count.body).toEqual({ nearby: 100, capped: true, anywhere: 101, anywhereCapped: false });
  });
});

describe(`availability, apart from eligibility (${process.env.TEST_ENGINE})`, () => {
  it('a pause set on the profile hides the donor from matches and shows on the search card, and ends by itself on its date', async () => {
    const start = clock.now();
    try {
      const { requester, request, donors } = await aPlusRequestWith([
        ['Pausing Parvin', { ...here, bloodGroup: 'A+' }],
      ]);
      const parvin = donors['Pausing Parvin'];
      if (!parvin) throw new Error('missing donor');
      const parvinHeaders = await bearerFor(t.db, parvin.id);
      // Tomorrow in Dhaka, as the date input sends it (the schema checks real dates).
      const tomorrow = new Date(Date.now() + 6 * 3_600_000 + DAY).toISOString().slice(0, 10);
      clock.set(new Date());
      const set = await call(t, 'PUT', '/api/users/me/availability', {
        headers: parvinHeaders,
        body: { available: false, until: tomorrow },
      });
      expect(set.status).toBe(200);

      const requesterHeaders = await bearerFor(t.db, requester.id);
      const names = async () =>
        (await listMatches(request.id, requesterHeaders)).body.map((m) => m.name);
      const card = async () =>
        (
          await call(t, 'GET', '/api/users/donor?bloodGroup=A%2B&upazila=Dumuria&limit=100', {
            headers: requesterHeaders,
          })
        ).body.find((d: { id: string }) => d.id === parvin.id);
      expect(await names()).not.toContain('Pausing Parvin');
      expect(await card()).toMatchObject({
        eligible: true,
        available: false,
        availableAgainOn: tomorrow,
      });
      const me = await call(t, 'GET', '/api/users/me', { headers: parvinHeaders });
      expect(me.body).toMatchObject({ available: false, availableAgainOn: tomorrow });

      // The day begins in Dhaka: nothing was done, and she is available again.
      clock.set(new Date(`${tomorrow}T00:00:00+06:00`));
      expect(await names()).toContain('Pausing Parvin');
      expect(await card()).toMatchObject({ available: true, availableAgainOn: null });

      // Paused until she turns it back on: no date ends it; turning it on does.
      await call(t, 'PUT', '/api/users/me/availability', {
        headers: parvinHeaders,
        body: { available: false, until: null },
      });
      clock.advance(400 * DAY);
      expect(await names()).not.toContain('Pausing Parvin');
      expect(
        (await call(t, 'GET', '/api/users/me', { headers: parvinHeaders })).body,
      ).toMatchObject({ available: false, availableAgainOn: null });
      await call(t, 'PUT', '/api/users/me/availability', {
        headers: parvinHeaders,
        body: { available: true },
      });
      expect(await names()).toContain('Pausing Parvin');
    } finally {
      clock.set(start);
    }
  });

  it('refuses a pause in the past or without a date field, in plain words', async () => {
    const donor = await createUser(t.db);
    const headers = await bearerFor(t.db, donor.id);
    const past = await call(t, 'PUT', '/api/users/me/availability', {
      headers,
      body: { available: false, until: '2020-01-01' },
    });
    expect(past.status).toBe(400);
    expect(past.body.error.message).toMatch(/after today/);
    const odd = await call(t, 'PUT', '/api/users/me/availability', {
      headers,
      body: { available: 'no' },
    });
    expect(odd.status).toBe(400);
    expect(
      (await call(t, 'PUT', '/api/users/me/availability', { body: { available: true } })).status,
    ).toBe(401);
  });

  it('eligibility follows the donation interval apart from the pause: not at 119 days, at 120 and 121', async () => {
    const { requester, request } = await aPlusRequestWith([
      ['Gave 119 days ago', { ...here, bloodGroup: 'A+', lastDonationDate: daysAgo(119) }],
      ['Gave 120 days ago', { ...here, bloodGroup: 'A+', lastDonationDate: daysAgo(120) }],
      ['Gave 121 days ago', { ...here, bloodGroup: 'A+', lastDonationDate: daysAgo(121) }],
    ]);
    const names = (await listMatches(request.id, await bearerFor(t.db, requester.id))).body.map(
      (m) => m.name,
    );
    expect(names).toEqual(['Gave 120 days ago', 'Gave 121 days ago']);
  });
});
