import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.ts';
import { manualClock, SECOND } from '../test/manual-clock.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { claimDue, insert as insertJob } from './jobs.repository.ts';
import { backoffMs, createWorker, type JobHandler, MAX_ATTEMPTS } from './worker.ts';

const clock = manualClock();
// A database per test: a worker runs every due job, so one test's jobs must not reach another's.
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({}, { clock });
});
afterEach(() => t.close());

const workerWith = (handlers: Record<string, JobHandler>, leaseMs = 60 * SECOND) =>
  createWorker({ db: t.db, logger: createLogger('silent'), clock, handlers, leaseMs, pollMs: 50 });

const jobRow = (kind: string) =>
  t.db.selectFrom('job').selectAll().where('kind', '=', kind).executeTakeFirstOrThrow();

describe(`the durable job worker (${process.env.TEST_ENGINE})`, () => {
  it('runs a job when it is due, not before, and once', async () => {
    const ran: unknown[] = [];
    const worker = workerWith({
      later: { transaction: 'plain', run: async (payload) => void ran.push(payload) },
    });
    await insertJob(
      t.db,
      { kind: 'later', payload: { n: 1 }, runAt: new Date(clock.now().getTime() + 30 * SECOND) },
      clock.now(),
    );
    expect(await worker.runDue()).toBe(0);
    clock.advance(30 * SECOND);
    expect(await worker.runDue()).toBe(1);
    expect(await worker.runDue()).toBe(0);
    expect(ran).toEqual([{ n: 1 }]);
    expect((await jobRow('later')).status).toBe('done');
  });

  it('adds a job once for one dedupe key', async () => {
    for (let i = 0; i < 3; i++)
      await insertJob(
        t.db,
        { kind: 'deduped', payload: {}, runAt: clock.now(), dedupeKey: 'same' },
        clock.now(),
      );
    const rows = await t.db.selectFrom('job').select('id').where('kind', '=', 'deduped').execute();
    expect(rows).toHaveLength(1);
  });

  it('retries a failed job with a growing wait, then gives up and says so', async () => {
    let calls = 0;
    const worker = workerWith({
      flaky: {
        transaction: 'plain',
        run: async () => {
          calls += 1;
          throw new Error('the other side is down');
        },
      },
    });
    await insertJob(t.db, { kind: 'flaky', payload: {}, runAt: clock.now() }, clock.now());
    await worker.runDue();
    let row = await jobRow('flaky');
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'the other side is down',
    });
    expect(new Date(row.runAt).getTime() - clock.now().getTime()).toBe(backoffMs(1));
    // Not before its time.
    clock.advance(backoffMs(1) - 1);
    expect(await worker.runDue()).toBe(0);
    clock.advance(1);
    expect(await worker.runDue()).toBe(1);
    row = await jobRow('flaky');
    expect(new Date(row.runAt).getTime() - clock.now().getTime()).toBe(backoffMs(2));
    expect(backoffMs(2)).toBe(2 * backoffMs(1));
    for (let attempt = 3; attempt <= MAX_ATTEMPTS; attempt++) {
      clock.advance(backoffMs(attempt - 1));
      await worker.runDue();
    }
    row = await jobRow('flaky');
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(calls).toBe(MAX_ATTEMPTS);
    clock.advance(24 * 3600 * SECOND);
    expect(await worker.runDue()).toBe(0);
  });

  it('retries a job with a retry window past 8 tries, the last at its end, then gives up (issue 25)', async () => {
    let calls = 0;
    const worker = workerWith({
      windowed: {
        transaction: 'none',
        retryForMs: () => 6 * 3600 * SECOND,
        run: async () => {
          calls += 1;
          throw new Error('the mail server is down');
        },
      },
    });
    const start = clock.now().getTime();
    await insertJob(t.db, { kind: 'windowed', payload: {}, runAt: clock.now() }, clock.now());
    for (;;) {
      await worker.runDue();
      const row = await jobRow('windowed');
      if (row.status === 'failed') break;
      clock.set(new Date(row.runAt));
    }
    const row = await jobRow('windowed');
    expect(calls).toBeGreaterThan(MAX_ATTEMPTS);
    // The last try was at the window's end, not before it.
    expect(clock.now().getTime() - start).toBe(6 * 3600 * SECOND);
    expect(row.attempts).toBe(calls);
  });

  it('undoes the writes of a failed job, so its retry does them once', async () => {
    let fail = true;
    const worker = workerWith({
      writes: {
        transaction: 'plain',
        async run(_payload, { db, now }) {
          await insertJob(
            db,
            { kind: 'written-by-job', payload: {}, runAt: new Date(now.getTime() + 3600 * SECOND) },
            now,
          );
          if (fail) throw new Error('crashed half-way');
        },
      },
    });
    await insertJob(t.db, { kind: 'writes', payload: {}, runAt: clock.now() }, clock.now());
    await worker.runDue();
    const count = async () =>
      (await t.db.selectFrom('job').select('id').where('kind', '=', 'written-by-job').execute())
        .length;
    expect(await count()).toBe(0);
    fail = false;
    clock.advance(backoffMs(1));
    await worker.runDue();
    expect(await count()).toBe(1);
  });

  it('takes over a job whose worker died holding it, once its lease has run out', async () => {
    const ran: string[] = [];
    // The first worker claims the job and "dies": its handler never finishes (outside a
    // transaction, so it holds no connection: SQLite has only one).
    let dyingStarted = false;
    const dying = workerWith(
      {
        leased: {
          transaction: 'none',
          run: () => {
            dyingStarted = true;
            return new Promise<void>(() => undefined);
          },
        },
      },
      60 * SECOND,
    );
    await insertJob(t.db, { kind: 'leased', payload: {}, runAt: clock.now() }, clock.now());
    void dying.runDue();
    // Its handler has started, so its last renewal of the lease is behind it: a renewal after the
    // clock's advance below held the job for another minute (CI, stop 39, under load).
    await expect.poll(() => dyingStarted).toBe(true);
    expect((await jobRow('leased')).status).toBe('running');
    const other = workerWith({
      leased: { transaction: 'none', run: async (_p, { jobId }) => void ran.push(jobId) },
    });
    expect(await other.runDue()).toBe(0);
    clock.advance(60 * SECOND);
    expect(await other.runDue()).toBe(1);
    expect(ran).toHaveLength(1);
    expect((await jobRow('leased')).status).toBe('done');
  });

  it('does not run a job of its batch whose lease ran out while an earlier one took long', async () => {
    const ran: string[] = [];
    let other: ReturnType<typeof workerWith> | undefined;
    const handlers: Record<string, JobHandler> = {
      slow: {
        transaction: 'none',
        async run() {
          ran.push('slow');
          // Meanwhile the lease of the rest of the batch runs out, and another worker takes it.
          clock.advance(61 * SECOND);
          await other?.runDue();
        },
      },
      quick: { transaction: 'none', run: async () => void ran.push('quick') },
    };
    other = workerWith({ ...handlers, slow: { transaction: 'none', run: async () => {} } });
    const first = workerWith(handlers);
    await insertJob(t.db, { kind: 'slow', payload: {}, runAt: clock.now() }, clock.now());
    clock.advance(1);
    await insertJob(t.db, { kind: 'quick', payload: {}, runAt: clock.now() }, clock.now());
    await first.runDue();
    expect(ran).toEqual(['slow', 'quick']);
  });

  it('does not run a job with a transaction whose lease ran out while an earlier one took long', async () => {
    const ran: string[] = [];
    let other: ReturnType<typeof workerWith> | undefined;
    const quick: JobHandler = { transaction: 'plain', run: async () => void ran.push('quick') };
    other = workerWith({ slow: { transaction: 'none', run: async () => {} }, quick });
    const first = workerWith({
      slow: {
        transaction: 'none',
        async run() {
          ran.push('slow');
          // Meanwhile the lease of the rest of the batch runs out, and another worker takes it.
          clock.advance(61 * SECOND);
          await other?.runDue();
        },
      },
      quick: { transaction: 'plain', run: async () => void ran.push('quick again') },
    });
    await insertJob(t.db, { kind: 'slow', payload: {}, runAt: clock.now() }, clock.now());
    clock.advance(1);
    await insertJob(t.db, { kind: 'quick', payload: {}, runAt: clock.now() }, clock.now());
    await first.runDue();
    // The other worker ran it once; the first one, its lease gone, left it alone.
    expect(ran).toEqual(['slow', 'quick']);
    expect((await jobRow('quick')).status).toBe('done');
  });

  it('gives each job to one worker when several claim at once', async () => {
    const ran: string[] = [];
    const handlers: Record<string, JobHandler> = {
      shared: {
        transaction: 'plain',
        run: async (payload) => void ran.push((payload as { n: string }).n),
      },
    };
    const workers = Array.from({ length: 4 }, () => workerWith(handlers));
    const expected = Array.from({ length: 40 }, (_, i) => String(i));
    for (const n of expected)
      await insertJob(t.db, { kind: 'shared', payload: { n }, runAt: clock.now() }, clock.now());
    await Promise.all(workers.map((worker) => worker.runDue()));
    expect(ran.sort()).toEqual(expected.sort());
  });

  it('claims no more jobs at once than its batch, so other servers get the rest', async () => {
    for (let n = 0; n < 60; n++)
      await insertJob(t.db, { kind: 'shared', payload: { n }, runAt: clock.now() }, clock.now());
    // Claimed in turn by six workers: ten each, none taken twice, and every job taken.
    const claimed: string[] = [];
    for (let worker = 0; worker < 6; worker++) {
      const batch = await claimDue(t.db, `worker-${worker}`, clock.now(), 60 * SECOND, 10);
      expect(batch).toHaveLength(10);
      claimed.push(...batch.map((job) => job.id));
    }
    expect(new Set(claimed).size).toBe(60);
    expect(await claimDue(t.db, 'worker-late', clock.now(), 60 * SECOND, 10)).toEqual([]);
  });
});
