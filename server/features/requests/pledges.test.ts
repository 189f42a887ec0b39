import { beforeEach, describe, expect, it } from 'vitest';
import { createRequest, createUser, dhakaDate } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { testEngine } from '../../test/test-app.ts';
import { setUpTrustWorld, type User } from '../../test/trust-world.ts';

// Issue 27 (decision 030): a request asks for several bags; each donor who accepts pledges one
// bag through the SPEC's donate call; the requester (or staff) marks each pledge donated or
// did-not-come; a donor may withdraw their own pledge.

const w = setUpTrustWorld();

// The world's donors give in many tests; each test starts with them rested, as a resting donor
// may not pledge (issue 30 item 6).
beforeEach(async () => {
  await w.t.db
    .updateTable('user')
    .set({ lastDonationDate: null, lastDonationComponent: null })
    .where(
      'id',
      'in',
      w.donors.map((d) => d.id),
    )
    .execute();
});

const donate = (user: User, id: string) =>
  w.callAs(user, 'PATCH', `/api/donation-request/${id}`, { status: 'inprogress' });
const outcome = (user: User, id: string, pledgeId: string, value: string) =>
  w.callAs(user, 'POST', `/api/donation-request/${id}/pledges/${pledgeId}/outcome`, {
    outcome: value,
  });
const detail = (user: User, id: string) =>
  w.callAs(user, 'GET', `/api/donation-request/${id}`).then((res) => res.body);
const publicIds = async (query = '') => {
  const res = await call(w.t, 'GET', `/api/donation-request?status=pending&limit=100${query}`);
  expect(res.status).toBe(200);
  return res.body.map((r: { id: string }) => r.id) as string[];
};
/** The stored request and its pledges. */
async function stored(id: string) {
  const request = await w.t.db
    .selectFrom('donationRequest')
    .select(['status', 'bags', 'bagsPledged', 'bagsDonated', 'donorId'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const pledges = await w.t.db
    .selectFrom('donationPledge')
    .select(['id', 'donorId', 'status'])
    .where('requestId', '=', id)
    .orderBy('pledgedAt')
    .orderBy('id')
    .execute();
  return { ...request, pledges };
}
const pledgeOf = async (requestId: string, donor: User) =>
  (await stored(requestId)).pledges.find((p) => p.donorId === donor.id && p.status === 'pledged')
    ?.id ?? '';

const platelets = { bags: 4, component: 'platelets' as const, urgency: 'critical' as const };

describe(`posting a request with bags (${testEngine})`, () => {
  const base = {
    recipientName: 'Karim Uddin',
    bloodGroup: 'A+',
    division: 'Khulna',
    district: 'Khulna',
    hospitalName: 'Khulna Medical College Hospital',
    fullAddress: 'KDA Avenue, Khulna',
    donationDate: dhakaDate(2),
    donationTime: '09:00',
    requestMessage: 'Dengue, platelets needed.',
  };

  it('stores bags, component and urgency, and a client that sends none asks for one bag of whole blood, scheduled', async () => {
    const requester = await createUser(w.t.db);
    const made = await w.callAs(requester, 'POST', '/api/donation-request', {
      ...base,
      ...platelets,
    });
    expect(made.status).toBe(201);
    expect(await detail(requester, made.body.insertedId)).toMatchObject({
      bags: 4,
      component: 'platelets',
      urgency: 'critical',
      bagsPledged: 0,
      bagsDonated: 0,
      pledges: [],
      status: 'pending',
    });
    const plain = await w.callAs(requester, 'POST', '/api/donation-request', {
      ...base,
      recipientName: 'Someone Else',
    });
    expect(plain.status).toBe(201);
    expect(await detail(requester, plain.body.insertedId)).toMatchObject({
      bags: 1,
      component: 'whole_blood',
      urgency: 'scheduled',
    });
  });

  it.each([
    [{ bags: 0 }, 'bags', 'Please ask for 1 to 10 bags (a whole number).'],
    [{ bags: 11 }, 'bags', 'Please ask for 1 to 10 bags (a whole number).'],
    [{ bags: 2.5 }, 'bags', 'Please ask for 1 to 10 bags (a whole number).'],
    [
      { component: 'blood' },
      'component',
      'Please choose the blood component: one of whole_blood, red_cells, platelets, plasma.',
    ],
    [
      { urgency: 'soon' },
      'urgency',
      'Please choose how urgent it is: one of critical, urgent, scheduled.',
    ],
  ])('refuses %j with a 400 in words, storing nothing', async (bad, field, words) => {
    const requester = await createUser(w.t.db);
    const res = await w.callAs(requester, 'POST', '/api/donation-request', { ...base, ...bad });
    expect(res.status).toBe(400);
    expect(res.body.error.details[field]).toBe(words);
    const mine = await w.t.db
      .selectFrom('donationRequest')
      .select('id')
      .where('requesterId', '=', requester.id)
      .execute();
    expect(mine).toEqual([]);
  });

  it('refuses a duplicate with the open request’s id, whose bags the family then raises', async () => {
    const requester = await createUser(w.t.db);
    const first = await w.callAs(requester, 'POST', '/api/donation-request', base);
    const again = await w.callAs(requester, 'POST', '/api/donation-request', base);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'DUPLICATE_REQUEST',
      requestId: first.body.insertedId,
    });
    const raised = await w.callAs(
      requester,
      'POST',
      `/api/donation-request/${again.body.error.requestId}/bags`,
      { bags: 3 },
    );
    expect(raised.status).toBe(200);
    expect((await stored(first.body.insertedId)).bags).toBe(3);
  });
});

describe(`pledging (${testEngine})`, () => {
  it('a 4-bag platelet request takes exactly 4 pledges when 50 donors race for it', async () => {
    const request = await createRequest(w.t.db, w.requester, platelets);
    const donors = await Promise.all(
      Array.from({ length: 50 }, (_, n) => createUser(w.t.db, { name: `Racer ${n}` })),
    );
    for (const donor of donors) await w.as(donor); // tokens first: the race is the pledges only
    const answers = await Promise.all(donors.map((donor) => donate(donor, request.id)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    expect(statuses.filter((s) => s === 409)).toHaveLength(46);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.error).toEqual({
        code: 'REQUEST_FULL',
        message: 'Every bag of this request already has a donor.',
      });
    }
    const after = await stored(request.id);
    expect(after).toMatchObject({ status: 'inprogress', bagsPledged: 4, bagsDonated: 0 });
    expect(after.pledges.filter((p) => p.status === 'pledged')).toHaveLength(4);
    const winners = donors.filter((_, n) => answers[n]?.status === 200).map((d) => d.id);
    expect(after.pledges.map((p) => p.donorId).sort()).toEqual(winners.sort());
    // Every bag pledged: off the public list.
    expect(await publicIds()).not.toContain(request.id);
  });

  it('stays listed and in progress while a bag is open, and shows "2 of 4"', async () => {
    const request = await createRequest(w.t.db, w.requester, platelets);
    expect((await donate(w.donors[0], request.id)).status).toBe(200);
    expect((await donate(w.donors[1], request.id)).status).toBe(200);
    expect(await publicIds()).toContain(request.id);
    const seen = await call(w.t, 'GET', '/api/donation-request?status=pending&limit=100');
    const card = seen.body.find((r: { id: string }) => r.id === request.id);
    // Counts are public; who pledged is not.
    expect(card).toMatchObject({ status: 'inprogress', bags: 4, bagsPledged: 2, pledges: [] });
    // The earliest pledge's donor is the one a one-bag client shows.
    expect(card.donorName).toBe('Donor One');
  });

  it('refuses a second pledge by the same donor, changing nothing', async () => {
    const request = await createRequest(w.t.db, w.requester, platelets);
    expect((await donate(w.donors[0], request.id)).status).toBe(200);
    const again = await donate(w.donors[0], request.id);
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({
      code: 'ALREADY_PLEDGED',
      message: 'You have already pledged a bag to this request.',
    });
    expect(await stored(request.id)).toMatchObject({ bagsPledged: 1 });
    expect((await stored(request.id)).pledges).toHaveLength(1);
  });

  it('refuses a donor still resting on the request’s date, saying from when, and changes nothing', async () => {
    // 115 days after a whole-blood donation: 5 more days of the 120-day rest (issue 30 item 6).
    const lastDonationDate = new Date(w.clock.now().getTime() - 115 * 86_400_000).toISOString();
    const resting = await createUser(w.t.db, { lastDonationDate });
    const soon = await createRequest(w.t.db, w.requester, { donationDate: dhakaDate(2) });
    const refused = await donate(resting, soon.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'NOT_ELIGIBLE_YET',
      message: `You are still resting from your last donation: you can give again from ${dhakaDate(5)}, after this request's date. Thank you for wanting to help.`,
    });
    expect(await stored(soon.id)).toMatchObject({ status: 'pending', bagsPledged: 0, pledges: [] });
    // A request on the day the rest ends is theirs to accept.
    const later = await createRequest(w.t.db, w.requester, { donationDate: dhakaDate(5) });
    expect((await donate(resting, later.id)).status).toBe(200);
  });

  it('refuses the requester’s own pledge', async () => {
    const request = await createRequest(w.t.db, w.requester, platelets);
    const own = await donate(w.requester, request.id);
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe('OWN_REQUEST');
  });

  it('shows every pledge to the requester and staff, one’s own to a donor, none to others', async () => {
    const request = await createRequest(w.t.db, w.requester, platelets);
    await donate(w.donors[0], request.id);
    await donate(w.donors[1], request.id);
    const names = (body: { pledges: Array<{ donorName: string }> }) =>
      body.pledges.map((p) => p.donorName);
    expect(names(await detail(w.requester, request.id))).toEqual(['Donor One', 'Donor Two']);
    expect(names(await detail(w.volunteer, request.id))).toEqual(['Donor One', 'Donor Two']);
    expect(names(await detail(w.donors[1], request.id))).toEqual(['Donor Two']);
    expect(names(await detail(w.donors[2], request.id))).toEqual([]);
  });
});

describe(`a pledge's outcome (${testEngine})`, () => {
  it('a did-not-come reopens the bag: its event is emitted and the request is listed again', async () => {
    const request = await createRequest(w.t.db, w.requester, { ...platelets, bags: 2 });
    await donate(w.donors[0], request.id);
    await donate(w.donors[1], request.id);
    expect(await publicIds()).not.toContain(request.id);
    await w.clearEvents();
    const pledgeId = await pledgeOf(request.id, w.donors[1]);
    const res = await outcome(w.requester, request.id, pledgeId, 'no_show');
    expect(res.status).toBe(200);
    expect(await w.events()).toEqual([
      {
        type: 'pledge_no_show',
        requestId: request.id,
        pledgeId,
        actorId: w.requester.id,
        requesterId: w.requester.id,
        donorId: w.donors[1].id,
        bagsOpen: 1,
      },
    ]);
    expect(await stored(request.id)).toMatchObject({ status: 'inprogress', bagsPledged: 1 });
    expect(await publicIds()).toContain(request.id);
    // Someone else can take the bag.
    expect((await donate(w.donors[2], request.id)).status).toBe(200);
  });

  it('a did-not-come on the only pledge makes the request pending again, with no donor shown', async () => {
    const request = await createRequest(w.t.db, w.requester, { donor: w.donors[0] });
    const pledgeId = await pledgeOf(request.id, w.donors[0]);
    expect((await outcome(w.requester, request.id, pledgeId, 'no_show')).status).toBe(200);
    expect(await detail(w.requester, request.id)).toMatchObject({
      status: 'pending',
      donorName: null,
      bagsPledged: 0,
    });
    expect(await publicIds()).toContain(request.id);
  });

  it('donated records the donation on the donor, and the last bag donated makes it done', async () => {
    const request = await createRequest(w.t.db, w.requester, { ...platelets, bags: 2 });
    const giver = await createUser(w.t.db, { name: 'Giver One' });
    const second = await createUser(w.t.db, { name: 'Giver Two' });
    await donate(giver, request.id);
    await donate(second, request.id);
    await w.clearEvents();
    const first = await outcome(
      w.requester,
      request.id,
      await pledgeOf(request.id, giver),
      'donated',
    );
    expect(first.status).toBe(200);
    expect(await stored(request.id)).toMatchObject({ status: 'inprogress', bagsDonated: 1 });
    const lastGiven = await w.t.db
      .selectFrom('user')
      .select('lastDonationDate')
      .where('id', '=', giver.id)
      .executeTakeFirstOrThrow();
    expect(lastGiven.lastDonationDate).not.toBeNull();
    const history = await w.callAs(giver, 'GET', '/api/donations/mine');
    expect(history.status).toBe(200);
    expect(history.body).toHaveLength(1);
    expect(
      (await outcome(w.volunteer, request.id, await pledgeOf(request.id, second), 'donated'))
        .status,
    ).toBe(200);
    expect(await stored(request.id)).toMatchObject({ status: 'done', bagsDonated: 2 });
    // Staff settling someone else's pledge is audited; the requester's own is not.
    const audited = await w.t.db
      .selectFrom('auditLog')
      .select(['actorId', 'targetId'])
      .where('action', '=', 'request.pledgeOutcome')
      .where('targetId', '=', request.id)
      .execute();
    expect(audited).toEqual([{ actorId: w.volunteer.id, targetId: request.id }]);
    expect((await w.events()).map((e) => e.type)).toEqual(['pledge_donated', 'pledge_donated']);
    expect((await w.events())[1]).toMatchObject({ requestDone: true, actorId: w.volunteer.id });
  });

  it('is for the requester and staff only; a settled or unknown pledge is refused; nothing changes', async () => {
    const request = await createRequest(w.t.db, w.requester, platelets);
    await donate(w.donors[0], request.id);
    const pledgeId = await pledgeOf(request.id, w.donors[0]);
    // The donor, another donor, another requester (a did-not-come on someone else's request).
    const elsewhere = await createUser(w.t.db);
    await createRequest(w.t.db, elsewhere);
    for (const who of [w.donors[0], w.donors[1], elsewhere]) {
      const res = await outcome(who, request.id, pledgeId, 'no_show');
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({
        code: 'FORBIDDEN',
        message: 'Only the requester, a volunteer or an admin can record whether a donor came.',
      });
    }
    const unknown = await outcome(
      w.requester,
      request.id,
      '01900000-0000-7000-8000-000000000000',
      'donated',
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('PLEDGE_NOT_FOUND');
    const bad = await outcome(w.requester, request.id, pledgeId, 'maybe');
    expect(bad.status).toBe(400);
    expect(await stored(request.id)).toMatchObject({ status: 'inprogress', bagsPledged: 1 });
    expect(await outcome(w.requester, request.id, pledgeId, 'donated')).toMatchObject({
      status: 200,
    });
    const twice = await outcome(w.requester, request.id, pledgeId, 'no_show');
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('PLEDGE_SETTLED');
    expect(await stored(request.id)).toMatchObject({ bagsPledged: 1, bagsDonated: 1 });
  });

  it('marking the request done settles the pledges still pledged as donated', async () => {
    const request = await createRequest(w.t.db, w.requester, platelets);
    const giver = await createUser(w.t.db);
    await donate(giver, request.id);
    await donate(w.donors[2], request.id);
    const done = await w.callAs(w.requester, 'PATCH', `/api/donation-request/${request.id}`, {
      status: 'done',
    });
    expect(done.status).toBe(200);
    const after = await stored(request.id);
    expect(after).toMatchObject({ status: 'done', bagsDonated: 2 });
    expect(after.pledges.map((p) => p.status)).toEqual(['donated', 'donated']);
    const history = await w.callAs(giver, 'GET', '/api/donations/mine');
    expect(history.body).toHaveLength(1);
  });
});

describe(`withdrawing one's pledge (${testEngine})`, () => {
  it('gives one bag back; the other pledges stand; only one’s own, not a settled one', async () => {
    const request = await createRequest(w.t.db, w.requester, {
      ...platelets,
      donationDate: dhakaDate(3),
    });
    const first = await createUser(w.t.db, { name: 'First Pledger' });
    const second = await createUser(w.t.db, { name: 'Second Pledger' });
    await donate(first, request.id);
    await donate(second, request.id);
    const path = `/api/donation-request/${request.id}/withdraw`;
    const stranger = await w.callAs(w.donors[2], 'POST', path, { reason: 'not mine' });
    expect(stranger.status).toBe(403);
    const res = await w.callAs(first, 'POST', path, { reason: 'I fell ill' });
    expect(res.status).toBe(200);
    const after = await stored(request.id);
    expect(after).toMatchObject({ status: 'inprogress', bagsPledged: 1, donorId: second.id });
    expect(after.pledges.map((p) => p.status)).toEqual(['withdrawn', 'pledged']);
    // Marked donated, the second pledge can no longer be withdrawn.
    await outcome(w.requester, request.id, await pledgeOf(request.id, second), 'donated');
    const settled = await w.callAs(second, 'POST', path, { reason: 'changed my mind' });
    expect(settled.status).toBe(409);
    expect(settled.body.error.code).toBe('PLEDGE_SETTLED');
  });
});

describe(`the number of bags (${testEngine})`, () => {
  const setBags = (user: User, id: string, bags: unknown) =>
    w.callAs(user, 'POST', `/api/donation-request/${id}/bags`, { bags });

  it('the requester raises it (emitting bags_changed) and may not lower it below the pledges', async () => {
    const request = await createRequest(w.t.db, w.requester, { ...platelets, bags: 2 });
    await donate(w.donors[0], request.id);
    await donate(w.donors[1], request.id);
    expect(await publicIds()).not.toContain(request.id);
    await w.clearEvents();
    expect((await setBags(w.requester, request.id, 3)).status).toBe(200);
    expect(await w.events()).toEqual([
      {
        type: 'bags_changed',
        requestId: request.id,
        actorId: w.requester.id,
        requesterId: w.requester.id,
        from: 2,
        to: 3,
        bagsOpen: 1,
      },
    ]);
    expect(await publicIds()).toContain(request.id);
    const below = await setBags(w.requester, request.id, 1);
    expect(below.status).toBe(409);
    expect(below.body.error).toEqual({
      code: 'BAGS_BELOW_PLEDGES',
      message: 'This request already has 2 donors; it cannot ask for fewer bags than that.',
    });
    for (const bad of [0, 11, 'many']) {
      const res = await setBags(w.requester, request.id, bad);
      expect(res.status).toBe(400);
      expect(res.body.error.details.bags).toBe('Please ask for 1 to 10 bags (a whole number).');
    }
    const other = await setBags(w.donors[0], request.id, 5);
    expect(other.status).toBe(403);
    expect((await stored(request.id)).bags).toBe(3);
  });
});

describe(`lists by component and urgency (${testEngine})`, () => {
  it('sorts the public list critical, then urgent, then scheduled, then by date; filters both ways', async () => {
    const asker = await createUser(w.t.db);
    const make = (
      urgency: 'critical' | 'urgent' | 'scheduled',
      days: number,
      component = 'whole_blood' as const,
    ) =>
      createRequest(w.t.db, asker, {
        recipientName: `${urgency} ${days}`,
        urgency,
        component,
        donationDate: dhakaDate(days),
      });
    const scheduledSoon = await make('scheduled', 1);
    const urgentLater = await make('urgent', 3);
    const criticalLater = await make('critical', 4);
    const criticalSoon = await make('critical', 2);
    const mine = [scheduledSoon, urgentLater, criticalLater, criticalSoon].map((r) => r.id);
    const order = (await publicIds()).filter((id) => mine.includes(id));
    expect(order).toEqual([criticalSoon.id, criticalLater.id, urgentLater.id, scheduledSoon.id]);

    const plateletAsk = await createRequest(w.t.db, asker, {
      recipientName: 'Platelet patient',
      component: 'platelets',
      urgency: 'urgent',
    });
    expect(await publicIds('&component=platelets')).toContain(plateletAsk.id);
    expect(await publicIds('&component=platelets')).not.toContain(urgentLater.id);
    const urgent = await publicIds('&urgency=urgent');
    expect(urgent).toEqual(expect.arrayContaining([urgentLater.id, plateletAsk.id]));
    expect(urgent).not.toContain(criticalSoon.id);

    // My requests and All requests take the same filters.
    const my = await w.callAs(
      asker,
      'GET',
      `/api/donation-request?email=${encodeURIComponent(asker.email)}&urgency=critical`,
    );
    expect(my.body.map((r: { id: string }) => r.id).sort()).toEqual(
      [criticalSoon.id, criticalLater.id].sort(),
    );
    const all = await w.callAs(
      w.volunteer,
      'GET',
      '/api/donation-request/all?component=platelets&limit=100',
    );
    expect(all.body.map((r: { id: string }) => r.id)).toContain(plateletAsk.id);
    expect(all.body.every((r: { component: string }) => r.component === 'platelets')).toBe(true);

    const bad = await call(w.t, 'GET', '/api/donation-request?status=pending&component=blood');
    expect(bad.status).toBe(400);
  });
});
