import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_FAILURE_LIMIT, failureKey } from '../auth/account-lockout.ts';
import { createUser } from '../test/factories.ts';
import { call, signIn } from '../test/http.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { databaseCounterStore } from './counter-store.ts';

/*
 * Regression (issue 25): with Redis unreachable, every rate-limited route answered 500 after
 * 10-15 s. The limits now count in the database meanwhile, on either engine. (The process test
 * server/ops/redis-outage.test.ts stops, hangs and restarts a real Redis under a server.)
 */

let t: TestApp;
beforeAll(async () => {
  // Nothing listens on port 1: Redis is configured, and away from the start.
  t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1', AUTH_RATE_LIMIT: 'true' });
});
afterAll(() => t.close());

describe(`rate limits while Redis is unreachable (${process.env.TEST_ENGINE})`, () => {
  it('answer sign-in and contact at once, counting in the database', async () => {
    const user = await createUser(t.db);
    const started = Date.now();
    expect((await signIn(t, user.email)).status).toBe(200);
    const contact = await call(t, 'POST', '/api/contacts', {
      body: { name: 'Rahim', phone: '01711000000', email: 'rahim@example.org', message: 'Hi' },
    });
    expect(contact.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(2000);
    // The database store holds the counts the Redis store would have.
    expect(await databaseCounterStore(t.db).peek('contact:10.0.0.1', 60 * 60_000)).toBe(1);
  });

  it("keep the account's lockout", async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) {
      expect((await signIn(t, user.email, 'Wrong-pass1')).status).toBe(401);
    }
    const locked = await signIn(t, user.email);
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('TOO_MANY_ATTEMPTS');
    // Every attempt is counted before its password is checked, the refused one too.
    const failures = databaseCounterStore(t.db).peek(failureKey(user.email), 15 * 60_000);
    expect(await failures).toBe(ACCOUNT_FAILURE_LIMIT + 1);
  });
});
