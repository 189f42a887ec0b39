import { describe, expect, it } from 'vitest';
import { createRequest, createUser } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { testEngine } from '../../test/test-app.ts';
import { SETTLED_AT, setUpTrustWorld } from '../../test/trust-world.ts';

// Issue 14, items 1 and 2: staff verify requests (a badge and a public filter follow); signed-in
// people report requests once each; three settled people's open reports hide a request from the
// public list until staff dismiss reports or remove the request (issue 25 weighs them: see
// report-weights.test.ts). The server holds every role rule.

const w = setUpTrustWorld();

const publicIds = async (query = '') => {
  const res = await call(w.t, 'GET', `/api/donation-request?status=pending&limit=100${query}`);
  expect(res.status).toBe(200);
  return (res.body as Array<{ id: string }>).map((r) => r.id);
};

const report = (reason = 'asks-for-money', note?: string) => ({
  reason,
  ...(note ? { note } : {}),
});

describe(`verification (${testEngine})`, () => {
  it('lets volunteers and admins verify a pending request, keeping who and when', async () => {
    const request = await createRequest(w.t.db, w.requester);
    for (const who of [w.requester, w.donors[0]]) {
      const res = await w.callAs(who, 'POST', `/api/donation-request/${request.id}/verify`);
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe('Only volunteers and admins can verify requests.');
    }
    expect((await call(w.t, 'POST', `/api/donation-request/${request.id}/verify`)).status).toBe(
      401,
    );

    // The time is the app's clock: set it a minute ahead to see it kept.
    const at = new Date(Date.now() + 60_000);
    w.clock.set(at);
    const res = await w.callAs(w.volunteer, 'POST', `/api/donation-request/${request.id}/verify`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ modifiedCount: 1 });
    const detail = await w.callAs(w.donors[0], 'GET', `/api/donation-request/${request.id}`);
    expect(detail.body).toMatchObject({
      verifiedBy: 'Vera Volunteer',
      verifiedAt: at.toISOString(),
    });
    const stored = await w.t.db
      .selectFrom('donationRequest')
      .select(['verifiedById', 'verifiedByName'])
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ verifiedById: w.volunteer.id, verifiedByName: 'Vera Volunteer' });
    w.clock.set(new Date());

    const again = await w.callAs(w.admin, 'POST', `/api/donation-request/${request.id}/verify`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ALREADY_VERIFIED');
  });

  it('lets an admin verify a request too, keeping who', async () => {
    const request = await createRequest(w.t.db, w.requester);
    const res = await w.callAs(w.admin, 'POST', `/api/donation-request/${request.id}/verify`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ modifiedCount: 1 });
    const detail = await w.callAs(w.donors[0], 'GET', `/api/donation-request/${request.id}`);
    expect(detail.body).toMatchObject({ verifiedBy: 'Adam Admin' });
    expect(detail.body.verifiedAt).not.toBeNull();
  });

  it('verifies only pending requests (409), and an unknown one is 404', async () => {
    const inProgress = await createRequest(w.t.db, w.requester, { donor: w.donors[1] });
    const res = await w.callAs(w.admin, 'POST', `/api/donation-request/${inProgress.id}/verify`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('REQUEST_NOT_PENDING');
    const missing = await w.callAs(
      w.admin,
      'POST',
      '/api/donation-request/0190a0a0-0000-7000-8000-000000000000/verify',
    );
    expect(missing.status).toBe(404);
    await w.t.db.deleteFrom('donationRequest').where('id', '=', inProgress.id).execute();
  });

  it('shows the badge on the public list (visitors do not learn who) and filters to verified', async () => {
    const verified = await createRequest(w.t.db, w.requester, { recipientName: 'Verified One' });
    const plain = await createRequest(w.t.db, w.requester, { recipientName: 'Plain One' });
    await w.callAs(w.admin, 'POST', `/api/donation-request/${verified.id}/verify`);

    const list = await call(w.t, 'GET', '/api/donation-request?status=pending&limit=100');
    const byId = new Map(
      (list.body as Array<{ id: string; verifiedAt: string | null }>).map((r) => [r.id, r]),
    );
    expect(byId.get(verified.id)).toMatchObject({ verifiedBy: null });
    expect(byId.get(verified.id)?.verifiedAt).not.toBeNull();
    expect(byId.get(plain.id)).toMatchObject({ verifiedAt: null, verifiedBy: null });

    const only = await publicIds('&verified=true');
    expect(only).toContain(verified.id);
    expect(only).not.toContain(plain.id);
    const filtered = await call(w.t, 'GET', '/api/donation-request?status=pending&verified=true');
    expect(Number(filtered.headers.get('X-Total-Count'))).toBe(only.length);
    expect(await publicIds('&verified=false')).toEqual(
      expect.arrayContaining([verified.id, plain.id]),
    );
    const bad = await call(w.t, 'GET', '/api/donation-request?status=pending&verified=maybe');
    expect(bad.status).toBe(400);
  });

  it('drops the verification when the requester edits the request afterwards', async () => {
    const request = await createRequest(w.t.db, w.requester);
    await w.callAs(w.volunteer, 'POST', `/api/donation-request/${request.id}/verify`);
    const edit = await w.callAs(w.requester, 'PATCH', `/api/donation-request/${request.id}`, {
      hospitalName: 'Another Hospital',
    });
    expect(edit.status).toBe(200);
    const detail = await w.callAs(w.requester, 'GET', `/api/donation-request/${request.id}`);
    expect(detail.body).toMatchObject({ verifiedAt: null, verifiedBy: null });
  });
});

describe(`reports (${testEngine})`, () => {
  it('lets any signed-in user but the requester report, once each', async () => {
    const request = await createRequest(w.t.db, w.requester);
    const path = `/api/donation-request/${request.id}/report`;
    expect((await call(w.t, 'POST', path, { body: report() })).status).toBe(401);
    const own = await w.callAs(w.requester, 'POST', path, report());
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe('OWN_REQUEST');

    const first = await w.callAs(
      w.donors[0],
      'POST',
      path,
      report('fake-or-duplicate', 'Posted twice'),
    );
    expect(first.status).toBe(201);
    const second = await w.callAs(w.donors[0], 'POST', path, report('abusive'));
    expect(second.status).toBe(409);
    expect(second.body.error).toEqual({
      code: 'ALREADY_REPORTED',
      message: 'You have already reported this request.',
    });
    // Staff may report too (they are signed-in users); it is one report each all the same.
    expect((await w.callAs(w.volunteer, 'POST', path, report())).status).toBe(201);

    const rows = await w.t.db
      .selectFrom('requestReport')
      .select(['reporterId', 'reason', 'note', 'status'])
      .where('requestId', '=', request.id)
      .orderBy('createdAt')
      .execute();
    expect(rows).toEqual([
      {
        reporterId: w.donors[0].id,
        reason: 'fake-or-duplicate',
        note: 'Posted twice',
        status: 'open',
      },
      { reporterId: w.volunteer.id, reason: 'asks-for-money', note: null, status: 'open' },
    ]);
  });

  it('counts one report per person when the same report is sent twice at once', async () => {
    const request = await createRequest(w.t.db, w.requester);
    const path = `/api/donation-request/${request.id}/report`;
    const answers = await Promise.all(
      [1, 2, 3].map(() => w.callAs(w.donors[1], 'POST', path, report())),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const stored = await w.t.db
      .selectFrom('donationRequest')
      .select('openReports')
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.openReports)).toBe(1);
  });

  it('refuses a report without a reason, with an unknown reason, or a note too long (400)', async () => {
    const request = await createRequest(w.t.db, w.requester);
    const path = `/api/donation-request/${request.id}/report`;
    const none = await w.callAs(w.donors[0], 'POST', path, {});
    expect(none.status).toBe(400);
    expect(none.body.error.details.reason).toBe('Please choose why you are reporting this request');
    expect((await w.callAs(w.donors[0], 'POST', path, report('boring'))).status).toBe(400);
    const long = await w.callAs(w.donors[0], 'POST', path, report('abusive', 'x'.repeat(501)));
    expect(long.status).toBe(400);
  });

  it('hides a request reported by three different people from the public list until staff act', async () => {
    const request = await createRequest(w.t.db, w.requester, { recipientName: 'Reported Thrice' });
    const path = `/api/donation-request/${request.id}/report`;
    for (const [i, donor] of w.donors.entries()) {
      expect(await publicIds()).toContain(request.id);
      const res = await w.callAs(
        donor,
        'POST',
        path,
        report(i === 0 ? 'asks-for-money' : 'abusive'),
      );
      expect(res.status).toBe(201);
    }
    expect(await publicIds()).not.toContain(request.id);
    // Nor in the verified list, nor when counted.
    const count = async () =>
      Number(
        (await call(w.t, 'GET', '/api/donation-request?status=pending')).headers.get(
          'X-Total-Count',
        ),
      );
    const hiddenCount = await count();

    // Staff see it at the top of the queue, hidden.
    const queue = await w.callAs(w.volunteer, 'GET', '/api/reports');
    expect(queue.status).toBe(200);
    expect(queue.body[0]).toMatchObject({ id: request.id, openReports: 3, hidden: true });

    // Staff read its reports and dismiss one: two open reports no longer hide it.
    const reports = await w.callAs(
      w.volunteer,
      'GET',
      `/api/donation-request/${request.id}/reports`,
    );
    expect(reports.body).toHaveLength(3);
    expect(reports.body.map((r: { reporterName: string }) => r.reporterName).sort()).toEqual([
      'Donor One',
      'Donor Three',
      'Donor Two',
    ]);
    const dismissed = await w.callAs(w.volunteer, 'PATCH', `/api/reports/${reports.body[0].id}`, {
      status: 'dismissed',
    });
    expect(dismissed.status).toBe(200);
    expect(await publicIds()).toContain(request.id);
    expect(await count()).toBe(hiddenCount + 1);
    const again = await w.callAs(w.admin, 'PATCH', `/api/reports/${reports.body[0].id}`, {
      status: 'dismissed',
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('REPORT_NOT_OPEN');
  });

  it('keeps the queue and the reports to staff, and dismissing to staff', async () => {
    const request = await createRequest(w.t.db, w.requester);
    const res = await w.callAs(
      w.donors[0],
      'POST',
      `/api/donation-request/${request.id}/report`,
      report(),
    );
    for (const who of [w.requester, w.donors[1]]) {
      expect((await w.callAs(who, 'GET', '/api/reports')).status).toBe(403);
      expect(
        (await w.callAs(who, 'GET', `/api/donation-request/${request.id}/reports`)).status,
      ).toBe(403);
      const dismiss = await w.callAs(who, 'PATCH', `/api/reports/${res.body.insertedId}`, {
        status: 'dismissed',
      });
      expect(dismiss.status).toBe(403);
    }
    expect((await call(w.t, 'GET', '/api/reports')).status).toBe(401);
    for (const who of [w.volunteer, w.admin]) {
      expect((await w.callAs(who, 'GET', '/api/reports')).status).toBe(200);
    }
    const unknown = await w.callAs(
      w.admin,
      'PATCH',
      '/api/reports/0190a0a0-0000-7000-8000-000000000000',
      {
        status: 'dismissed',
      },
    );
    expect(unknown.status).toBe(404);
    const wrong = await w.callAs(w.admin, 'PATCH', `/api/reports/${res.body.insertedId}`, {
      status: 'open',
    });
    expect(wrong.status).toBe(400);
  });

  it('lets staff remove a reported request: canceled, off the list, its reports upheld', async () => {
    const request = await createRequest(w.t.db, w.requester, { recipientName: 'Fake Need' });
    const path = `/api/donation-request/${request.id}/remove`;
    await w.callAs(w.donors[2], 'POST', `/api/donation-request/${request.id}/report`, report());
    for (const who of [w.requester, w.donors[0]]) {
      const res = await w.callAs(who, 'POST', path, { reason: 'Asked for money' });
      expect(res.status).toBe(403);
    }
    const noReason = await w.callAs(w.volunteer, 'POST', path, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.details.reason).toBe('Please say why this request is removed');

    await w.clearEvents();
    const res = await w.callAs(w.volunteer, 'POST', path, { reason: 'Asked for money' });
    expect(res.status).toBe(200);
    // The requester is to be told (through its request event).
    expect(await w.events()).toEqual([
      {
        type: 'removed',
        requestId: request.id,
        requesterId: w.requester.id,
        donorId: null,
        reason: 'Asked for money',
      },
    ]);
    expect(await publicIds()).not.toContain(request.id);
    const detail = await w.callAs(w.requester, 'GET', `/api/donation-request/${request.id}`);
    expect(detail.body).toMatchObject({ status: 'cancel', removed: true });
    const reports = await w.callAs(w.admin, 'GET', `/api/donation-request/${request.id}/reports`);
    expect(reports.body.map((r: { status: string }) => r.status)).toEqual(['upheld']);
    const queue = await w.callAs(w.admin, 'GET', '/api/reports?limit=100');
    expect(queue.body.map((r: { id: string }) => r.id)).not.toContain(request.id);

    const twice = await w.callAs(w.admin, 'POST', path, { reason: 'Again' });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('REQUEST_REMOVED');
    // Nobody can accept it any more.
    const donate = await w.callAs(w.donors[0], 'PATCH', `/api/donation-request/${request.id}`, {
      status: 'inprogress',
    });
    expect(donate.status).toBe(409);
  });

  it('lets an admin remove a request too: canceled, removed, its reports upheld', async () => {
    const request = await createRequest(w.t.db, w.requester);
    const path = `/api/donation-request/${request.id}/report`;
    expect((await w.callAs(w.donors[2], 'POST', path, report())).status).toBe(201);
    const accepted = await w.callAs(w.donors[1], 'PATCH', `/api/donation-request/${request.id}`, {
      status: 'inprogress',
    });
    expect(accepted.status).toBe(200);
    await w.clearEvents();
    const res = await w.callAs(w.admin, 'POST', `/api/donation-request/${request.id}/remove`, {
      reason: 'Not a real patient',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ modifiedCount: 1 });
    // Whoever had accepted it is told too.
    expect(await w.events()).toEqual([
      {
        type: 'removed',
        requestId: request.id,
        requesterId: w.requester.id,
        donorId: w.donors[1].id,
        reason: 'Not a real patient',
      },
    ]);
    const detail = await w.callAs(w.requester, 'GET', `/api/donation-request/${request.id}`);
    expect(detail.body).toMatchObject({ status: 'cancel', removed: true });
    const reports = await w.callAs(w.admin, 'GET', `/api/donation-request/${request.id}/reports`);
    expect(reports.body).toMatchObject([{ status: 'upheld', handledBy: 'Adam Admin' }]);
  });

  // Issue 25: a deleted reporter's report no longer weighs (decision 024); staff still read it.
  it('keeps a deleted reporter’s report for staff, and it no longer weighs', async () => {
    const reporter = await createUser(w.t.db, {
      name: 'Soon Gone',
      createdAt: SETTLED_AT,
      emailVerified: true,
    });
    const request = await createRequest(w.t.db, w.requester);
    await w.callAs(reporter, 'POST', `/api/donation-request/${request.id}/report`, report());
    const deleted = await w.callAs(w.admin, 'DELETE', `/api/users/${reporter.id}`);
    expect(deleted.status).toBe(200);
    const reports = await w.callAs(w.admin, 'GET', `/api/donation-request/${request.id}/reports`);
    expect(reports.body).toMatchObject([
      { reporterName: null, reporterEmail: null, status: 'open' },
    ]);
    const queue = await w.callAs(w.admin, 'GET', '/api/reports?limit=100');
    expect(queue.body.find((r: { id: string }) => r.id === request.id)).toMatchObject({
      openReports: 1,
      reportWeight: 0,
      hidden: false,
    });
  });
});
