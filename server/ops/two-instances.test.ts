import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../lib/ids.ts';
import {
  type ChildServer,
  httpCall,
  type ProcessDatabase,
  processDatabase,
  startChildServer,
} from '../test/child-server.ts';
import { bearerFor, createUser, requestForm, TEST_PASSWORD } from '../test/factories.ts';
import { sessionCookie } from '../test/http.ts';

/*
 * Two server processes on one PostgreSQL database and one Redis, as a national deployment runs
 * them behind a load balancer (issue 15). Runs in api-processes-postgres, and only when
 * TEST_REDIS_URL is set too.
 */

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) {
  console.warn(
    '[tests] Two-instance tests are SKIPPED: TEST_REDIS_URL is not set ' +
      '(example: TEST_REDIS_URL=redis://127.0.0.1:6379/15).',
  );
}

let database: ProcessDatabase;
let a: ChildServer;
let b: ChildServer;
/** Every call from this run comes from its own address, so no other run's counters interfere. */
const address = `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
const from = { 'x-forwarded-for': address };

beforeAll(async () => {
  if (!redisUrl) return;
  database = await processDatabase('postgres');
  const env = {
    ...database.env,
    REDIS_URL: redisUrl,
    // The limits are on, as in production; the load balancer in front says who is calling.
    AUTH_RATE_LIMIT: 'true',
    TRUST_PROXY: 'true',
  };
  // Both at once on an empty database, as when a deployment starts.
  [a, b] = await Promise.all([startChildServer(env), startChildServer(env)]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
});

describe.skipIf(!redisUrl)('two instances on one PostgreSQL and one Redis', () => {
  it('apply the migrations once when they start together', () => {
    const applied = [a, b].map(
      (server) => (server.logLines('database ready')[0]?.applied as string[] | undefined) ?? null,
    );
    expect(applied.every((list) => Array.isArray(list))).toBe(true);
    // One of them applied every migration; the other waited for the lock and found none to do.
    expect(applied.map((list) => (list?.length ?? 0) > 0).sort()).toEqual([false, true]);
  });

  it('share sessions: signed in on one, known on the other, and signed out on both', async () => {
    const seed = database.connect();
    const user = await createUser(seed.db, { name: 'Nasrin' });
    await seed.close();
    const signedIn = await httpCall(a.url, 'POST', '/api/auth/sign-in/email', {
      body: { email: user.email, password: TEST_PASSWORD },
      headers: { 'x-forwarded-for': `198.19.${randomInt(256)}.${randomInt(1, 255)}` },
    });
    expect(signedIn.status).toBe(200);
    const cookie = sessionCookie(signedIn.headers);
    const me = await httpCall(b.url, 'GET', '/api/users/me', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(user.email);

    expect(
      (await httpCall(b.url, 'POST', '/api/auth/sign-out', { body: {}, headers: { cookie } }))
        .status,
    ).toBe(200);
    expect((await httpCall(a.url, 'GET', '/api/users/me', { headers: { cookie } })).status).toBe(
      401,
    );
  });

  it('share rate limits: ten sign-ins a minute per address, counted across both', async () => {
    // Ten failed sign-ins from one address, alternating between the instances (each for another
    // email, so only the per-address limit applies), then the eleventh is refused on either.
    for (let i = 0; i < 10; i++) {
      const res = await httpCall(i % 2 ? b.url : a.url, 'POST', '/api/auth/sign-in/email', {
        body: { email: `nobody-${i}-${address}@example.org`, password: 'Wrong-passw0rd' },
        headers: from,
      });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    for (const server of [a, b]) {
      const res = await httpCall(server.url, 'POST', '/api/auth/sign-in/email', {
        body: { email: `nobody-11-${address}@example.org`, password: 'Wrong-passw0rd' },
        headers: from,
      });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Counted in Redis (the database would share them too, but Redis is what REDIS_URL is for).
    const redis = new Redis(redisUrl ?? '');
    try {
      const keys = await redis.keys(`redhope:counter:auth:*${address}*`);
      expect(keys.length).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  });

  it('give the donate race one winner across both', async () => {
    const seed = database.connect();
    const requester = await createUser(seed.db, { name: 'Requester' });
    const requesterAuth = await bearerFor(seed.db, requester.id);
    const donors = [];
    for (let i = 0; i < 8; i++) {
      const donor = await createUser(seed.db, { name: `Racer ${i}` });
      donors.push({ id: donor.id, headers: await bearerFor(seed.db, donor.id) });
    }
    const created = await httpCall(a.url, 'POST', '/api/donation-request', {
      body: requestForm(),
      headers: requesterAuth,
    });
    expect(created.status).toBe(201);
    const id = String(created.body.insertedId);

    const answers = await Promise.all(
      donors.map((donor, i) =>
        httpCall(i % 2 ? b.url : a.url, 'PATCH', `/api/donation-request/${id}`, {
          body: { status: 'inprogress' },
          headers: donor.headers,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(donors.length - 1);
    const winner = donors[statuses.indexOf(200)];
    const row = await (async () => {
      const handle = database.connect();
      try {
        return await handle.db
          .selectFrom('donationRequest')
          .select(['status', 'donorId'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
      } finally {
        await handle.close();
      }
    })();
    expect(row).toEqual({ status: 'inprogress', donorId: winner?.id });
  });

  // Background jobs (the outbox and schedule) come with their own migration, which adds the `job`
  // table; until it exists this test reports itself skipped. It adds due jobs of a kind no
  // handler knows (so no work is done and nothing is sent): each is claimed, fails and waits 30 s
  // for its retry. A claim counts an attempt, so a job both instances claimed has two. Enough
  // jobs that both instances' workers are busy at once: with the claim's row locking taken out,
  // this test failed twice in two runs (20 and 10 jobs claimed twice).
  it('never run the same background job twice', async (context) => {
    const handle = database.connect();
    try {
      const tables = await handle.db.introspection.getTables();
      if (!tables.some((t) => t.name === 'job' && t.schema === database.pgSchema)) {
        console.warn('[tests] two instances: no job table yet, so the jobs test is skipped.');
        context.skip();
      }
      const JOBS = 300;
      const now = new Date().toISOString();
      const ids = Array.from({ length: JOBS }, () => newId());
      const rows = ids.map(
        (id) => sql`(${id}, 'two-instances-test', '{}', ${now}, ${now}, ${now})`,
      );
      await sql`insert into "job" ("id", "kind", "payload", "runAt", "createdAt", "updatedAt")
        values ${sql.join(rows)}`.execute(handle.db);
      const deadline = Date.now() + 20_000;
      let claimed: Array<{ id: string; attempts: number; status: string }> = [];
      for (;;) {
        claimed = (
          await sql<{ id: string; attempts: number; status: string }>`
            select "id", "attempts", "status" from "job" where "kind" = 'two-instances-test'`.execute(
            handle.db,
          )
        ).rows;
        if (claimed.every((row) => row.attempts > 0 && row.status !== 'running')) break;
        if (Date.now() > deadline) {
          throw new Error(
            'The job table exists, but the instances did not claim the jobs within 20 s: ' +
              'do the servers run the job worker?',
          );
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(claimed).toHaveLength(JOBS);
      const twice = claimed.filter((row) => Number(row.attempts) !== 1);
      expect(twice, 'jobs claimed by more than one worker').toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
