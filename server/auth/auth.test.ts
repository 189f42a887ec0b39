import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createUser, TEST_PASSWORD } from '../test/factories.ts';
import { call, sessionCookie, signIn } from '../test/http.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const registration = (overrides: Record<string, unknown> = {}) => ({
  name: 'Karim Uddin',
  email: `karim-${Math.random().toString(36).slice(2)}@example.org`,
  password: 'Secret1!',
  image: '/api/images/0190a0a0-0000-7000-8000-000000000001.webp',
  bloodGroup: 'A+',
  division: 'Khulna',
  district: 'Jashore',
  upazila: 'Jashore Sadar',
  consent: true,
  ...overrides,
});

const countRows = async () => ({
  users: (await t.db.selectFrom('user').select('id').execute()).length,
  accounts: (await t.db.selectFrom('account').select('id').execute()).length,
  sessions: (await t.db.selectFrom('session').select('id').execute()).length,
});

describe(`registration (${process.env.TEST_ENGINE})`, () => {
  it('creates an active donor who never donated, signed in, with an httpOnly SameSite=Lax cookie', async () => {
    const body = registration();
    const res = await call(t, 'POST', '/api/auth/sign-up/email', { body });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token')) ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const row = await t.db
      .selectFrom('user')
      .selectAll()
      .where('email', '=', body.email)
      .executeTakeFirst();
    expect(row).toMatchObject({
      name: 'Karim Uddin',
      role: 'donor',
      status: 'active',
      bloodGroup: 'A+',
      division: 'Khulna',
      district: 'Jashore',
      upazila: 'Jashore Sadar',
      lastDonationDate: null,
    });
    const account = await t.db
      .selectFrom('account')
      .select('password')
      .where('userId', '=', row?.id ?? '')
      .executeTakeFirst();
    expect(account?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it.each([
    ['role', { role: 'admin' }],
    ['status', { status: 'block' }],
    ['lastDonationDate', { lastDonationDate: '2020-01-01T00:00:00.000Z' }],
  ])('refuses a client-chosen %s and stores nothing', async (_field, extra) => {
    const before = await countRows();
    const res = await call(t, 'POST', '/api/auth/sign-up/email', { body: registration(extra) });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      `These fields cannot be set at registration: ${Object.keys(extra).join(', ')}.`,
    );
    expect(await countRows()).toEqual(before);
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ email: '' }, 'Email is required'],
    [{ image: '' }, 'Photo is required'],
    [{ bloodGroup: '' }, 'Blood group is required'],
    [{ division: '' }, 'Division is required'],
    [{ district: '' }, 'District is required'],
    [{ district: 'Dhaka' }, 'Dhaka is not in Khulna division.'],
    [{ upazila: 'Mirpur' }, 'Mirpur is not an upazila of Jashore.'],
    [{ password: 'short' }, 'Password must be 6 characters'],
  ])('refuses %o with "%s" and stores nothing', async (change, message) => {
    const before = await countRows();
    const res = await call(t, 'POST', '/api/auth/sign-up/email', { body: registration(change) });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(await countRows()).toEqual(before);
  });

  it('refuses a second account for the same email (any case), storing nothing', async () => {
    const body = registration();
    expect((await call(t, 'POST', '/api/auth/sign-up/email', { body })).status).toBe(200);
    const before = await countRows();
    const again = await call(t, 'POST', '/api/auth/sign-up/email', {
      body: { ...body, email: body.email.toUpperCase() },
    });
    // A conflict like every other (decision 048), in the one error shape.
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
    expect(await countRows()).toEqual(before);
  });

  it('is atomic: when the account row cannot be written, the user row is not left behind', async () => {
    // Force the second step (the password account) to fail on both engines.
    const { sql } = await import('kysely');
    await sql`create table account_backup as select * from account`.execute(t.db);
    await sql`drop table account`.execute(t.db);
    const before = (await t.db.selectFrom('user').select('id').execute()).length;
    const body = registration();
    const res = await call(t, 'POST', '/api/auth/sign-up/email', { body, brokenOnPurpose: true });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect((await t.db.selectFrom('user').select('id').execute()).length).toBe(before);
    await sql`alter table account_backup rename to account`.execute(t.db);
  });
});

describe(`sign-in and sessions (${process.env.TEST_ENGINE})`, () => {
  it('signs in with the right password and refuses a wrong one in words', async () => {
    const user = await createUser(t.db);
    const ok = await signIn(t, user.email);
    expect(ok.status).toBe(200);
    const cookie = sessionCookie(ok.headers);
    const session = await call(t, 'GET', '/api/auth/get-session', { headers: { cookie } });
    expect(session.body.user.email).toBe(user.email);
    const bad = await call(t, 'POST', '/api/auth/sign-in/email', {
      body: { email: user.email, password: 'Wrong1!x' },
    });
    expect(bad.status).toBe(401);
    expect(bad.body.error.message).toBe('Invalid email or password');
  });

  it('replaces the previous session of the browser when signing in again', async () => {
    const user = await createUser(t.db);
    const first = await signIn(t, user.email);
    const firstCookie = sessionCookie(first.headers);
    await call(t, 'POST', '/api/auth/sign-in/email', {
      body: { email: user.email, password: TEST_PASSWORD },
      headers: { cookie: firstCookie },
    });
    const sessions = await t.db
      .selectFrom('session')
      .select('id')
      .where('userId', '=', user.id)
      .execute();
    expect(sessions).toHaveLength(1);
    const old = await call(t, 'GET', '/api/auth/get-session', { headers: { cookie: firstCookie } });
    expect(old.body).toBeNull();
  });

  it('ends the session on the server at sign-out', async () => {
    const user = await createUser(t.db);
    const res = await signIn(t, user.email);
    const cookie = sessionCookie(res.headers);
    const out = await call(t, 'POST', '/api/auth/sign-out', { headers: { cookie }, body: {} });
    expect(out.status).toBe(200);
    const sessions = await t.db
      .selectFrom('session')
      .select('id')
      .where('userId', '=', user.id)
      .execute();
    expect(sessions).toHaveLength(0);
  });

  it('refuses a blocked user at sign-in', async () => {
    const user = await createUser(t.db, { status: 'block' });
    const res = await signIn(t, user.email);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('ACCOUNT_BLOCKED');
  });

  it('locks an account for 15 minutes after 5 failures, even for the right password', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 5; i++) {
      const res = await call(t, 'POST', '/api/auth/sign-in/email', {
        body: { email: user.email, password: `Wrong${i}!x` },
        ip: `10.1.0.${i}`,
      });
      expect(res.status).toBe(401);
    }
    const locked = await signIn(t, user.email);
    expect(locked.status).toBe(429);
    expect(locked.body.error.message).toMatch(/try again in 15 minutes/);
    // The lock is a window, not a ban: once it has passed the owner signs in again.
    await t.db
      .updateTable('counter')
      .set({ windowStart: Date.now() - 16 * 60 * 1000 })
      .where('key', '=', `signin-fail:${user.email}`)
      .execute();
    const later = await signIn(t, user.email);
    expect(later.status).toBe(200);
  });

  it('ends sessions past their absolute lifetime', async () => {
    const user = await createUser(t.db);
    const headers = await bearerFor(t.db, user.id);
    expect((await call(t, 'POST', '/api/jwt', { headers })).status).toBe(200);
    await t.db
      .updateTable('session')
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000).toISOString() })
      .where('userId', '=', user.id)
      .execute();
    expect((await call(t, 'POST', '/api/jwt', { headers })).status).toBe(401);
  });
  it('does not let get-session return a cookie session past its absolute lifetime', async () => {
    const user = await createUser(t.db);
    const cookie = sessionCookie((await signIn(t, user.email)).headers);
    await t.db
      .updateTable('session')
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000).toISOString() })
      .where('userId', '=', user.id)
      .execute();
    const res = await call(t, 'GET', '/api/auth/get-session', { headers: { cookie } });
    expect(res.body).toBeNull();
    const left = await t.db
      .selectFrom('session')
      .select('id')
      .where('userId', '=', user.id)
      .execute();
    expect(left).toHaveLength(0);
  });
});

describe(`POST /api/jwt (${process.env.TEST_ENGINE})`, () => {
  it('gives a signed-in user a bearer token that acts as them', async () => {
    const user = await createUser(t.db);
    const signedIn = await signIn(t, user.email);
    const res = await call(t, 'POST', '/api/jwt', {
      headers: { cookie: sessionCookie(signedIn.headers) },
      body: { email: 'someone-else@example.org' },
    });
    expect(res.status).toBe(200);
    const session = await t.db
      .selectFrom('session')
      .select('userId')
      .where('token', '=', res.body.token)
      .executeTakeFirst();
    expect(session?.userId).toBe(user.id);
  });

  it('never mints a token for a posted email alone', async () => {
    const user = await createUser(t.db);
    const res = await call(t, 'POST', '/api/jwt', { body: { email: user.email } });
    expect(res.status).toBe(401);
    expect(res.body.token).toBeUndefined();
  });
});

describe(`the auth routes' refusals in the one error shape (issue 32) (${process.env.TEST_ENGINE})`, () => {
  it('a body that fails its rules is VALIDATION_FAILED with a message per field, in the caller’s language, and changes nothing', async () => {
    const before = await countRows();
    const signUp = await call(t, 'POST', '/api/auth/sign-up/email', {
      headers: { 'accept-language': 'bn' },
      body: registration({ name: '', bloodGroup: 'C+', email: 'not-an-email' }),
    });
    expect(signUp.status).toBe(400);
    expect(signUp.body.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(signUp.body.error.details).sort()).toEqual(['bloodGroup', 'email', 'name']);
    for (const text of Object.values<string>(signUp.body.error.details)) {
      expect(text).toMatch(/[\u0980-\u09FF]/);
    }
    expect(await countRows()).toEqual(before);

    const signIn = await call(t, 'POST', '/api/auth/sign-in/email', { body: { email: 5 } });
    expect(signIn.status).toBe(400);
    expect(signIn.body.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Email is required',
      details: { email: 'Email is required', password: 'Password is required' },
    });
    const malformed = await call(t, 'POST', '/api/auth/sign-in/email', {
      body: { email: 'nobody', password: 'x' },
    });
    expect(malformed.body.error.details).toEqual({ email: 'Please enter a valid email address' });
  });

  it('text that is not JSON is MALFORMED_JSON; a body that is not JSON at all is 415 UNSUPPORTED_MEDIA_TYPE, on every route', async () => {
    const broken = await t.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(broken.status).toBe(400);
    expect((await broken.json()).error.code).toBe('MALFORMED_JSON');
    for (const path of ['/api/auth/sign-in/email', '/api/contacts', '/api/password-reset']) {
      const form = await t.app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'bn' },
        body: 'email=a%40b.co',
      });
      expect(form.status, path).toBe(415);
      const { error } = await form.json();
      expect(error.code, path).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(error.message, path).toMatch(/[\u0980-\u09FF]/);
    }
  });
});
