import { describe, expect, it } from 'vitest';
import { REPORT_WEIGHT_TO_HIDE, REPORTS_PER_DAY } from '../../../common/report-weight.rules.ts';
import { createRequest, createUser } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { DAY } from '../../test/manual-clock.ts';
import { testEngine } from '../../test/test-app.ts';
import { SETTLED_AT, setUpTrustWorld, type User } from '../../test/trust-world.ts';

// Issue 25, item 1: reports are weighed, not counted (docs/decisions/024). An outside probe made
// three accounts (one sign-up each) and sent 60 reports in 1.8 s: every open request, verified
// ones too, left the public board, and blocking the three restored nothing.

const w = setUpTrustWorld();

const board = async () => {
  const res = await call(w.t, 'GET', '/api/donation-request?status=pending&limit=100');
  expect(res.status).toBe(200);
  return {
    ids: (res.body as Array<{ id: string }>).map((r) => r.id),
    total: Number(res.headers.get('X-Total-Count')),
  };
};
const verifiedBoard = async () => {
  const res = await call(
    w.t,
    'GET',
    '/api/donation-request?status=pending&verified=true&limit=100',
  );
  return (res.body as Array<{ id: string }>).map((r) => r.id);
};

const reportAs = (who: User, requestId: string) =>
  w.callAs(who, 'POST', `/api/donation-request/${requestId}/report`, { reason: 'abusive' });

async function weightOf(requestId: string) {
  const row = await w.t.db
    .selectFrom('donationRequest')
    .select(['reportWeight', 'reportHiddenAt', 'openReports'])
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
  return {
    weight: Number(row.reportWeight),
    hidden: row.reportHiddenAt !== null,
    open: Number(row.openReports),
  };
}

/** Settled accounts with verified emails: 3 each, three hide an unverified request. */
async function settledReporters(n: number) {
  const made: User[] = [];
  for (let i = 0; i < n; i += 1) {
    made.push(await createUser(w.t.db, { createdAt: SETTLED_AT, emailVerified: true }));
  }
  return made;
}

describe(`three throwaway accounts against the board (${testEngine})`, () => {
  // Regression: 3 fresh accounts, 60 reports, 20 open requests (5 verified) emptied the board.
  it('leaves every open request listed, caps each account, and blocking them changes nothing', async () => {
    // A board of its own: what other tests left is cleared first.
    await w.t.db.deleteFrom('donationRequest').execute();
    const requests: Array<{ id: string }> = [];
    for (let i = 0; i < 20; i += 1) {
      requests.push(await createRequest(w.t.db, w.requester, { recipientName: `Patient ${i}` }));
    }
    for (const request of requests.slice(0, 5)) {
      const res = await w.callAs(w.volunteer, 'POST', `/api/donation-request/${request.id}/verify`);
      expect(res.status).toBe(200);
    }
    const before = await board();
    expect(before.total).toBe(20);

    const throwaways = [
      await createUser(w.t.db, { name: 'Throwaway One' }),
      await createUser(w.t.db, { name: 'Throwaway Two' }),
      await createUser(w.t.db, { name: 'Throwaway Three' }),
    ];
    // Every account reports every request, all at once: 60 reports.
    const answers = await Promise.all(
      throwaways.flatMap((who) => requests.map((request) => reportAs(who, request.id))),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3 * REPORTS_PER_DAY);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - 3 * REPORTS_PER_DAY);
    const refused = answers.find((a) => a.status === 429);
    expect(refused?.body.error).toEqual({
      code: 'REPORT_LIMIT',
      message:
        'You can report at most 5 requests a day. Staff have your reports; please try again tomorrow.',
    });
    expect(Number(refused?.headers.get('Retry-After'))).toBeGreaterThan(23 * 3600);

    const after = await board();
    expect(after.total).toBe(20);
    expect(after.ids.sort()).toEqual(before.ids.sort());
    expect((await verifiedBoard()).sort()).toEqual(
      requests
        .slice(0, 5)
        .map((r) => r.id)
        .sort(),
    );
    // Staff still see what was reported.
    const queue = await w.callAs(w.volunteer, 'GET', '/api/reports?limit=100');
    expect(queue.body.length).toBeGreaterThan(0);
    expect(queue.body.every((r: { hidden: boolean }) => !r.hidden)).toBe(true);

    for (const who of throwaways) {
      expect((await w.callAs(w.admin, 'PATCH', `/api/users/block/${who.id}`)).status).toBe(200);
    }
    expect((await board()).total).toBe(20);
    // A day later the cap is free again, and fresh accounts still weigh nothing.
    w.clock.advance(DAY / 2);
    const other = await createUser(w.t.db);
    expect((await reportAs(other, requests[0]?.id ?? '')).status).toBe(201);
    w.clock.set(new Date());
  });

  it('tells a capped reporter in Bangla too', async () => {
    // A member's own language decides (issue 16); the header says the same.
    const reporter = await createUser(w.t.db, { language: 'bn' });
    const requests: Array<{ id: string }> = [];
    for (let i = 0; i <= REPORTS_PER_DAY; i += 1)
      requests.push(await createRequest(w.t.db, w.requester));
    for (const request of requests.slice(0, REPORTS_PER_DAY)) {
      expect((await reportAs(reporter, request.id)).status).toBe(201);
    }
    const last = requests[REPORTS_PER_DAY]?.id ?? '';
    const res = await call(w.t, 'POST', `/api/donation-request/${last}/report`, {
      headers: { ...(await w.as(reporter)).headers, 'accept-language': 'bn' },
      body: { reason: 'abusive' },
    });
    expect(res.status).toBe(429);
    expect(res.body.error.message).toBe(
      'আপনি দিনে সর্বোচ্চ ৫টি অনুরোধ রিপোর্ট করতে পারেন। আপনার রিপোর্টগুলো কর্মীরা দেখছেন; অনুগ্রহ করে আগামীকাল আবার চেষ্টা করুন।',
    );
    // The day after the first of them, the next report goes in.
    w.clock.advance(DAY + 1000);
    expect((await reportAs(reporter, last)).status).toBe(201);
    w.clock.set(new Date());
  });
});

describe(`weighed reports (${testEngine})`, () => {
  it('weighs settled accounts: three hide an unverified request, and the requester and staff are told', async () => {
    const request = await createRequest(w.t.db, w.requester);
    const reporters = await settledReporters(3);
    await w.clearEvents();
    for (const who of reporters.slice(0, 2))
      expect((await reportAs(who, request.id)).status).toBe(201);
    expect(await weightOf(request.id)).toEqual({ weight: 6, hidden: false, open: 2 });
    expect((await board()).ids).toContain(request.id);
    expect((await reportAs(reporters[2] as User, request.id)).status).toBe(201);
    expect(await weightOf(request.id)).toEqual({
      weight: REPORT_WEIGHT_TO_HIDE,
      hidden: true,
      open: 3,
    });
    expect((await board()).ids).not.toContain(request.id);
    expect(await w.events()).toEqual([
      { type: 'hidden', requestId: request.id, requesterId: w.requester.id },
    ]);
  });

  it('never hides a verified request on reports: it stays listed and staff are asked to look', async () => {
    const request = await createRequest(w.t.db, w.requester);
    await w.callAs(w.admin, 'POST', `/api/donation-request/${request.id}/verify`);
    await w.clearEvents();
    for (const who of await settledReporters(4))
      expect((await reportAs(who, request.id)).status).toBe(201);
    expect(await weightOf(request.id)).toEqual({ weight: 12, hidden: false, open: 4 });
    expect((await board()).ids).toContain(request.id);
    expect(await verifiedBoard()).toContain(request.id);
    // Flagged once, when the weight first reached the threshold.
    expect(await w.events()).toEqual([
      { type: 'flagged', requestId: request.id, requesterId: w.requester.id },
    ]);
    const queue = await w.callAs(w.volunteer, 'GET', '/api/reports?limit=100');
    expect(queue.body.find((r: { id: string }) => r.id === request.id)).toMatchObject({
      verified: true,
      hidden: false,
      reportWeight: 12,
    });
    // Edited by its requester, it is no longer verified: the reports hide it now.
    const edit = await w.callAs(w.requester, 'PATCH', `/api/donation-request/${request.id}`, {
      hospitalName: 'Another Hospital',
    });
    expect(edit.status).toBe(200);
    expect((await board()).ids).not.toContain(request.id);
  });

  it('verifying a hidden request shows it again, and the audit log says why', async () => {
    const request = await createRequest(w.t.db, w.requester);
    for (const who of await settledReporters(3)) await reportAs(who, request.id);
    expect((await board()).ids).not.toContain(request.id);
    await w.clearEvents();
    expect(
      (await w.callAs(w.volunteer, 'POST', `/api/donation-request/${request.id}/verify`)).status,
    ).toBe(200);
    expect((await board()).ids).toContain(request.id);
    expect(await w.events()).toEqual([
      { type: 'shown', requestId: request.id, requesterId: w.requester.id },
    ]);
    const log = await w.callAs(w.admin, 'GET', '/api/audit-log?action=request.verify&limit=100');
    expect(log.body.find((e: { targetId: string }) => e.targetId === request.id)).toMatchObject({
      detail: 'Shown again: reports never hide a verified request (they flag it to staff instead).',
    });
  });

  it('stops counting a blocked or deleted reporter: what their reports hid shows again', async () => {
    const request = await createRequest(w.t.db, w.requester);
    const [a, b, c] = await settledReporters(3);
    if (!a || !b || !c) throw new Error('missing reporters');
    for (const who of [a, b, c]) await reportAs(who, request.id);
    expect((await board()).ids).not.toContain(request.id);

    await w.clearEvents();
    expect((await w.callAs(w.admin, 'PATCH', `/api/users/block/${a.id}`)).status).toBe(200);
    expect(await weightOf(request.id)).toEqual({ weight: 6, hidden: false, open: 3 });
    expect((await board()).ids).toContain(request.id);
    expect(await w.events()).toEqual([
      { type: 'shown', requestId: request.id, requesterId: w.requester.id },
    ]);
    // Unblocked, their report counts again.
    expect((await w.callAs(w.admin, 'PATCH', `/api/users/unblock/${a.id}`)).status).toBe(200);
    expect(await weightOf(request.id)).toEqual({ weight: 9, hidden: true, open: 3 });
    // Deleted, it no longer does; the report stays for staff to read.
    expect((await w.callAs(w.admin, 'DELETE', `/api/users/${b.id}`)).status).toBe(200);
    expect(await weightOf(request.id)).toEqual({ weight: 6, hidden: false, open: 3 });
    expect((await board()).ids).toContain(request.id);
  });

  it('weighs a reporter whose past reports staff upheld more', async () => {
    const [reporter] = await settledReporters(1);
    if (!reporter) throw new Error('missing reporter');
    const fake = await createRequest(w.t.db, w.requester);
    await reportAs(reporter, fake.id);
    await w.callAs(w.admin, 'POST', `/api/donation-request/${fake.id}/remove`, {
      reason: 'Asked for money',
    });
    const next = await createRequest(w.t.db, w.requester);
    await reportAs(reporter, next.id);
    expect((await weightOf(next.id)).weight).toBe(5);
  });

  it('writes the weights in the audit log when staff dismiss a report', async () => {
    const request = await createRequest(w.t.db, w.requester);
    for (const who of await settledReporters(3)) await reportAs(who, request.id);
    const reports = await w.callAs(w.admin, 'GET', `/api/donation-request/${request.id}/reports`);
    const id = reports.body[0].id as string;
    expect(
      (await w.callAs(w.admin, 'PATCH', `/api/reports/${id}`, { status: 'dismissed' })).status,
    ).toBe(200);
    expect((await board()).ids).toContain(request.id);
    const log = await w.callAs(w.admin, 'GET', '/api/audit-log?action=report.dismiss&limit=100');
    const entry = log.body.find((e: { targetId: string }) => e.targetId === id);
    expect(entry.detail).toMatch(
      /^Reported by .+, weighing 3\. Its open reports now weigh 6 \(9 hide an unverified request\); it shows again\.$/,
    );
  });
});

describe(`a report and its reporter's block at once (${testEngine})`, () => {
  // Both lock the reporter's row, then the request's: never a deadlock, and the weight agrees.
  it('never fails, and the stored weight is what the active reporters weigh', async () => {
    for (let round = 0; round < 10; round += 1) {
      const request = await createRequest(w.t.db, w.requester);
      const [first, second, third] = await settledReporters(3);
      if (!first || !second || !third) throw new Error('missing reporters');
      await reportAs(first, request.id);
      await reportAs(second, request.id);
      const [reported, blocked] = await Promise.all([
        reportAs(third, request.id),
        w.callAs(w.admin, 'PATCH', `/api/users/block/${second.id}`),
      ]);
      const why = JSON.stringify({ round, report: reported.body, block: blocked.body });
      expect(blocked.status, why).toBe(200);
      // Refused only when the block (which ends their sessions) came first.
      expect([201, 401], why).toContain(reported.status);
      const expected = reported.status === 201 ? 6 : 3;
      expect(await weightOf(request.id), why).toMatchObject({ weight: expected, hidden: false });
    }
  });
});
