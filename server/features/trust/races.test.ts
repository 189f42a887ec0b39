import { describe, expect, it } from 'vitest';
import { createRequest, createUser } from '../../test/factories.ts';
import { testEngine } from '../../test/test-app.ts';
import { setUpTrustWorld } from '../../test/trust-world.ts';
import * as trust from './trust.repository.ts';

// Issue 14's changes sent at the same moment, as two people (or one person twice) would: each
// pair must end in one consistent state, with answers people understand and never a 5xx.
// PostgreSQL runs them on separate connections at once; SQLite one after the other.

const w = setUpTrustWorld();

const ROUNDS = 20;

/** A reporter of one round: one account reports only REPORTS_PER_DAY requests a day (issue 25). */
const reporter = () => createUser(w.t.db);

/** The request's stored trust columns and its reports' statuses. */
async function stateOf(requestId: string) {
  const request = await w.t.db
    .selectFrom('donationRequest')
    .select(['status', 'removedAt', 'openReports'])
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
  const reports = await w.t.db
    .selectFrom('requestReport')
    .select('status')
    .where('requestId', '=', requestId)
    .execute();
  return {
    status: request.status,
    removed: request.removedAt !== null,
    openReports: Number(request.openReports),
    reports: reports.map((r) => r.status),
  };
}

describe(`trust actions at once (${testEngine})`, () => {
  // Bug: dismissing a report locked the report, then its request; removing the request locked
  // them the other way round, so on PostgreSQL the two deadlocked and one answered 500.
  it('dismissing a report and removing its request at once never fails, and agrees', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const request = await createRequest(w.t.db, w.requester);
      const reported = await w.callAs(
        await reporter(),
        'POST',
        `/api/donation-request/${request.id}/report`,
        { reason: 'asks-for-money' },
      );
      expect(reported.status).toBe(201);
      const [dismiss, remove] = await Promise.all([
        w.callAs(w.volunteer, 'PATCH', `/api/reports/${reported.body.insertedId}`, {
          status: 'dismissed',
        }),
        w.callAs(w.admin, 'POST', `/api/donation-request/${request.id}/remove`, {
          reason: 'Asked for money',
        }),
      ]);
      const why = JSON.stringify({ round, dismiss: dismiss.body, remove: remove.body });
      expect(remove.status, why).toBe(200);
      expect([200, 409], why).toContain(dismiss.status);
      const state = await stateOf(request.id);
      expect(state, why).toEqual({
        status: 'cancel',
        removed: true,
        openReports: 0,
        // Dismissed first, or upheld by the removal (and then dismissing found it handled).
        reports: [dismiss.status === 200 ? 'dismissed' : 'upheld'],
      });
      if (dismiss.status === 409) expect(dismiss.body.error.code, why).toBe('REPORT_NOT_OPEN');
    }
  });
});

describe(`a report landing while its request is removed (${testEngine})`, () => {
  // Bug: the report was checked against the request, then stored and counted in a transaction
  // of its own that did not ask whether the request had been removed meanwhile: a removed
  // request kept an open report (and a count of one) that nobody could handle.
  it('either counts the report before the removal upholds it, or refuses it with a 409', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const request = await createRequest(w.t.db, w.requester);
      const who = await reporter();
      const [reported, remove] = await Promise.all([
        w.callAs(who, 'POST', `/api/donation-request/${request.id}/report`, {
          reason: 'abusive',
        }),
        w.callAs(w.volunteer, 'POST', `/api/donation-request/${request.id}/remove`, {
          reason: 'Fake request',
        }),
      ]);
      const why = JSON.stringify({ round, report: reported.body, remove: remove.body });
      expect(remove.status, why).toBe(200);
      expect([201, 403, 409], why).toContain(reported.status);
      const state = await stateOf(request.id);
      expect(state, why).toEqual({
        status: 'cancel',
        removed: true,
        openReports: 0,
        reports: reported.status === 201 ? ['upheld'] : [],
      });
      if (reported.status === 409) {
        expect(reported.body.error, why).toEqual({
          code: 'REQUEST_REMOVED',
          message: 'This request has already been removed.',
        });
      }
    }
  });

  it('stores no report on a removed request, however it is asked', async () => {
    const request = await createRequest(w.t.db, w.requester);
    const removed = await w.callAs(w.admin, 'POST', `/api/donation-request/${request.id}/remove`, {
      reason: 'Fake request',
    });
    expect(removed.status).toBe(200);
    // Past the route's own check, as a report already on its way when the removal lands.
    const outcome = await trust.insertReport(
      w.t.db,
      request.id,
      w.donors[2],
      { reason: 'abusive', note: undefined },
      new Date(),
    );
    expect(outcome).toBe('request-unavailable');
    expect(await stateOf(request.id)).toMatchObject({ openReports: 0, reports: [] });
    // Staff can still see it, and are told in plain words.
    const res = await w.callAs(w.admin, 'POST', `/api/donation-request/${request.id}/report`, {
      reason: 'abusive',
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('REQUEST_REMOVED');
  });
});

describe(`staff and people acting on the same thing at once (${testEngine})`, () => {
  it('two staff dismissing one report at once: one dismisses it, the other is told it is handled', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const request = await createRequest(w.t.db, w.requester);
      const reported = await w.callAs(
        await reporter(),
        'POST',
        `/api/donation-request/${request.id}/report`,
        { reason: 'fake-or-duplicate' },
      );
      const answers = await Promise.all(
        [w.volunteer, w.admin].map((who) =>
          w.callAs(who, 'PATCH', `/api/reports/${reported.body.insertedId}`, {
            status: 'dismissed',
          }),
        ),
      );
      const why = JSON.stringify({ round, answers: answers.map((a) => a.body) });
      expect(answers.map((a) => a.status).sort(), why).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)?.body.error, why).toEqual({
        code: 'REPORT_NOT_OPEN',
        message: 'This report has already been handled.',
      });
      expect(await stateOf(request.id), why).toEqual({
        status: 'pending',
        removed: false,
        // Counted down once.
        openReports: 0,
        reports: ['dismissed'],
      });
      const audited = await w.t.db
        .selectFrom('auditLog')
        .select('actorId')
        .where('targetId', '=', reported.body.insertedId)
        .execute();
      expect(audited, why).toHaveLength(1);
    }
  });

  // Which one wins is the engines' to decide (over 20 rounds both do, on both engines).
  it('a donor withdrawing while the requester marks it done: exactly one wins, the other hears why', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const donor = w.donors[round % 3] as (typeof w.donors)[0];
      const request = await createRequest(w.t.db, w.requester, { donor });
      const [withdraw, done] = await Promise.all([
        w.callAs(donor, 'POST', `/api/donation-request/${request.id}/withdraw`, {
          reason: 'Fell ill',
        }),
        w.callAs(w.requester, 'PATCH', `/api/donation-request/${request.id}`, { status: 'done' }),
      ]);
      const why = JSON.stringify({ round, withdraw: withdraw.body, done: done.body });
      expect([withdraw.status, done.status].sort(), why).toEqual([200, 409]);
      const stored = await w.t.db
        .selectFrom('donationRequest')
        .select(['status', 'donorId'])
        .where('id', '=', request.id)
        .executeTakeFirstOrThrow();
      const withdrawals = await w.t.db
        .selectFrom('requestWithdrawal')
        .select('id')
        .where('requestId', '=', request.id)
        .execute();
      const donations = await w.t.db
        .selectFrom('donation')
        .select('id')
        .where('requestId', '=', request.id)
        .execute();
      if (withdraw.status === 200) {
        expect(done.body.error, why).toEqual({
          code: 'REQUEST_NOT_INPROGRESS',
          message: 'Only a request in progress can be marked done or canceled.',
        });
        expect(stored, why).toEqual({ status: 'pending', donorId: null });
        expect([withdrawals.length, donations.length], why).toEqual([1, 0]);
      } else {
        // The donor hears why in either of two true words: the request is no longer in
        // progress, or (when the withdrawal read the request just before Done committed and
        // met the pledge just after) their pledge is already settled as donated.
        expect(
          [
            {
              code: 'REQUEST_NOT_INPROGRESS',
              message: 'You can only withdraw while it is in progress.',
            },
            { code: 'PLEDGE_SETTLED', message: 'This pledge has already been settled.' },
          ],
          why,
        ).toContainEqual(withdraw.body.error);
        expect(stored, why).toEqual({ status: 'done', donorId: donor.id });
        expect([withdrawals.length, donations.length], why).toEqual([0, 1]);
      }
    }
  });
});
