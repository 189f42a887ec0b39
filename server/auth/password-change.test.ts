import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createUser, TEST_PASSWORD } from '../test/factories.ts';
import { call, sessionCookie, signIn } from '../test/http.ts';
import { type SmtpSink, startSmtpSink } from '../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { testWorker } from '../test/worker.ts';

const NEW_PASSWORD = 'N3w!pass';

let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

/** A user signed in in a browser: their id, email and session cookie. */
async function signedInUser(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, overrides);
  const res = await signIn(t, user.email);
  expect(res.status).toBe(200);
  return { ...user, cookie: sessionCookie(res.headers) };
}

const change = (
  cookie: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) => call(t, 'POST', '/api/users/me/password', { body, headers: { cookie, ...headers } });

const me = (headers: Record<string, string>) => call(t, 'GET', '/api/users/me', { headers });

// Issue 25: a signed-in user could not change their password at all.
describe(`change password (${process.env.TEST_ENGINE})`, () => {
  it('sets the new password, keeps this browser signed in and ends every other session', async () => {
    const user = await signedInUser();
    const otherBrowser = sessionCookie((await signIn(t, user.email)).headers);
    const apiToken = await bearerFor(t.db, user.id);

    const res = await change(user.cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ changed: true });
    // This browser is given a fresh session and goes on signed in.
    const fresh = sessionCookie(res.headers);
    expect(fresh).not.toBe('');
    expect(fresh).not.toBe(user.cookie);
    expect((await me({ cookie: fresh })).status).toBe(200);
    // Every other session and token is over, the one this browser had included.
    expect((await me({ cookie: otherBrowser })).status).toBe(401);
    expect((await me(apiToken)).status).toBe(401);
    expect((await me({ cookie: user.cookie })).status).toBe(401);
    const sessions = await t.db
      .selectFrom('session')
      .select('id')
      .where('userId', '=', user.id)
      .execute();
    expect(sessions).toHaveLength(1);
    // The new password signs in, the old one no longer does; stored as argon2id.
    expect((await signIn(t, user.email)).status).toBe(401);
    expect((await signIn(t, user.email, NEW_PASSWORD)).status).toBe(200);
    const account = await t.db
      .selectFrom('account')
      .select('password')
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(account.password).toMatch(/^\$argon2id\$/);
  });

  it('refuses a wrong current password in words, in the caller’s language, and changes nothing', async () => {
    const user = await signedInUser();
    const wrong = await change(user.cookie, {
      currentPassword: 'Not-the-1!',
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toEqual({
      code: 'WRONG_PASSWORD',
      message: 'The current password is not right. Please check it and try again.',
    });
    // A signed-in caller is answered in the language of their account.
    const banglaUser = await signedInUser({ language: 'bn' });
    const bangla = await change(banglaUser.cookie, {
      currentPassword: 'Not-the-1!',
      newPassword: NEW_PASSWORD,
    });
    expect(bangla.body.error.message).toBe('বর্তমান পাসওয়ার্ডটি ঠিক নয়। দেখে নিয়ে আবার চেষ্টা করুন।');
    // Still signed in with the old password.
    expect((await me({ cookie: user.cookie })).status).toBe(200);
    expect((await signIn(t, user.email)).status).toBe(200);
  });

  it('counts wrong current passwords with failed sign-ins: the sixth is refused, even the right one', async () => {
    const user = await signedInUser();
    for (let i = 0; i < 3; i++) {
      const res = await change(user.cookie, {
        currentPassword: `Wrong${i}!x`,
        newPassword: NEW_PASSWORD,
      });
      expect(res.status).toBe(400);
    }
    for (let i = 0; i < 2; i++) {
      const res = await call(t, 'POST', '/api/auth/sign-in/email', {
        body: { email: user.email, password: `Wrong${i}!y` },
      });
      expect(res.status).toBe(401);
    }
    const locked = await change(user.cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(locked.body.error).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: expect.stringMatching(
        /^Too many failed sign-in attempts for this account\. Please try again in \d+ minutes?\.$/,
      ),
    });
    // Not changed, and sign-in is locked as well.
    expect((await signIn(t, user.email)).status).toBe(429);
  });

  it('clears the count after a change, so a person who mistyped is not locked out later', async () => {
    const user = await signedInUser();
    for (let i = 0; i < 4; i++) {
      await change(user.cookie, { currentPassword: `Wrong${i}!x`, newPassword: NEW_PASSWORD });
    }
    const res = await change(user.cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    for (let i = 0; i < 4; i++) {
      await call(t, 'POST', '/api/auth/sign-in/email', {
        body: { email: user.email, password: `Wrong${i}!y` },
      });
    }
    expect((await signIn(t, user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('holds the new password to the registration’s password rules', async () => {
    const user = await signedInUser();
    const weak = await change(user.cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'abcdef',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.error.code).toBe('VALIDATION_FAILED');
    expect(weak.body.error.message).toMatch(/uppercase, lowercase, number, and special character/);
    const missing = await change(user.cookie, { newPassword: NEW_PASSWORD });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toMatch(/Current password is required/);
    const extra = await change(user.cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      revokeOtherSessions: false,
    });
    expect(extra.status).toBe(400);
    // None of these counted as a guess, and nothing changed.
    expect((await signIn(t, user.email)).status).toBe(200);
  });

  it('refuses visitors (401) and API tokens (403, in words), and keeps better-auth’s path closed', async () => {
    const visitor = await call(t, 'POST', '/api/users/me/password', {
      body: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(visitor.status).toBe(401);
    const user = await createUser(t.db);
    const token = await bearerFor(t.db, user.id);
    const viaToken = await call(t, 'POST', '/api/users/me/password', {
      body: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
      headers: token,
    });
    expect(viaToken.status).toBe(403);
    expect(viaToken.body.error.code).toBe('BROWSER_SESSION_REQUIRED');
    const signedIn = await signedInUser();
    const library = await call(t, 'POST', '/api/auth/change-password', {
      body: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
      headers: { cookie: signedIn.cookie },
    });
    expect(library.status).toBe(404);
    expect((await signIn(t, user.email)).status).toBe(200);
  });

  // Issue 25: nobody was told their password had changed.
  it('emails the owner, in their language, that the password changed and where to get help', async () => {
    const user = await signedInUser({ language: 'bn' });
    expect(
      (await change(user.cookie, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }))
        .status,
    ).toBe(200);
    await testWorker(t).runDue();
    const notice = sink.accepted.filter((m) => m.to.includes(user.email)).at(-1);
    expect(notice?.subject).toBe('আপনার RedHope পাসওয়ার্ড বদলানো হয়েছে');
    expect(notice?.text).toContain('http://localhost:3000/#contact');
  });

  it('changes the password without email set up, and sends nothing', async () => {
    const noEmail = await createTestApp();
    try {
      const user = await createUser(noEmail.db);
      const cookie = sessionCookie((await signIn(noEmail, user.email)).headers);
      const res = await call(noEmail, 'POST', '/api/users/me/password', {
        body: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
        headers: { cookie },
      });
      expect(res.status).toBe(200);
      expect(await noEmail.db.selectFrom('job').select('id').execute()).toEqual([]);
      expect((await signIn(noEmail, user.email, NEW_PASSWORD)).status).toBe(200);
    } finally {
      await noEmail.close();
    }
  });
});
