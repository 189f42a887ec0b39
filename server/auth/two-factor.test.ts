import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearerFor,
  createRequest,
  createUser,
  TEST_BACKUP_CODES,
  TEST_PASSWORD,
  TEST_TOTP_KEY,
} from '../test/factories.ts';
import { call, sessionCookie, signIn, twoFactorCookie } from '../test/http.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { keyOfUri, totp, wrongCode } from '../test/totp.ts';
import { resetByUser } from './two-factor.repository.ts';
import { TWO_FACTOR_FAILURE_LIMIT } from './two-factor.ts';

// Issue 25: staff sign in with a second factor (better-auth's twoFactor plugin, TOTP and its
// backup codes as recovery codes); an admin without one is refused admin actions.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;

/** A password sign-in that stops where the second factor is asked for. */
const passwordStep = (email: string) => signIn(t, email, TEST_PASSWORD, { code: false });

const sessionsOf = async (userId: string) =>
  (await t.db.selectFrom('session').select('id').where('userId', '=', userId).execute()).length;

/** Sets an authenticator up through the endpoints, as the web page does: its key and codes. */
async function setUp(cookie: string) {
  const enabled = await call(t, 'POST', '/api/auth/two-factor/enable', {
    headers: { cookie },
    body: { password: TEST_PASSWORD },
  });
  expect(enabled.status).toBe(200);
  const key = keyOfUri(enabled.body.totpURI);
  const verified = await call(t, 'POST', '/api/auth/two-factor/verify-totp', {
    headers: { cookie },
    body: { code: totp(key) },
  });
  expect(verified.status).toBe(200);
  // Turning it on replaces the session (better-auth's own rotation): the new cookie is the one.
  return {
    key,
    backupCodes: enabled.body.backupCodes as string[],
    cookie: sessionCookie(verified.headers),
  };
}

const auditLog = (headers: Headers) => call(t, 'GET', '/api/audit-log', { headers });
const adminStats = (headers: Headers) => call(t, 'GET', '/api/admin-stats', { headers });

describe(`an admin without a second factor (${process.env.TEST_ENGINE})`, () => {
  it('is refused admin routes with TWO_FACTOR_REQUIRED, while a volunteer without one is not', async () => {
    const admin = await createUser(t.db, { role: 'admin', twoFactorEnabled: false });
    const volunteer = await createUser(t.db, { role: 'volunteer' });
    const withFactor = await createUser(t.db, { role: 'admin' });
    const adminHeaders = await bearerFor(t.db, admin.id);

    for (const res of [await auditLog(adminHeaders), await adminStats(adminHeaders)]) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('TWO_FACTOR_REQUIRED');
      expect(res.body.error.message).toMatch(/two-step sign-in/);
    }
    const bangla = await createUser(t.db, {
      role: 'admin',
      twoFactorEnabled: false,
      language: 'bn',
    });
    const inBangla = await auditLog(await bearerFor(t.db, bangla.id));
    expect(inBangla.body.error.message).toMatch(/দুই ধাপের লগইন/);

    expect((await adminStats(await bearerFor(t.db, volunteer.id))).status).toBe(200);
    expect((await auditLog(await bearerFor(t.db, withFactor.id))).status).toBe(200);
    // Still a member: their own things work.
    expect((await call(t, 'GET', '/api/users/me', { headers: adminHeaders })).status).toBe(200);
  });

  it('is refused what only staff may do in a route of its own, but keeps their own things', async () => {
    const admin = await createUser(t.db, { role: 'admin', twoFactorEnabled: false });
    const donor = await createUser(t.db);
    const headers = await bearerFor(t.db, admin.id);
    const theirs = await createRequest(t.db, donor);
    const own = await createRequest(t.db, admin);
    for (const [method, path] of [
      ['DELETE', `/api/donation-request/all/${theirs.id}`],
      ['GET', `/api/users/${donor.email}`],
      ['GET', `/api/donation-request?email=${encodeURIComponent(donor.email)}`],
    ] as const) {
      const res = await call(t, method, path, { headers });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error.code).toBe('TWO_FACTOR_REQUIRED');
    }
    expect((await call(t, 'GET', `/api/users/${admin.email}`, { headers })).status).toBe(200);
    const deleted = await call(t, 'DELETE', `/api/donation-request/all/${own.id}`, { headers });
    expect(deleted.status).toBe(200);
    // An admin with a second factor may.
    const ready = await bearerFor(t.db, (await createUser(t.db, { role: 'admin' })).id);
    const res = await call(t, 'DELETE', `/api/donation-request/all/${theirs.id}`, {
      headers: ready,
    });
    expect(res.status).toBe(200);
  });

  it('sets one up (password, then a first code) and can then act as admin', async () => {
    const admin = await createUser(t.db, { role: 'admin', twoFactorEnabled: false });
    const cookie = sessionCookie((await signIn(t, admin.email)).headers);
    expect((await auditLog({ cookie })).body.error.code).toBe('TWO_FACTOR_REQUIRED');

    const wrongPassword = await call(t, 'POST', '/api/auth/two-factor/enable', {
      headers: { cookie },
      body: { password: 'Wrong1!x' },
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.error.code).toBe('INVALID_PASSWORD');

    const enabled = await call(t, 'POST', '/api/auth/two-factor/enable', {
      headers: { cookie },
      body: { password: TEST_PASSWORD },
    });
    expect(enabled.body.totpURI).toMatch(/^otpauth:\/\/totp\/RedHope:.*secret=[A-Z2-7]+/);
    expect(enabled.body.backupCodes).toHaveLength(10);
    // Not on until a code proves the app has the key.
    expect((await auditLog({ cookie })).body.error.code).toBe('TWO_FACTOR_REQUIRED');
    const stored = await t.db
      .selectFrom('twoFactor')
      .select(['secret', 'backupCodes'])
      .where('userId', '=', admin.id)
      .executeTakeFirstOrThrow();
    // Stored encrypted: neither the key nor a recovery code is readable in the database.
    const key = keyOfUri(enabled.body.totpURI);
    expect(stored.secret).not.toContain(key.toString('utf8'));
    expect(stored.backupCodes).not.toContain(enabled.body.backupCodes[0]);

    const bad = await call(t, 'POST', '/api/auth/two-factor/verify-totp', {
      headers: { cookie },
      body: { code: wrongCode(totp(key)) },
    });
    expect(bad.status).toBe(401);
    expect(bad.body.error.code).toBe('INVALID_CODE');
    const ok = await call(t, 'POST', '/api/auth/two-factor/verify-totp', {
      headers: { cookie },
      body: { code: totp(key) },
    });
    expect(ok.status).toBe(200);
    expect(JSON.stringify(ok.body)).not.toContain('token');
    const rotated = sessionCookie(ok.headers);
    expect((await auditLog({ cookie: rotated })).status).toBe(200);
    const session = await call(t, 'GET', '/api/auth/get-session', { headers: { cookie: rotated } });
    expect(session.body.user.twoFactorEnabled).toBe(true);
  });

  it('refuses fields the product does not send (trust this device, another method)', async () => {
    const volunteer = await createUser(t.db, { role: 'volunteer' });
    const cookie = sessionCookie((await signIn(t, volunteer.email)).headers);
    const method = await call(t, 'POST', '/api/auth/two-factor/enable', {
      headers: { cookie },
      body: { password: TEST_PASSWORD, method: 'otp' },
    });
    expect(method.status).toBe(400);
    expect(method.body.error.code).toBe('FIELD_NOT_ALLOWED');
    const { key } = await setUp(cookie);
    const first = await passwordStep(volunteer.email);
    const trust = await call(t, 'POST', '/api/auth/two-factor/verify-totp', {
      headers: { cookie: twoFactorCookie(first.headers) },
      body: { code: totp(key), trustDevice: true },
    });
    expect(trust.status).toBe(400);
    expect(trust.body.error.code).toBe('FIELD_NOT_ALLOWED');
    expect(trust.headers.getSetCookie().join()).not.toContain('trust_device');
  });
});

describe(`signing in with a second factor (${process.env.TEST_ENGINE})`, () => {
  it('needs the code after the password: no session exists before it', async () => {
    const admin = await createUser(t.db, { role: 'admin', twoFactorEnabled: false });
    const { key } = await setUp(sessionCookie((await signIn(t, admin.email)).headers));
    await t.db.deleteFrom('session').where('userId', '=', admin.id).execute();

    const first = await passwordStep(admin.email);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(await sessionsOf(admin.id)).toBe(0);
    const pending = twoFactorCookie(first.headers);
    expect(pending).toMatch(/two_factor=/);
    // The pending sign-in is no session.
    const asIs = await call(t, 'GET', '/api/auth/get-session', { headers: { cookie: pending } });
    expect(asIs.body).toBeNull();
    expect((await auditLog({ cookie: pending })).status).toBe(401);

    const done = await call(t, 'POST', '/api/auth/two-factor/verify-totp', {
      headers: { cookie: pending },
      body: { code: totp(key) },
    });
    expect(done.status).toBe(200);
    expect(done.body.user.email).toBe(admin.email);
    expect((await auditLog({ cookie: sessionCookie(done.headers) })).status).toBe(200);
    // The pending sign-in was used up with it.
    const again = await call(t, 'POST', '/api/auth/two-factor/verify-totp', {
      headers: { cookie: pending },
      body: { code: totp(key) },
    });
    expect(again.status).toBe(401);
  });

  it('refuses wrong codes and counts them: after five, even the right code waits 15 minutes', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const key = TEST_TOTP_KEY;
    // Spread over two sign-ins: the count is the account's, not one attempt's.
    let pending = twoFactorCookie((await passwordStep(admin.email)).headers);
    for (let i = 0; i < TWO_FACTOR_FAILURE_LIMIT; i += 1) {
      if (i === 2) pending = twoFactorCookie((await passwordStep(admin.email)).headers);
      const res = await call(t, 'POST', '/api/auth/two-factor/verify-totp', {
        headers: { cookie: pending },
        body: { code: wrongCode(totp(key)) },
      });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('INVALID_CODE');
    }
    const fresh = twoFactorCookie((await passwordStep(admin.email)).headers);
    const locked = await call(t, 'POST', '/api/auth/two-factor/verify-totp', {
      headers: { cookie: fresh, 'accept-language': 'bn' },
      body: { code: totp(key) },
    });
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('ACCOUNT_TEMPORARILY_LOCKED');
    expect(locked.body.error.message).toMatch(/আটকে রাখা হয়েছে/);
    expect(await sessionsOf(admin.id)).toBe(0);

    // Once the 15 minutes have passed, the right code works.
    await t.db
      .updateTable('twoFactor')
      .set({ lockedUntil: new Date(Date.now() - 1000).toISOString() })
      .where('userId', '=', admin.id)
      .execute();
    const later = await call(t, 'POST', '/api/auth/two-factor/verify-totp', {
      headers: { cookie: fresh },
      body: { code: totp(key) },
    });
    expect(later.status).toBe(200);
  });

  it('takes a recovery code in place of the app code, each once', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const [code] = TEST_BACKUP_CODES;
    const first = await call(t, 'POST', '/api/auth/two-factor/verify-backup-code', {
      headers: { cookie: twoFactorCookie((await passwordStep(admin.email)).headers) },
      body: { code },
    });
    expect(first.status).toBe(200);
    expect((await auditLog({ cookie: sessionCookie(first.headers) })).status).toBe(200);
    const reused = await call(t, 'POST', '/api/auth/two-factor/verify-backup-code', {
      headers: { cookie: twoFactorCookie((await passwordStep(admin.email)).headers) },
      body: { code },
    });
    expect(reused.status).toBe(401);
    expect(reused.body.error.code).toBe('INVALID_BACKUP_CODE');
    const next = await call(t, 'POST', '/api/auth/two-factor/verify-backup-code', {
      headers: { cookie: twoFactorCookie((await passwordStep(admin.email)).headers) },
      body: { code: TEST_BACKUP_CODES[1] },
    });
    expect(next.status).toBe(200);
  });

  it('lets a volunteer turn it off again (password), after which the password alone signs in', async () => {
    const volunteer = await createUser(t.db, { role: 'volunteer' });
    const { cookie } = await setUp(sessionCookie((await signIn(t, volunteer.email)).headers));
    const off = await call(t, 'POST', '/api/auth/two-factor/disable', {
      headers: { cookie },
      body: { password: TEST_PASSWORD },
    });
    expect(off.status).toBe(200);
    const plain = await passwordStep(volunteer.email);
    expect(plain.body.user.email).toBe(volunteer.email);
    expect(sessionCookie(plain.headers)).toMatch(/session_token=/);
  });
});

describe(`staff sessions (${process.env.TEST_ENGINE})`, () => {
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

  it('end 12 hours after sign-in whatever their use; a donor session goes on', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const volunteer = await createUser(t.db, { role: 'volunteer' });
    const donor = await createUser(t.db);
    const cookies = {
      admin: sessionCookie((await signIn(t, admin.email)).headers),
      volunteer: sessionCookie((await signIn(t, volunteer.email)).headers),
      donor: sessionCookie((await signIn(t, donor.email)).headers),
    };
    const bearer = await bearerFor(t.db, volunteer.id);
    const age = async (hours: number) => {
      for (const who of [admin, volunteer, donor])
        await t.db
          .updateTable('session')
          .set({ createdAt: hoursAgo(hours) })
          .where('userId', '=', who.id)
          .execute();
    };
    const me = (headers: Headers) => call(t, 'GET', '/api/users/me', { headers });

    await age(11.9);
    for (const cookie of Object.values(cookies)) expect((await me({ cookie })).status).toBe(200);
    expect((await me(bearer)).status).toBe(200);

    await age(12.01);
    expect((await me({ cookie: cookies.admin })).status).toBe(401);
    expect((await me({ cookie: cookies.volunteer })).status).toBe(401);
    expect((await me(bearer)).status).toBe(401);
    expect((await me({ cookie: cookies.donor })).status).toBe(200);
    const session = await call(t, 'GET', '/api/auth/get-session', {
      headers: { cookie: cookies.admin },
    });
    expect(session.body).toBeNull();
    expect(await sessionsOf(admin.id)).toBe(0);
  });
});

describe(`resetting a second factor (${process.env.TEST_ENGINE})`, () => {
  it('removes the authenticator, ends every session, audits it; the admin must set up again', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const headers = await bearerFor(t.db, admin.id);
    const actor = {
      id: 'admin-cli',
      name: 'npm run admin',
      email: 'admin-cli@localhost',
      role: 'admin' as const,
    };
    expect(await resetByUser(t.db, admin, actor)).toBe(true);
    expect((await auditLog(headers)).status).toBe(401);

    const plain = await passwordStep(admin.email);
    expect(plain.body.user.twoFactorEnabled).toBe(false);
    const cookie = sessionCookie(plain.headers);
    expect((await auditLog({ cookie })).body.error.code).toBe('TWO_FACTOR_REQUIRED');

    const other = await createUser(t.db, { role: 'admin' });
    const log = await auditLog(await bearerFor(t.db, other.id));
    expect(log.body).toContainEqual(
      expect.objectContaining({ action: 'user.twoFactorReset', targetLabel: admin.email }),
    );
    expect(await resetByUser(t.db, admin, actor)).toBe(false);
  });
});

describe(`the two-factor rate limit (${process.env.TEST_ENGINE})`, () => {
  // The plugin alone allows 3 calls in 10 s per address: staff behind one office address would
  // be refused for each other's typos. Ours allows 30 a minute; the account lockout stops guessing.
  it('lets a shared address make more than three code checks in ten seconds, then limits it', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: 'true' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i += 1) {
        const res = await call(limited, 'POST', '/api/auth/two-factor/verify-totp', {
          body: { code: '123456' },
          ip: '10.9.9.9',
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
