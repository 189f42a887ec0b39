import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearerFor, createUser } from '../../test/factories.ts';
import { call, sessionCookie, signIn } from '../../test/http.ts';
import { MINUTE, manualClock, SECOND } from '../../test/manual-clock.ts';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testWorker } from '../../test/worker.ts';
import { RESET_REQUESTED } from './password-reset.routes.ts';

const NEW_PASSWORD = 'N3w!pass';

const clock = manualClock();
let sink: SmtpSink;
let t: TestApp;
beforeEach(async () => {
  clock.set(new Date());
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, AUTH_RATE_LIMIT: 'true' }, { clock });
});
afterEach(async () => {
  await t.close();
  await sink.close();
});

/** Asks for a link as a visitor from `ip`, and lets the worker send it. */
async function askForLink(email: string, ip = '10.1.1.1') {
  const res = await call(t, 'POST', '/api/password-reset', { body: { email }, ip });
  await testWorker(t).runDue();
  return res;
}

/** The token in the newest email to `email`. */
function tokenSentTo(email: string) {
  const mail = sink.accepted.filter((m) => m.to.includes(email)).at(-1);
  const token = mail?.text.match(/\/login\/reset-password\?token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no reset link was sent to ${email}`);
  return token;
}

const reset = (token: string, password = NEW_PASSWORD, ip = '10.2.2.2') =>
  call(t, 'POST', '/api/password-reset/confirm', { body: { token, password }, ip });

describe(`password reset by email (${process.env.TEST_ENGINE})`, () => {
  it("sends the link in the account's language; answers the asker in theirs (issue 16)", async () => {
    const user = await createUser(t.db, { language: 'bn' });
    const res = await call(t, 'POST', '/api/password-reset', {
      body: { email: user.email },
      headers: { 'Accept-Language': 'bn' },
    });
    expect(res.body.message).toBe(
      'এই ঠিকানায় কোনো অ্যাকাউন্ট থাকলে, নতুন পাসওয়ার্ড দেওয়ার একটি লিংক সেখানে পাঠানো হয়েছে। লিংকটি ৩০ মিনিট কাজ করবে।',
    );
    await testWorker(t).runDue();
    const mail = sink.accepted.at(-1);
    expect(mail?.subject).toBe('RedHope-এ নতুন পাসওয়ার্ড দিন');
    expect(mail?.text).toContain('লিংকটি একবারই, ৩০ মিনিটের জন্য কাজ করবে।');
    expect((await reset(tokenSentTo(user.email))).status).toBe(200);
  });

  it('emails a link that sets a new password once, and ends every session of the account', async () => {
    const user = await createUser(t.db);
    const browser = sessionCookie((await signIn(t, user.email)).headers);
    const apiToken = await bearerFor(t.db, user.id);
    expect((await call(t, 'GET', '/api/users/me', { headers: { cookie: browser } })).status).toBe(
      200,
    );

    const asked = await askForLink(user.email.toUpperCase());
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ message: RESET_REQUESTED });
    expect(sink.accepted).toHaveLength(1);
    expect(sink.accepted[0]?.subject).toBe('Set a new RedHope password');
    const token = tokenSentTo(user.email);

    const done = await reset(token);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ reset: true });
    // Every session and API token ended.
    expect((await call(t, 'GET', '/api/users/me', { headers: { cookie: browser } })).status).toBe(
      401,
    );
    expect((await call(t, 'GET', '/api/users/me', { headers: apiToken })).status).toBe(401);
    // The new password signs in; the old one does not.
    expect((await signIn(t, user.email)).status).toBe(401);
    expect((await signIn(t, user.email, NEW_PASSWORD)).status).toBe(200);

    // Used once: refused the second time.
    const again = await reset(token, 'An0ther!pw');
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual({
      code: 'RESET_LINK_INVALID',
      message: 'This link has expired or was already used. Please ask for a new one.',
    });
    expect((await signIn(t, user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('answers the same whether or not an account uses the address, and sends nothing for none', async () => {
    const user = await createUser(t.db);
    const known = await askForLink(user.email, '10.3.3.3');
    const unknown = await askForLink('nobody-here@example.org', '10.3.3.4');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(sink.accepted.map((m) => m.to)).toEqual([[user.email]]);
  });

  it('refuses a link after 30 minutes, and takes it until then', async () => {
    const late = await createUser(t.db);
    await askForLink(late.email, '10.4.4.1');
    const lateToken = tokenSentTo(late.email);
    const inTime = await createUser(t.db);
    await askForLink(inTime.email, '10.4.4.2');
    const inTimeToken = tokenSentTo(inTime.email);

    clock.advance(30 * MINUTE - SECOND);
    expect((await reset(inTimeToken)).status).toBe(200);
    clock.advance(SECOND);
    const expired = await reset(lateToken);
    expect(expired.status).toBe(400);
    expect(expired.body.error.code).toBe('RESET_LINK_INVALID');
    expect((await signIn(t, late.email)).status).toBe(200);
  });

  it('keeps only a hash of the token, and only the newest link works', async () => {
    const user = await createUser(t.db);
    await askForLink(user.email, '10.5.5.1');
    const first = tokenSentTo(user.email);
    await askForLink(user.email, '10.5.5.2');
    const second = tokenSentTo(user.email);
    expect(second).not.toBe(first);
    const stored = await t.db.selectFrom('passwordResetToken').select('tokenHash').execute();
    const jobs = await t.db.selectFrom('job').select('payload').execute();
    for (const token of [first, second]) {
      expect(stored.map((row) => row.tokenHash)).not.toContain(token);
      expect(jobs.filter((job) => job.payload.includes(token))).toEqual([]);
    }
    expect((await reset(first)).status).toBe(400);
    expect((await reset(second)).status).toBe(200);
  });

  it('holds a new password to the password rules', async () => {
    const user = await createUser(t.db);
    await askForLink(user.email, '10.6.6.1');
    const weak = await reset(tokenSentTo(user.email), 'password');
    expect(weak.status).toBe(400);
    expect(weak.body.error.message).toMatch(/include uppercase, lowercase, number/);
    // The link still works for a good one.
    expect((await reset(tokenSentTo(user.email))).status).toBe(200);
  });

  it('limits requests from one address, links to one address, and guesses of a token', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call(t, 'POST', '/api/password-reset', {
        body: { email: `someone-${i}@example.org` },
        ip: '10.7.7.7',
      });
      statuses.push(res.status);
      if (res.status === 429) expect(res.headers.get('Retry-After')).toBeTruthy();
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

    const sameEmail: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await call(t, 'POST', '/api/password-reset', {
        body: { email: 'target@example.org' },
        ip: `10.8.8.${i}`,
      });
      sameEmail.push(res.status);
    }
    expect(sameEmail).toEqual([200, 200, 200, 429]);

    const guesses: number[] = [];
    for (let i = 0; i < 11; i++)
      guesses.push((await reset(`guess-${i}`, NEW_PASSWORD, '10.9.9.9')).status);
    expect(guesses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(guesses[10]).toBe(429);
  });

  it('leaves better-auth’s own reset endpoints closed', async () => {
    for (const path of ['/api/auth/request-password-reset', '/api/auth/reset-password']) {
      expect((await call(t, 'POST', path, { body: { email: 'a@example.org' } })).status).toBe(404);
    }
  });
});

describe(`reset links and the notice after a reset (${process.env.TEST_ENGINE})`, () => {
  // Issue 25: nobody was told their password had changed.
  it('tells the owner in their language that the password changed, with where to get help', async () => {
    const user = await createUser(t.db, { language: 'bn' });
    await askForLink(user.email, '10.6.6.1');
    expect((await reset(tokenSentTo(user.email))).status).toBe(200);
    // Written in the reset's transaction, sent by the worker.
    await testWorker(t).runDue();
    const notice = sink.accepted.at(-1);
    expect(notice?.to).toEqual([user.email]);
    expect(notice?.subject).toBe('আপনার RedHope পাসওয়ার্ড বদলানো হয়েছে');
    expect(notice?.text).toContain(`আপনার RedHope অ্যাকাউন্টের (${user.email}) পাসওয়ার্ড`);
    expect(notice?.text).toContain('http://localhost:3000/#contact');
    expect(notice?.text).toContain('http://localhost:3000/login/forgot-password');
    // The notice carries no link that sets a password.
    expect(notice?.text).not.toMatch(/token=/);

    const english = await createUser(t.db);
    await askForLink(english.email, '10.6.6.2');
    await reset(tokenSentTo(english.email));
    await testWorker(t).runDue();
    const mail = sink.accepted.at(-1);
    expect(mail?.subject).toBe('Your RedHope password was changed');
    expect(mail?.text).toMatch(
      /^The password of your RedHope account \(.+\) was changed on \d{4}-\d{2}-\d{2} at \d{2}:\d{2} \(Bangladesh time\)\.$/m,
    );
    expect(mail?.text).toContain(
      'Need help? Write to us through the contact form: http://localhost:3000/#contact',
    );
  });

  it('sends no notice when the link is refused', async () => {
    const before = sink.accepted.length;
    expect((await reset('not-a-token-but-long-enough-to-look-like-one-1234')).status).toBe(400);
    await testWorker(t).runDue();
    expect(sink.accepted).toHaveLength(before);
  });

  // Issue 25: a link sent before the account was blocked still set its password afterwards.
  it('refuses a link sent before the account was blocked, during the block and after an unblock', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const adminAuth = await bearerFor(t.db, admin.id);
    const user = await createUser(t.db);
    await askForLink(user.email, '10.7.7.1');
    const token = tokenSentTo(user.email);
    expect(
      (await call(t, 'PATCH', `/api/users/block/${user.id}`, { headers: adminAuth })).status,
    ).toBe(200);
    const blocked = await reset(token);
    expect(blocked.status).toBe(400);
    expect(blocked.body.error.code).toBe('RESET_LINK_INVALID');
    expect(
      (await call(t, 'PATCH', `/api/users/unblock/${user.id}`, { headers: adminAuth })).status,
    ).toBe(200);
    expect((await reset(token)).status).toBe(400);
    // The password is the one it was.
    expect((await signIn(t, user.email)).status).toBe(200);
  });

  it('refuses a link of an account blocked without the admin route (the check is at use)', async () => {
    const user = await createUser(t.db);
    await askForLink(user.email, '10.7.7.2');
    const token = tokenSentTo(user.email);
    await t.db.updateTable('user').set({ status: 'block' }).where('id', '=', user.id).execute();
    expect((await reset(token)).status).toBe(400);
    await t.db.updateTable('user').set({ status: 'active' }).where('id', '=', user.id).execute();
    expect((await signIn(t, user.email)).status).toBe(200);
  });

  it('refuses a link sent before the account was deleted', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const adminAuth = await bearerFor(t.db, admin.id);
    const user = await createUser(t.db);
    await askForLink(user.email, '10.7.7.3');
    const token = tokenSentTo(user.email);
    expect((await call(t, 'DELETE', `/api/users/${user.id}`, { headers: adminAuth })).status).toBe(
      200,
    );
    const refused = await reset(token);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('RESET_LINK_INVALID');
  });
});

describe(`password reset without email (${process.env.TEST_ENGINE})`, () => {
  it('says it is unavailable, and refuses in words instead of failing silently', async () => {
    const noEmail = await createTestApp();
    try {
      const status = await call(noEmail, 'GET', '/api/password-reset');
      expect(status.body).toEqual({ available: false });
      const refused = await call(noEmail, 'POST', '/api/password-reset', {
        body: { email: 'someone@example.org' },
      });
      expect(refused.status).toBe(503);
      expect(refused.body.error.code).toBe('EMAIL_UNAVAILABLE');
      expect(refused.body.error.message).toMatch(/unavailable: this server does not send email/);
      const jobs = await noEmail.db.selectFrom('job').select('id').execute();
      expect(jobs).toEqual([]);
    } finally {
      await noEmail.close();
    }
    expect((await call(t, 'GET', '/api/password-reset')).body).toEqual({ available: true });
  });
});
