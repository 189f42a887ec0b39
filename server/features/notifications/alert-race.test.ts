import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createUser, requestForm } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { manualClock } from '../../test/manual-clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testWorker } from '../../test/worker.ts';

// Big waves, so a wave spends a while writing its alerts after it read the request: the window
// in which an acceptance used to commit unseen. Many requests from one requester, no weekly cap
// reached in the rounds below.
const SETTINGS = {
  ALERT_WAVE_SIZE: '25',
  ALERTS_PER_DONOR_PER_WEEK: '50',
  MAX_OPEN_REQUESTS_PER_USER: '1000',
};
const DONORS = 25;
// PostgreSQL runs the wave and the acceptance on two connections at once: the race is real there,
// so many rounds. SQLite has one connection, held by a transaction for its whole length.
const ROUNDS = process.env.TEST_ENGINE === 'postgres' ? 40 : 10;

const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(SETTINGS, { clock });
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const here = { division: 'Khulna', district: 'Jashore', upazila: 'Jashore Sadar' } as const;

/** The match alerts (in-app) about this request, as committed now. */
async function alertCount(requestId: string) {
  const row = await t.db
    .selectFrom('notification')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('requestId', '=', requestId)
    .where('kind', '=', 'match-alert')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe(`an acceptance racing an alert wave (${process.env.TEST_ENGINE})`, () => {
  // Bug (issue 13 audit): the wave read the request without a lock, so an acceptance committed
  // after that read went unseen and the wave alerted donors about a request already taken.
  it('no alert about a request is written after its acceptance committed', async () => {
    const requester = await createUser(t.db, { bloodGroup: 'A+' });
    const requesterHeaders = await bearerFor(t.db, requester.id);
    for (let i = 0; i < DONORS; i += 1)
      await createUser(t.db, { name: `Donor ${i}`, bloodGroup: 'B+', ...here });
    const worker = testWorker(t);
    const outcomes = { alertedBefore: 0, stoppedByAcceptance: 0 };

    for (let round = 0; round < ROUNDS; round += 1) {
      const created = await call(t, 'POST', '/api/donation-request', {
        headers: requesterHeaders,
        body: requestForm({ recipientName: `Patient ${round}` }),
      });
      expect(created.status).toBe(201);
      const requestId = created.body.insertedId as string;
      const acceptor = await createUser(t.db, { bloodGroup: 'O-', district: 'Dhaka' });
      const acceptorHeaders = await bearerFor(t.db, acceptor.id);

      // The first wave is due now: run it and accept at once, one of them a few milliseconds
      // behind the other (which one and by how much changes by round), so that the acceptance
      // lands before, during and after the wave's read.
      const lag = (round >> 1) % 6;
      const [waveLag, acceptLag] = round % 2 ? [lag, 0] : [0, lag];
      let afterAcceptance = -1;
      const waving = (async () => {
        await sleep(waveLag);
        await worker.runDue();
      })();
      const accepting = (async () => {
        await sleep(acceptLag);
        const accepted = await call(t, 'PATCH', `/api/donation-request/${requestId}`, {
          headers: acceptorHeaders,
          body: { status: 'inprogress' },
        });
        expect(accepted.status).toBe(200);
        afterAcceptance = await alertCount(requestId);
      })();
      await Promise.all([waving, accepting]);

      // Whatever the wave wrote, it wrote before the acceptance committed: nothing since.
      expect(await alertCount(requestId)).toBe(afterAcceptance);
      if (afterAcceptance) outcomes.alertedBefore += 1;
      else outcomes.stoppedByAcceptance += 1;
    }
    console.info(`alert race (${process.env.TEST_ENGINE}):`, outcomes);
  });
});
