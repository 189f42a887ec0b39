import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.ts';
import { call, request, sessionCookie, signIn } from '../test/http.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const PASSWORD = 'Leak3d!pw';
let t: TestApp;
let log = '';

beforeAll(async () => {
  const capture = new Writable({
    write(chunk, _encoding, done) {
      log += String(chunk);
      done();
    },
  });
  t = await createTestApp({}, { logTo: capture });
});
afterAll(() => t.close());

const signUpBody = () => ({
  name: 'Rahim Uddin',
  email: `rahim-${Math.random().toString(36).slice(2)}@example.org`,
  password: PASSWORD,
  image: '/api/images/0190a0a0-0000-7000-8000-000000000001.webp',
  bloodGroup: 'A-',
  division: 'Khulna',
  district: 'Jashore',
  consent: true,
});

describe(`no secret in answers or logs (${process.env.TEST_ENGINE})`, () => {
  it('refuses a sign-up sent as a form without echoing its password, in the answer or the log', async () => {
    const form = new URLSearchParams({
      ...signUpBody(),
      consent: 'true',
      role: 'admin',
    }).toString();
    const res = await request(t, '/api/auth/sign-up/email', {
      method: 'POST',
      headers: {
        origin: 'http://localhost:3000',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form,
    });
    expect(res.status).toBe(415);
    expect(await res.text()).not.toContain(PASSWORD);
    expect(log).toContain('/api/auth/sign-up/email'); // the request was logged…
    expect(log).not.toContain(PASSWORD); // …without the password
  });

  it('logs rejected JSON sign-ups and sign-ins, a cookie and a token without any of them', async () => {
    const user = await createUser(t.db);
    await call(t, 'POST', '/api/auth/sign-up/email', {
      body: { ...signUpBody(), district: 'Nowhere' },
    });
    await call(t, 'POST', '/api/auth/sign-in/email', {
      body: { email: user.email, password: PASSWORD },
    });
    const cookie = sessionCookie((await signIn(t, user.email)).headers);
    const token = (await call(t, 'POST', '/api/jwt', { headers: { cookie } })).body.token as string;
    await call(t, 'GET', '/api/users/me', { headers: { authorization: `Bearer ${token}` } });
    await call(t, 'PATCH', '/api/users/me', { headers: { cookie }, body: { password: PASSWORD } });
    expect(log.length).toBeGreaterThan(0);
    for (const secret of [PASSWORD, token, cookie.split('=')[1] ?? 'no-cookie']) {
      expect(log).not.toContain(secret);
    }
  });
});
