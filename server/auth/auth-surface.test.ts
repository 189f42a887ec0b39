import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.ts';
import { call, sessionCookie, signIn } from '../test/http.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { ALLOWED_AUTH_ENDPOINTS, REFUSED_AUTH_PATHS } from './auth-surface.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every endpoint the installed better-auth mounts, as `path` (with :params). */
function libraryPaths(): string[] {
  return Object.values(t.deps.auth.api as Record<string, { path?: string }>)
    .map((endpoint) => endpoint.path)
    .filter((path): path is string => typeof path === 'string');
}

const concrete = (path: string) => path.replace(/:[a-zA-Z]+/g, 'x');

const registration = () => ({
  name: 'Salma Begum',
  email: `salma-${Math.random().toString(36).slice(2)}@example.org`,
  password: 'Secret1!',
  image: '/api/images/0190a0a0-0000-7000-8000-000000000001.webp',
  bloodGroup: 'B+',
  division: 'Khulna',
  district: 'Jashore',
  consent: true,
});

describe(`better-auth's reachable surface (${process.env.TEST_ENGINE})`, () => {
  it('knows every endpoint the library mounts: each is either allowed or refused on purpose', () => {
    const paths = libraryPaths();
    expect(paths.length).toBeGreaterThan(20);
    const decided = new Set([...ALLOWED_AUTH_ENDPOINTS.map((e) => e.path), ...REFUSED_AUTH_PATHS]);
    // A new library endpoint lands here: decide whether the product needs it.
    expect(paths.filter((path) => !decided.has(path))).toEqual([]);
  });

  it.each(REFUSED_AUTH_PATHS)(
    'answers 404 to %s whatever the method, signed in or not',
    async (path) => {
      const user = await createUser(t.db);
      const cookie = sessionCookie((await signIn(t, user.email)).headers);
      for (const method of ['GET', 'POST']) {
        for (const headers of [{}, { cookie }] as Record<string, string>[]) {
          const res = await call(t, method, `/api/auth${concrete(path)}`, {
            headers,
            ...(method === 'POST' ? { body: {} } : {}),
          });
          expect(res.status, `${method} ${path}`).toBe(404);
          expect(res.body.error.code).toBe('NOT_FOUND');
        }
      }
    },
  );

  it('answers 404 to an allowed path with the other method', async () => {
    expect((await call(t, 'POST', '/api/auth/get-session', { body: {} })).status).toBe(404);
    expect((await call(t, 'GET', '/api/auth/sign-in/email')).status).toBe(404);
  });

  it('keeps update-user closed: a name, image or place cannot skip our schemas', async () => {
    const user = await createUser(t.db, { name: 'Before' });
    const cookie = sessionCookie((await signIn(t, user.email)).headers);
    for (const body of [
      { division: 'Atlantis' },
      { name: 'x'.repeat(20_000) },
      { image: 'javascript:alert(1)' },
      { bloodGroup: 'Z+' },
      { name: null },
    ]) {
      const res = await call(t, 'POST', '/api/auth/update-user', { headers: { cookie }, body });
      expect(res.status).toBe(404);
    }
    const row = await t.db
      .selectFrom('user')
      .select(['name', 'division', 'image', 'bloodGroup'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Before', division: 'Khulna', bloodGroup: 'O+' });
  });

  it.each([
    ['an unknown place', { division: 'Atlantis' }, 'Khulna is not in Atlantis division.'],
    [
      'a 20,000-character name',
      { name: 'x'.repeat(20_000) },
      'Name must be at most 100 characters',
    ],
    ['a script address', { image: 'javascript:alert(1)' }, 'Photo must be an uploaded image'],
    ['a made-up blood group', { bloodGroup: 'Z+' }, 'Blood group is required'],
  ])(
    'the one way to change a profile (PATCH /api/users/:id) refuses %s',
    async (_label, body, message) => {
      const user = await createUser(t.db);
      const cookie = sessionCookie((await signIn(t, user.email)).headers);
      const res = await call(t, 'PATCH', `/api/users/${user.id}`, { headers: { cookie }, body });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
    },
  );

  it('keeps change-password closed and holds sign-up to the SPEC §5 password rules', async () => {
    const user = await createUser(t.db);
    const cookie = sessionCookie((await signIn(t, user.email)).headers);
    const change = await call(t, 'POST', '/api/auth/change-password', {
      headers: { cookie },
      body: { currentPassword: 'Passw0rd!', newPassword: 'aaaaaa' },
    });
    expect(change.status).toBe(404);
    const weak = await call(t, 'POST', '/api/auth/sign-up/email', {
      body: { ...registration(), password: 'aaaaaa' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.error.message).toBe(
      'Password must be at least 6 characters long and include uppercase, lowercase, number, and special character',
    );
  });

  it('checks a password set through the library by any path with the shared rules', async () => {
    // Called inside the server, past the HTTP gate: the hook still holds.
    const attempt = t.deps.auth.api.resetPassword({
      body: { newPassword: 'aaaaaa', token: 'whatever' },
    });
    await expect(attempt).rejects.toMatchObject({
      body: { code: 'VALIDATION_FAILED', message: expect.stringMatching(/uppercase/) },
    });
  });

  it('never hands a session token to page scripts (sign-up, sign-in, get-session bodies)', async () => {
    const body = registration();
    const signUp = await call(t, 'POST', '/api/auth/sign-up/email', { body });
    const signInRes = await signIn(t, body.email, body.password);
    const cookie = sessionCookie(signInRes.headers);
    const session = await call(t, 'GET', '/api/auth/get-session', { headers: { cookie } });
    expect(session.body.user.email).toBe(body.email);
    const tokens = await t.db.selectFrom('session').select('token').execute();
    for (const res of [signUp, signInRes, session]) {
      expect(res.status).toBe(200);
      const text = JSON.stringify(res.body);
      expect(text).not.toMatch(/"token"/);
      for (const { token } of tokens) expect(text).not.toContain(token);
      expect(res.headers.get('set-auth-token')).toBeNull();
    }
  });

  // Found by the fuzzer: better-auth copied a sign-in callbackURL into a Location header, and a
  // Bangla character in it made a 500.
  it('refuses fields a sign-in does not take (callbackURL) in words, not with a 500', async () => {
    const user = await createUser(t.db);
    const res = await call(t, 'POST', '/api/auth/sign-in/email', {
      body: { email: user.email, password: 'Passw0rd!', callbackURL: '/রহিম' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('These fields cannot be sent to sign in: callbackURL.');
  });

  it('refuses a sign-in posted from another site, as in production', async () => {
    const user = await createUser(t.db);
    const res = await call(t, 'POST', '/api/auth/sign-in/email', {
      body: { email: user.email, password: 'Passw0rd!' },
      headers: { origin: 'https://evil.example', cookie: 'better-auth.session_token=x' },
    });
    expect(res.status).toBe(403);
  });

  it('makes every new account a donor, whatever its address (no admin by registering)', async () => {
    const body = { ...registration(), email: 'admin@example.org' };
    expect((await call(t, 'POST', '/api/auth/sign-up/email', { body })).status).toBe(200);
    const row = await t.db
      .selectFrom('user')
      .select('role')
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('donor');
  });

  // Issue 25: the second factor opens exactly what setup and sign-in need; the plugin's other
  // endpoints (another way to read the key, codes by email or SMS, new recovery codes) stay shut.
  it('opens exactly four two-factor endpoints, all POST', () => {
    const twoFactor = (path: string) => path.startsWith('/two-factor/');
    expect(ALLOWED_AUTH_ENDPOINTS.filter((e) => twoFactor(e.path))).toEqual([
      { method: 'POST', path: '/two-factor/enable' },
      { method: 'POST', path: '/two-factor/verify-totp' },
      { method: 'POST', path: '/two-factor/verify-backup-code' },
      { method: 'POST', path: '/two-factor/disable' },
    ]);
    expect(libraryPaths().filter(twoFactor).sort()).toEqual(
      [
        ...ALLOWED_AUTH_ENDPOINTS.map((e) => e.path).filter(twoFactor),
        ...REFUSED_AUTH_PATHS.filter(twoFactor),
      ].sort(),
    );
  });
});
