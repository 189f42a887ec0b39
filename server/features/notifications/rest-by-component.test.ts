import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationResponse } from '../../../common/notification-response.schema.ts';
import type { DonationRequestResponse } from '../../../common/request-response.schema.ts';
import type { UserResponse } from '../../../common/user-response.schema.ts';
import { bearerFor, createUser, requestForm } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { DAY, manualClock } from '../../test/manual-clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testWorker } from '../../test/worker.ts';

// Issue 27 (decision 031): a donated pledge records what it gave on the donor, who rests by it;
// the "you may give again" notice comes when that rest ends.

const clock = manualClock();
let t: TestApp;
let worker: ReturnType<typeof testWorker>;
beforeEach(async () => {
  clock.set(new Date());
  t = await createTestApp({ ALERT_MAX_WAVES: '1' }, { clock });
  worker = testWorker(t);
});
afterEach(() => t.close());

const here = { division: 'Khulna', district: 'Jashore', upazila: 'Jashore Sadar' } as const;
/** `days` after the test clock's now, as the API writes instants. */
const inDays = (days: number) => new Date(clock.now().getTime() + days * DAY).toISOString();
const as = async (user: { id: string }) => bearerFor(t.db, user.id);

/**
 * A donor pledges to a one-bag request of `component`, and the family marks it donated.
 * `betweenPledgeAndDonation` runs between the two (a donation recorded elsewhere meanwhile).
 */
async function donate(
  donor: { id: string },
  component: string,
  betweenPledgeAndDonation?: () => Promise<unknown>,
) {
  const family = await createUser(t.db, { name: 'Family', searchVisible: false });
  const made = await call(t, 'POST', '/api/donation-request', {
    headers: await as(family),
    body: requestForm({ ...here, component }),
  });
  expect(made.status).toBe(201);
  const id = made.body.insertedId as string;
  const pledged = await call(t, 'PATCH', `/api/donation-request/${id}`, {
    headers: await as(donor),
    body: { status: 'inprogress' },
  });
  expect(pledged.status).toBe(200);
  await betweenPledgeAndDonation?.();
  const detail = await call<DonationRequestResponse>(t, 'GET', `/api/donation-request/${id}`, {
    headers: await as(family),
  });
  const pledge = detail.body.pledges[0];
  if (!pledge) throw new Error('no pledge');
  const outcome = await call(
    t,
    'POST',
    `/api/donation-request/${id}/pledges/${pledge.id}/outcome`,
    {
      headers: await as(family),
      body: { outcome: 'donated' },
    },
  );
  expect(outcome.status).toBe(200);
}

async function profileOf(user: { id: string }) {
  const res = await call<UserResponse>(t, 'GET', '/api/users/me', { headers: await as(user) });
  expect(res.status).toBe(200);
  return res.body;
}

async function toldToGiveAgain(user: { id: string }) {
  const res = await call<NotificationResponse[]>(t, 'GET', '/api/notifications?limit=100', {
    headers: await as(user),
  });
  return res.body.filter((n) => n.kind === 'eligible-again').length;
}

describe(`rest after a donated pledge, by component (${process.env.TEST_ENGINE})`, () => {
  it('platelets: eligible again, and told so, after 14 days', async () => {
    const donor = await createUser(t.db, { name: 'Donor', bloodGroup: 'B+', ...here });
    await donate(donor, 'platelets');
    expect(await profileOf(donor)).toMatchObject({ eligible: false, eligibleAgainOn: inDays(14) });
    clock.advance(14 * DAY - 1000);
    await worker.runDue();
    expect(await toldToGiveAgain(donor)).toBe(0);
    clock.advance(1000);
    await worker.runDue();
    expect(await toldToGiveAgain(donor)).toBe(1);
    expect((await profileOf(donor)).eligible).toBe(true);
  });

  it('plasma rests 28 days, whole blood 120', async () => {
    const plasma = await createUser(t.db, { name: 'Plasma', bloodGroup: 'B+', ...here });
    const whole = await createUser(t.db, { name: 'Whole', bloodGroup: 'B+', ...here });
    await donate(plasma, 'plasma');
    await donate(whole, 'whole_blood');
    expect((await profileOf(plasma)).eligibleAgainOn).toBe(inDays(28));
    expect((await profileOf(whole)).eligibleAgainOn).toBe(inDays(120));
  });

  it('platelets given while resting from whole blood do not cut that rest short', async () => {
    const donor = await createUser(t.db, { name: 'Donor', bloodGroup: 'B+', ...here });
    // A whole-blood donation 30 days ago, recorded after the pledge (a resting donor may not
    // pledge: issue 30 item 6; staff may still record what the hospital took).
    await donate(donor, 'platelets', () =>
      t.db
        .updateTable('user')
        .set({ lastDonationDate: new Date(clock.now().getTime() - 30 * DAY).toISOString() })
        .where('id', '=', donor.id)
        .execute(),
    );
    // Counted from today as whole blood: 120 days, not 14 (and never less than the 90 left).
    expect((await profileOf(donor)).eligibleAgainOn).toBe(inDays(120));
  });
});
