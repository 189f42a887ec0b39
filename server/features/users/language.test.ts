import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meResponseSchema } from '../../../common/user-response.schema.ts';
import { bearerFor, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Issue 16: the server answers in the caller's language — a signed-in user's stored choice,
// else Accept-Language, else English — and a user chooses theirs with PUT /api/users/me/language.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BANGLA = { 'Accept-Language': 'bn-BD,bn;q=0.9,en;q=0.8' };
const ENGLISH = { 'Accept-Language': 'en-US,en;q=0.9' };

describe(`error messages in the caller's language (${process.env.TEST_ENGINE})`, () => {
  it('answers the same bad request in English, or in Bangla by Accept-Language, field by field', async () => {
    const en = await call(t, 'POST', '/api/contacts', { body: { name: ' ' } });
    expect(en.status).toBe(400);
    expect(en.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Name is required',
      details: { name: 'Name is required', phone: 'Phone number is required' },
    });
    const bn = await call(t, 'POST', '/api/contacts', { body: { name: ' ' }, headers: BANGLA });
    expect(bn.status).toBe(400);
    expect(bn.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'নাম লিখুন',
      details: {
        name: 'নাম লিখুন',
        phone: 'ফোন নম্বর লিখুন',
        email: 'ইমেইল লিখুন',
        message: 'বার্তা লিখুন',
      },
    });
    expect(bn.headers.get('vary')).toMatch(/Accept-Language/i);
  });

  it('takes the first language RedHope speaks from the header, English for any other', async () => {
    const fr = await call(t, 'GET', '/api/no-such-thing', { headers: { 'Accept-Language': 'fr' } });
    expect(fr.body.error.message).toBe('There is no such API endpoint.');
    const bn = await call(t, 'GET', '/api/no-such-thing', {
      headers: { 'Accept-Language': 'fr, bn;q=0.5' },
    });
    expect(bn.body.error).toEqual({ code: 'NOT_FOUND', message: 'এমন কোনো API ঠিকানা নেই।' });
  });

  it('fills in a message’s values, and writes a refusal of the rules in Bangla', async () => {
    const user = await createUser(t.db, { language: 'bn' });
    const res = await call(t, 'PATCH', `/api/users/${user.id}`, {
      headers: await bearerFor(t.db, user.id),
      body: { division: 'Dhaka', district: 'Jashore' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Jashore জেলা Dhaka বিভাগে নয়।',
      details: { district: 'Jashore জেলা Dhaka বিভাগে নয়।' },
    });
    const unknownKey = await call(t, 'PATCH', `/api/users/${user.id}`, {
      headers: await bearerFor(t.db, user.id),
      body: { role: 'admin' },
    });
    expect(unknownKey.body.error.message).toBe('এই ঘরগুলো এখানে বদলানো যায় না: role।');
  });

  it("uses a signed-in user's stored language over the header", async () => {
    const bangla = await createUser(t.db, { language: 'bn' });
    const english = await createUser(t.db);
    const asBangla = await call(t, 'POST', '/api/donation-request', {
      headers: { ...(await bearerFor(t.db, bangla.id)), ...ENGLISH },
      body: {},
    });
    expect(asBangla.status).toBe(400);
    expect(asBangla.body.error.message).toBe('রোগীর নাম লিখুন');
    expect(asBangla.body.error.details.donationDate).toBe('রক্তদানের তারিখ বেছে নিন');
    const asEnglish = await call(t, 'POST', '/api/donation-request', {
      headers: { ...(await bearerFor(t.db, english.id)), ...BANGLA },
      body: {},
    });
    expect(asEnglish.body.error.message).toBe('Please enter recipient name');
    // Before the session is read (the contact form's route) the stored choice still wins.
    const contact = await call(t, 'POST', '/api/contacts', {
      headers: { ...(await bearerFor(t.db, bangla.id)), ...ENGLISH },
      body: {},
    });
    expect(contact.body.error.message).toBe('নাম লিখুন');
  });

  it('answers a visitor’s 401 and better-auth’s refusals in their language', async () => {
    const me = await call(t, 'GET', '/api/users/me', { headers: BANGLA });
    expect(me.status).toBe(401);
    expect(me.body.error).toEqual({ code: 'UNAUTHORIZED', message: 'চালিয়ে যেতে লগইন করুন।' });
    const user = await createUser(t.db);
    const wrong = { email: user.email, password: `${TEST_PASSWORD}x` };
    const en = await call(t, 'POST', '/api/auth/sign-in/email', { body: wrong });
    expect(en.body.error.message).toBe('Invalid email or password');
    const bn = await call(t, 'POST', '/api/auth/sign-in/email', { body: wrong, headers: BANGLA });
    expect(bn.status).toBe(401);
    expect(bn.body.error).toEqual({
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'ইমেইল বা পাসওয়ার্ড ভুল',
    });
    const weak = await call(t, 'POST', '/api/auth/sign-in/email', {
      body: { email: user.email, password: 'x', role: 'admin' },
      headers: BANGLA,
    });
    expect(weak.body.error.message).toBe('লগইনের সময় এই ঘরগুলো পাঠানো যায় না: role।');
  });

  it("writes zod's own messages (a check with no message of ours) in Bangla too", async () => {
    const res = await call(t, 'POST', '/api/contacts', {
      headers: BANGLA,
      body: {
        name: 'Rahim',
        phone: '01711000000',
        email: `${'a'.repeat(250)}@example.org`,
        message: 'Hi',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.email).toMatch(/[\u0980-\u09FF]/);
    expect(res.body.error.details.email).not.toMatch(/^(validation|errors)\./);
  });
});

describe(`PUT /api/users/me/language (${process.env.TEST_ENGINE})`, () => {
  it('stores the choice (204), and GET /api/users/me says it', async () => {
    const user = await createUser(t.db);
    const headers = await bearerFor(t.db, user.id);
    const before = await call(t, 'GET', '/api/users/me', { headers });
    expect(meResponseSchema.strict().parse(before.body).language).toBe('en');
    const put = await call(t, 'PUT', '/api/users/me/language', {
      headers,
      body: { language: 'bn' },
    });
    expect(put.status).toBe(204);
    expect(put.body).toBeNull();
    const after = await call(t, 'GET', '/api/users/me', { headers });
    expect(after.body.language).toBe('bn');
    const back = await call(t, 'PUT', '/api/users/me/language', {
      headers,
      body: { language: 'en' },
    });
    expect(back.status).toBe(204);
    expect((await call(t, 'GET', '/api/users/me', { headers })).body.language).toBe('en');
  });

  it('refuses visitors (401) and other values in words (400), in the caller’s language', async () => {
    const visitor = await call(t, 'PUT', '/api/users/me/language', { body: { language: 'bn' } });
    expect(visitor.status).toBe(401);
    const user = await createUser(t.db);
    const headers = await bearerFor(t.db, user.id);
    for (const body of [{ language: 'fr' }, { language: 'BN' }, {}, { language: null }]) {
      const res = await call(t, 'PUT', '/api/users/me/language', { headers, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({
        code: 'VALIDATION_FAILED',
        message: "Language must be 'en' (English) or 'bn' (Bangla)",
        details: { language: "Language must be 'en' (English) or 'bn' (Bangla)" },
      });
    }
    const bangla = await createUser(t.db, { language: 'bn' });
    const res = await call(t, 'PUT', '/api/users/me/language', {
      headers: await bearerFor(t.db, bangla.id),
      body: { language: 'fr' },
    });
    expect(res.body.error.message).toBe("ভাষা হবে 'en' (ইংরেজি) বা 'bn' (বাংলা)");
    const row = await t.db
      .selectFrom('user')
      .select('language')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.language).toBe('en');
  });

  it('starts a new account in the language of its sign-up, English when the header says none', async () => {
    const language = async (acceptLanguage: string | undefined) => {
      const email = `rahima-${Math.random().toString(36).slice(2)}@example.org`;
      const res = await call(t, 'POST', '/api/auth/sign-up/email', {
        headers: acceptLanguage ? { 'Accept-Language': acceptLanguage } : {},
        body: {
          name: 'Rahima Khatun',
          email,
          password: 'Secret1!',
          image: '/api/images/0190a0a0-0000-7000-8000-000000000001.webp',
          bloodGroup: 'B+',
          division: 'Khulna',
          district: 'Jashore',
          consent: true,
        },
      });
      expect(res.status).toBe(200);
      const row = await t.db
        .selectFrom('user')
        .select('language')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return row.language;
    };
    expect(await language('bn-BD,bn;q=0.9')).toBe('bn');
    expect(await language('en-GB')).toBe('en');
    expect(await language(undefined)).toBe('en');
  });

  it('refuses a blocked user', async () => {
    const user = await createUser(t.db, { status: 'block' });
    const res = await call(t, 'PUT', '/api/users/me/language', {
      headers: await bearerFor(t.db, user.id),
      body: { language: 'bn' },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('ACCOUNT_BLOCKED');
  });
});
