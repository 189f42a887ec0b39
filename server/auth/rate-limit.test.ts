import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createUser } from '../test/factories.ts';
import { call } from '../test/http.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: 'true' });
});
afterAll(() => t.close());

const signIn = (email: string, ip: string, headers: Record<string, string> = {}) =>
  call(t, 'POST', '/api/auth/sign-in/email', {
    body: { email, password: 'Wrong1!x' },
    ip,
    headers,
  });

describe(`sign-in rate limit per address (${process.env.TEST_ENGINE})`, () => {
  it('allows 10 attempts a minute from one address, then answers 429', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await signIn(`nobody${i}@example.org`, '10.20.0.1')).status).toBe(401);
    }
    const limited = await signIn('nobody-else@example.org', '10.20.0.1');
    expect(limited.status).toBe(429);
    // Which limit, and when to try again: in the header and in words.
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.body.error).toEqual({
      code: 'TOO_MANY_SIGN_INS',
      message: expect.stringMatching(
        /^Too many sign-in attempts from your network in the last minute\. Please try again in (\d+ seconds?|1 minute)\.$/,
      ),
    });
    // Another address is not affected.
    expect((await signIn('nobody@example.org', '10.20.0.2')).status).toBe(401);
  });

  it('takes the address from the socket: a forged X-Forwarded-For does not escape the limit', async () => {
    for (let i = 0; i < 10; i++) {
      await signIn(`x${i}@example.org`, '10.30.0.1', { 'x-forwarded-for': `203.0.113.${i}` });
    }
    const limited = await signIn('y@example.org', '10.30.0.1', {
      'x-forwarded-for': '198.51.100.7',
    });
    expect(limited.status).toBe(429);
    const forged = await signIn('y@example.org', '10.30.0.1', {
      'x-redhope-client-ip': '198.51.100.8',
    });
    expect(forged.status).toBe(429);
  });
});

describe(`idle sessions (${process.env.TEST_ENGINE})`, () => {
  it('refuses a session whose idle expiry has passed', async () => {
    const user = await createUser(t.db);
    const headers = await bearerFor(t.db, user.id);
    await t.db
      .updateTable('session')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('userId', '=', user.id)
      .execute();
    expect((await call(t, 'GET', '/api/users/me', { headers })).status).toBe(401);
  });
});
