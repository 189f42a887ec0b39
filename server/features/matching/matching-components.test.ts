import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BloodComponent } from '../../../common/constants.ts';
import type { MatchResponse } from '../../../common/match-response.schema.ts';
import type { UserResponse } from '../../../common/user-response.schema.ts';
import { bearerFor, createUser, requestForm, type UserOverrides } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { DAY, manualClock } from '../../test/manual-clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Issue 27: who may give, and in what order, follows the request's component; how long a donor
// rests follows what they last gave (decision 031).

const clock = manualClock('2026-06-01T06:00:00.000Z');
let t: TestApp;
beforeEach(async () => {
  clock.set('2026-06-01T06:00:00.000Z');
  t = await createTestApp({}, { clock });
});
afterEach(() => t.close());

const here = { division: 'Khulna', district: 'Jashore', upazila: 'Jashore Sadar' } as const;
const daysAgo = (days: number) => new Date(clock.now().getTime() - days * DAY).toISOString();

/** A donor whose last donation gave `component` (as a donated pledge records it). */
async function donorWhoGave(
  name: string,
  overrides: UserOverrides,
  component: BloodComponent | null,
) {
  const donor = await createUser(t.db, { name, bloodGroup: 'B+', ...here, ...overrides });
  await t.db
    .updateTable('user')
    .set({ lastDonationComponent: component })
    .where('id', '=', donor.id)
    .execute();
  return donor;
}

/** A request made through the API, and the names of its matches in order. */
async function matchesOf(form: Record<string, unknown>) {
  // Hidden from donor search: never among the matches of the next request.
  const requester = await createUser(t.db, { name: 'Requester', searchVisible: false });
  const headers = await bearerFor(t.db, requester.id);
  const made = await call(t, 'POST', '/api/donation-request', {
    headers,
    body: requestForm(form),
  });
  expect(made.status).toBe(201);
  const id = made.body.insertedId as string;
  const res = await call<MatchResponse[]>(t, 'GET', `/api/donation-request/${id}/matches`, {
    headers,
  });
  expect(res.status).toBe(200);
  return res.body.map((m) => m.name);
}

/** One donor of every group, named by it, in Jashore Sadar. */
async function oneOfEachGroup() {
  for (const bloodGroup of ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const) {
    await createUser(t.db, { name: bloodGroup, bloodGroup, ...here });
  }
}

describe(`matching by component (${process.env.TEST_ENGINE})`, () => {
  it('whole blood and red cells: the red-cell rule', async () => {
    await oneOfEachGroup();
    expect(await matchesOf({ bloodGroup: 'A+' })).toEqual(['A+', 'A-', 'O+', 'O-']);
    expect(await matchesOf({ bloodGroup: 'A+', component: 'red_cells' })).toEqual([
      'A+',
      'A-',
      'O+',
      'O-',
    ]);
  });

  it('plasma: the reverse ABO rule, Rh not required, the same ABO group first', async () => {
    await oneOfEachGroup();
    expect(await matchesOf({ bloodGroup: 'A-', component: 'plasma' })).toEqual([
      'A+',
      'A-',
      'AB+',
      'AB-',
    ]);
    expect(await matchesOf({ bloodGroup: 'O+', component: 'plasma' })).toHaveLength(8);
    expect(await matchesOf({ bloodGroup: 'AB+', component: 'plasma' })).toEqual(['AB+', 'AB-']);
  });

  it('platelets: anyone, ABO-identical first; an Rh-negative patient gets Rh-negative donors first', async () => {
    await oneOfEachGroup();
    // Within a rank, by name.
    expect(await matchesOf({ bloodGroup: 'O-', component: 'platelets' })).toEqual([
      'O-',
      'A-',
      'AB-',
      'B-',
      'O+',
      'A+',
      'AB+',
      'B+',
    ]);
    expect(await matchesOf({ bloodGroup: 'B+', component: 'platelets' })).toEqual([
      'B+',
      'B-',
      'A+',
      'A-',
      'AB+',
      'AB-',
      'O+',
      'O-',
    ]);
  });

  it('a donor rests by what they last gave: platelets 14 days, plasma 28, whole blood 120', async () => {
    await donorWhoGave('Platelets 15 days ago', { lastDonationDate: daysAgo(15) }, 'platelets');
    await donorWhoGave('Platelets 10 days ago', { lastDonationDate: daysAgo(10) }, 'platelets');
    await donorWhoGave('Plasma 20 days ago', { lastDonationDate: daysAgo(20) }, 'plasma');
    await donorWhoGave('Plasma 30 days ago', { lastDonationDate: daysAgo(30) }, 'plasma');
    await donorWhoGave('Red cells 100 days ago', { lastDonationDate: daysAgo(100) }, 'red_cells');
    await donorWhoGave('Unknown 100 days ago', { lastDonationDate: daysAgo(100) }, null);
    await donorWhoGave('Unknown 121 days ago', { lastDonationDate: daysAgo(121) }, null);
    await donorWhoGave('Never gave', {}, null);
    const eligible = [
      'Never gave',
      'Plasma 30 days ago',
      'Platelets 15 days ago',
      'Unknown 121 days ago',
    ];
    // The same rest whatever the request asks for: it is what the donor lost that counts.
    for (const component of ['whole_blood', 'platelets', 'plasma'] as const) {
      expect(await matchesOf({ bloodGroup: 'B+', component })).toEqual(eligible);
    }
  });

  it('follows the interval settings', async () => {
    await t.close();
    t = await createTestApp(
      { PLATELETS_INTERVAL_DAYS: '7', PLASMA_INTERVAL_DAYS: '60' },
      { clock },
    );
    await donorWhoGave('Platelets 8 days ago', { lastDonationDate: daysAgo(8) }, 'platelets');
    await donorWhoGave('Plasma 30 days ago', { lastDonationDate: daysAgo(30) }, 'plasma');
    expect(await matchesOf({ bloodGroup: 'B+' })).toEqual(['Platelets 8 days ago']);
  });

  it("the donor's profile tells the day they may give again by what they gave", async () => {
    const donor = await donorWhoGave(
      'Platelet donor',
      { lastDonationDate: '2026-05-25T06:00:00.000Z' },
      'platelets',
    );
    const me = async () =>
      (
        await call<UserResponse>(t, 'GET', '/api/users/me', {
          headers: await bearerFor(t.db, donor.id),
        })
      ).body;
    expect(await me()).toMatchObject({
      eligible: false,
      eligibleAgainOn: '2026-06-08T06:00:00.000Z',
    });
    clock.set('2026-06-08T06:00:00.000Z');
    expect((await me()).eligible).toBe(true);
  });
});
