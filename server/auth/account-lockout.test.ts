import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../test/factories.ts';
import { type CallResult, call } from '../test/http.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// The Redis store runs when TEST_REDIS_URL is set (CI sets it); vitest.config.ts says so when not.
const redisUrl = process.env.TEST_REDIS_URL;
const stores: Array<[string, Record<string, string>]> = [['database', {}]];
if (redisUrl) stores.push(['redis', { REDIS_URL: redisUrl }]);

describe.each(stores)(
  `account lockout, counter store: %s (${process.env.TEST_ENGINE})`,
  (_name, env) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(env);
    });
    afterAll(() => t.close());

    // Issue 25: the failure count was read before the password was checked and added to after, so
    // forty guesses arriving together were all checked, and a right one among them got in.
    it('checks at most 5 of 40 concurrent guesses, and refuses the right password inside the burst', async () => {
      const user = await createUser(t.db);
      const attempt = (password: string, i: number) =>
        call(t, 'POST', '/api/auth/sign-in/email', {
          body: { email: user.email, password },
          // Each from its own address: only the per-account limit is under test.
          ip: `10.25.${Math.floor(i / 200)}.${i % 200}`,
        });
      const wrong = Array.from({ length: 39 }, (_, i) => attempt(`Wrong${i}!x`, i));
      // Sent last, while every wrong guess is still in flight: the first five counted are wrong.
      const right = attempt(TEST_PASSWORD, 39);
      const answers = await Promise.all([...wrong, right]);

      const statuses = answers.map((a) => a.status);
      // A 401 is a password that was checked; a 429 one that never was.
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
      expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
      const refused = answers[39] as CallResult<{ error: unknown }>;
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect(refused.body.error).toEqual({
        code: 'TOO_MANY_ATTEMPTS',
        message: expect.stringMatching(
          /^Too many failed sign-in attempts for this account\. Please try again in \d+ minutes?\.$/,
        ),
      });
      const sessions = await t.db
        .selectFrom('session')
        .select('id')
        .where('userId', '=', user.id)
        .execute();
      expect(sessions).toEqual([]);
    });

    it('answers the lockout in Bangla to a Bangla caller', async () => {
      const user = await createUser(t.db);
      for (let i = 0; i < 5; i++) {
        await call(t, 'POST', '/api/auth/sign-in/email', {
          body: { email: user.email, password: `Wrong${i}!x` },
        });
      }
      const locked = await call(t, 'POST', '/api/auth/sign-in/email', {
        body: { email: user.email, password: TEST_PASSWORD },
        headers: { 'accept-language': 'bn' },
      });
      expect(locked.status).toBe(429);
      expect(locked.body.error.message).toMatch(
        /^এই অ্যাকাউন্টে অনেকবার ভুল লগইন হয়েছে। .+ আবার চেষ্টা করুন।$/,
      );
    });

    it('clears the count on a right password, so the owner is not locked out by signing in', async () => {
      const user = await createUser(t.db);
      for (let i = 0; i < 8; i++) {
        const res = await call(t, 'POST', '/api/auth/sign-in/email', {
          body: { email: user.email, password: TEST_PASSWORD },
        });
        expect(res.status, `sign-in ${i + 1}`).toBe(200);
      }
    });
  },
);
