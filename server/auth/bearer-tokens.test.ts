import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.ts';
import { call, sessionCookie, signIn } from '../test/http.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { SESSION_ABSOLUTE_MS, TOKENS_PER_HOUR } from './session-limits.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A signed-in browser (its cookie) and a token minted from it. */
async function browserAndToken() {
  const user = await createUser(t.db);
  const cookie = sessionCookie((await signIn(t, user.email)).headers);
  const minted = await call(t, 'POST', '/api/jwt', { headers: { cookie } });
  expect(minted.status).toBe(200);
  return { user, cookie, bearer: { authorization: `Bearer ${minted.body.token}` } };
}

const me = (headers: Record<string, string>) => call(t, 'GET', '/api/users/me', { headers });

describe(`bearer tokens end with their session (${process.env.TEST_ENGINE})`, () => {
  it('a token acts as its user until the browser it was made from signs out', async () => {
    const { user, cookie, bearer } = await browserAndToken();
    expect((await me(bearer)).body.email).toBe(user.email);
    const out = await call(t, 'POST', '/api/auth/sign-out', { headers: { cookie }, body: {} });
    expect(out.status).toBe(200);
    expect((await me(bearer)).status).toBe(401);
  });

  it('signing out with the token ends the token, and only it', async () => {
    const { cookie, bearer } = await browserAndToken();
    const out = await call(t, 'POST', '/api/auth/sign-out', { headers: bearer });
    expect(out.status).toBe(200);
    expect((await me(bearer)).status).toBe(401);
    expect((await me({ cookie })).status).toBe(200);
  });

  it('a token made from a token hangs off the same browser session and never outlives it', async () => {
    const { cookie, bearer } = await browserAndToken();
    const second = await call(t, 'POST', '/api/jwt', { headers: bearer });
    expect(second.status).toBe(200);
    const secondBearer = { authorization: `Bearer ${second.body.token}` };
    const rows = await t.db
      .selectFrom('session')
      .select(['token', 'parentId', 'expiresAt', 'createdAt', 'id'])
      .execute();
    const root = rows.find(
      (row) => row.parentId === null && rows.some((r) => r.parentId === row.id),
    );
    const child = rows.find((row) => row.token === second.body.token);
    expect(child?.parentId).toBe(root?.id);
    // Its expiry is the browser session's absolute end, not a fresh 30 days.
    const rootEnd = new Date(String(root?.createdAt)).getTime() + SESSION_ABSOLUTE_MS;
    expect(new Date(String(child?.expiresAt)).getTime()).toBeLessThanOrEqual(rootEnd);
    await call(t, 'POST', '/api/auth/sign-out', { headers: { cookie }, body: {} });
    expect((await me(secondBearer)).status).toBe(401);
    expect((await me(bearer)).status).toBe(401);
  });

  it('a token stops when its browser session expires without use', async () => {
    const { user, bearer } = await browserAndToken();
    await t.db
      .updateTable('session')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('userId', '=', user.id)
      .where('parentId', 'is', null)
      .execute();
    expect((await me(bearer)).status).toBe(401);
  });

  it('"sign out everywhere" ends every session and token of the user, not of others', async () => {
    const { user, cookie, bearer } = await browserAndToken();
    const phone = sessionCookie((await signIn(t, user.email)).headers);
    const other = await browserAndToken();
    const res = await call(t, 'POST', '/api/auth/revoke-sessions', {
      headers: { cookie },
      body: {},
    });
    expect(res.status).toBe(200);
    for (const headers of [{ cookie }, { cookie: phone }, bearer]) {
      expect((await me(headers)).status).toBe(401);
    }
    expect((await me(other.bearer)).status).toBe(200);
  });

  it('"sign out everywhere" works with a token too', async () => {
    const { cookie, bearer } = await browserAndToken();
    const res = await call(t, 'POST', '/api/auth/revoke-sessions', { headers: bearer });
    expect(res.status).toBe(200);
    expect((await me({ cookie })).status).toBe(401);
    expect((await me(bearer)).status).toBe(401);
  });

  it(`mints at most ${TOKENS_PER_HOUR} tokens an hour per user, then 429 with Retry-After`, async () => {
    const { cookie } = await browserAndToken(); // the first of the hour
    for (let i = 1; i < TOKENS_PER_HOUR; i++) {
      expect((await call(t, 'POST', '/api/jwt', { headers: { cookie } })).status).toBe(200);
    }
    const refused = await call(t, 'POST', '/api/jwt', { headers: { cookie } });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('TOO_MANY_TOKENS');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses an unknown token on the auth endpoints instead of treating it as a visitor', async () => {
    const res = await call(t, 'POST', '/api/auth/sign-out', {
      headers: { authorization: 'Bearer not-a-token' },
      body: {},
    });
    expect(res.status).toBe(401);
  });
});
