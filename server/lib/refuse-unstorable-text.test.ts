import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequest, createUser, requestForm, TEST_PASSWORD } from '../test/factories.ts';
import { fingerprint } from '../test/fingerprint.ts';
import { type CallResult, call, sessionCookie, signIn } from '../test/http.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import {
  INVALID_CHARACTERS,
  MALFORMED_URL_MESSAGE,
  NUL_MESSAGE,
  SURROGATE_MESSAGE,
} from './refuse-unstorable-text.ts';

// Regression: on PostgreSQL a NUL character (U+0000) anywhere in a text input — sign-in email,
// contact name, ?upazila=%00, request fields, path ids — was a 500 ("invalid byte sequence for
// encoding UTF8"), to visitors too. It is now a 400 in words on every route and both engines.

let t: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let donor: User;
let admin: User;
let donorCookie: Record<string, string>;
let adminCookie: Record<string, string>;
let request: Awaited<ReturnType<typeof createRequest>>;
let ipCounter = 0;
/** Each call from its own address, so the contact form's hourly limit never answers first. */
const nextIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const engine = process.env.TEST_ENGINE;

beforeAll(async () => {
  t = await createTestApp();
  donor = await createUser(t.db, { name: 'Nusrat Jahan', district: 'Jashore', division: 'Khulna' });
  admin = await createUser(t.db, { role: 'admin' });
  // Real sign-ins: better-auth reads the body after the middleware has read it.
  donorCookie = { cookie: sessionCookie((await signIn(t, donor.email)).headers) };
  adminCookie = { cookie: sessionCookie((await signIn(t, admin.email)).headers) };
  request = await createRequest(t.db, donor);
});
afterAll(() => t.close());

const signUpForm = (overrides: Record<string, unknown> = {}) => ({
  name: 'Karim Uddin',
  email: `karim-${ipCounter}@example.org`,
  password: TEST_PASSWORD,
  image: '/api/images/0190a0a0-0000-7000-8000-000000000000.webp',
  bloodGroup: 'A+',
  division: 'Khulna',
  district: 'Jashore',
  consent: true,
  ...overrides,
});

const contactForm = (overrides: Record<string, unknown> = {}) => ({
  name: 'Rahim',
  phone: '+880 1711-000000',
  email: 'rahim@example.org',
  message: 'Hello',
  ...overrides,
});

interface Refusal {
  error: { code: string; message: string; details?: Record<string, string> };
}

/** Sends the request and checks it is refused with `status`/`code` and changed no row. */
async function expectRefused(
  send: () => Promise<CallResult<Refusal>>,
  { status = 400, code = INVALID_CHARACTERS, message = NUL_MESSAGE } = {},
) {
  const before = await fingerprint(t);
  const res = await send();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error.code).toBe(code);
  expect(res.body.error.message).toBe(message);
  expect(await fingerprint(t)).toEqual(before);
  return res;
}

describe(`NUL and other unstorable text is a 400, never a 500 (${engine})`, () => {
  it('refuses NUL in the sign-in email and password', async () => {
    const cases = {
      email: { email: `${donor.email}\u0000`, password: TEST_PASSWORD },
      password: { email: donor.email, password: `${TEST_PASSWORD}\u0000` },
    };
    for (const [field, body] of Object.entries(cases)) {
      const res = await expectRefused(() => call(t, 'POST', '/api/auth/sign-in/email', { body }));
      expect(res.body.error.details).toEqual({ [field]: NUL_MESSAGE });
    }
  });

  it('refuses NUL in any sign-up field, creating no account', async () => {
    for (const field of ['name', 'email', 'password', 'division', 'district', 'upazila']) {
      const value = field === 'email' ? `a\u0000b-${ipCounter}@example.org` : 'Ja\u0000shore';
      const res = await expectRefused(() =>
        call(t, 'POST', '/api/auth/sign-up/email', {
          body: signUpForm({ [field]: value }),
          ip: nextIp(),
        }),
      );
      expect(res.body.error.details).toEqual({ [field]: NUL_MESSAGE });
    }
  });

  it('refuses NUL in the contact form', async () => {
    for (const field of ['name', 'phone', 'email', 'message']) {
      await expectRefused(() =>
        call(t, 'POST', '/api/contacts', {
          body: contactForm({ [field]: 'x\u0000y' }),
          ip: nextIp(),
        }),
      );
    }
  });

  it('refuses NUL in donor search filters and list queries', async () => {
    for (const query of [
      'upazila=%00',
      'district=%00',
      'division=Khulna%00',
      'bloodGroup=A%2B%00',
      'page=1%00',
      'x%00=1',
    ]) {
      const res = await expectRefused(() => call(t, 'GET', `/api/users/donor?${query}`));
      if (!query.startsWith('x')) expect(Object.keys(res.body.error.details ?? {})).toHaveLength(1);
    }
    await expectRefused(() => call(t, 'GET', '/api/donation-request?status=pending%00'));
    await expectRefused(() =>
      call(t, 'GET', '/api/donation-request?email=a%00b', { headers: donorCookie }),
    );
    await expectRefused(() => call(t, 'GET', '/api/districts?divisionId=%00'));
  });

  it('refuses NUL in every field of a new request, storing nothing', async () => {
    for (const field of Object.keys(requestForm())) {
      await expectRefused(() =>
        call(t, 'POST', '/api/donation-request', {
          headers: donorCookie,
          body: requestForm({ [field]: `${requestForm()[field as 'upazila']}\u0000` }),
        }),
      );
    }
  });

  it('refuses NUL in an edit of a request or of a profile, changing nothing', async () => {
    await expectRefused(() =>
      call(t, 'PATCH', `/api/donation-request/${request.id}`, {
        headers: donorCookie,
        body: { hospitalName: 'New\u0000Hospital' },
      }),
    );
    await expectRefused(() =>
      call(t, 'PATCH', `/api/users/${donor.id}`, {
        headers: donorCookie,
        body: { name: 'Nusrat\u0000' },
      }),
    );
  });

  it('refuses NUL in path ids, for visitors and signed-in callers alike', async () => {
    const cases: Array<[string, string, Record<string, string>?]> = [
      ['GET', '/api/donation-request/%00'],
      ['GET', '/api/donation-request/%00', donorCookie],
      ['PATCH', `/api/donation-request/${request.id}%00`, donorCookie],
      ['DELETE', '/api/donation-request/all/%00', adminCookie],
      ['GET', '/api/users/%00'],
      ['GET', '/api/users/%00', donorCookie],
      ['GET', `/api/users/${donor.email}%00`, adminCookie],
      ['GET', '/api/users/check-admin/%00', donorCookie],
      ['PATCH', '/api/users/%00', donorCookie],
      ['PATCH', '/api/users/block/%00', adminCookie],
      ['DELETE', '/api/users/%00', adminCookie],
      ['GET', '/api/images/%00.webp'],
      ['GET', '/api/auth/get-session%00', donorCookie],
      ['GET', '/api/no-such%00thing'],
    ];
    for (const [method, path, headers] of cases) {
      await expectRefused(() => call(t, method, path, headers ? { headers } : {}));
    }
  });

  it('refuses a key that contains NUL, at the top or nested', async () => {
    const res = await expectRefused(() =>
      call(t, 'POST', '/api/contacts', {
        body: { ...contactForm(), 'na\u0000me': 'x' },
        ip: nextIp(),
      }),
    );
    // The broken key is not echoed back as a field name.
    expect(res.body.error.details).toBeUndefined();
    await expectRefused(() =>
      call(t, 'PATCH', `/api/donation-request/${request.id}`, {
        headers: donorCookie,
        body: { hospitalName: 'X', extra: [{ 'a\u0000': 1 }] },
      }),
    );
  });

  it('finds NUL deep inside a body nested 30,000 levels, without overflowing the stack', async () => {
    const depth = 30_000;
    const body = `${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`;
    const before = await fingerprint(t);
    const res = await t.app.request('/api/contacts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe(INVALID_CHARACTERS);
    expect(await fingerprint(t)).toEqual(before);
  });

  it('keeps a literal backslash-u-0000 (text, not NUL) exactly as sent', async () => {
    const message = 'Path C:\\u0000 and \\\\u0000 stay text';
    const res = await call(t, 'POST', '/api/contacts', {
      body: contactForm({ message }),
      ip: nextIp(),
    });
    expect(res.status).toBe(201);
    const row = await t.db
      .selectFrom('contact')
      .select('message')
      .where('id', '=', res.body.insertedId)
      .executeTakeFirstOrThrow();
    expect(row.message).toBe(message);
  });

  it('refuses a lone UTF-16 surrogate (the engines would store it altered) but keeps emoji', async () => {
    for (const name of ['\uD83D', 'a\uDE00b', 'x\uDE00\uD83D']) {
      const res = await expectRefused(
        () => call(t, 'POST', '/api/contacts', { body: contactForm({ name }), ip: nextIp() }),
        { message: SURROGATE_MESSAGE },
      );
      expect(res.body.error.details).toEqual({ name: SURROGATE_MESSAGE });
    }
    const name = 'Rahim 🩸 রহিম';
    const res = await call(t, 'POST', '/api/contacts', {
      body: contactForm({ name }),
      ip: nextIp(),
    });
    expect(res.status).toBe(201);
    const row = await t.db
      .selectFrom('contact')
      .select('name')
      .where('id', '=', res.body.insertedId)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe(name);
  });

  it('answers a broken %-escape in the path or query with a 400, not a 500', async () => {
    for (const path of [
      '/api/users/donor?upazila=%ZZ',
      '/api/users/donor?upazila=%E0%A4%A',
      '/api/users/donor?upazila=%ED%A0%80', // a surrogate, encoded in UTF-8
      '/api/users/donor?%E0=1',
      '/api/users/%E0%A4%A',
      '/api/donation-request/%ZZ',
      '/api/auth/get-session%',
    ]) {
      await expectRefused(() => call(t, 'GET', path, { headers: donorCookie }), {
        code: 'MALFORMED_URL',
        message: MALFORMED_URL_MESSAGE,
      });
    }
    // Well-formed escapes still work: a Bangla upazila name, encoded.
    const ok = await call(t, 'GET', `/api/users/donor?upazila=${encodeURIComponent('যশোর')}`);
    expect(ok.status).toBe(200);
  });

  it('refuses NUL in urlencoded, multipart (base64 parts too) and raw bodies', async () => {
    const send = (body: string, contentType: string) => async () => {
      const res = await t.app.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': contentType, origin: 'http://localhost:3000' },
        body,
      });
      return { status: res.status, body: await res.json(), headers: res.headers };
    };
    await expectRefused(
      send(
        `email=${encodeURIComponent(donor.email)}%00&password=x`,
        'application/x-www-form-urlencoded',
      ),
    );
    const base64Part = [
      '--boundary42',
      'Content-Disposition: form-data; name="email"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from(`${donor.email}\0`).toString('base64'),
      '--boundary42--',
      '',
    ].join('\r\n');
    await expectRefused(send(base64Part, 'multipart/form-data; boundary=boundary42'));
    await expectRefused(send(`{"email":"a\u0000b","password":"x"}`, 'text/plain'));
    await expectRefused(send('--B\r\nnot a form', 'multipart/form-data; boundary=B'), {
      code: 'BAD_REQUEST',
      message: 'The request body is not a valid form.',
    });
  });

  it('still checks the size limit first', async () => {
    const res = await call(t, 'POST', '/api/contacts', {
      body: contactForm({ message: `\u0000${'x'.repeat(200 * 1024)}` }),
      ip: nextIp(),
    });
    expect(res.status).toBe(413);
  });

  it('leaves image uploads (binary, full of NUL bytes) alone', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    expect(png.includes(0)).toBe(true);
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)]), 'a.png');
    const res = await t.app.request(
      '/api/images',
      { method: 'POST', body: form, headers: donorCookie },
      { incoming: { socket: { remoteAddress: nextIp(), remotePort: 1 } } },
    );
    expect(res.status).toBe(201);
  });

  it('lets a sign-in through once the body has been read for the check', async () => {
    const res = await signIn(t, donor.email);
    expect(res.status).toBe(200);
    expect(sessionCookie(res.headers)).toContain('session_token');
  });
});
