import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DELETED_ACCOUNT_NAME } from '../../../common/deleted-account.ts';
import { PRIVACY_NOTICE_VERSION } from '../../../common/privacy.ts';
import { newId } from '../../lib/ids.ts';
import {
  bearerFor,
  createUser,
  requestForm,
  TEST_PASSWORD,
  type UserOverrides,
} from '../../test/factories.ts';
import { call, sessionCookie, signIn } from '../../test/http.ts';
import { manualClock } from '../../test/manual-clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testWorker } from '../../test/worker.ts';

// Issue 31 (Bangladesh PDPO 2025): consent at registration and again when the notice changes,
// withdrawing it, and deleting one's own account with everything that names the person.

const clock = manualClock();
let t: TestApp;
let worker: ReturnType<typeof testWorker>;
beforeEach(async () => {
  clock.set(new Date());
  // A mailer that is never reached: emails stay in the outbox as jobs, with their words.
  t = await createTestApp(
    { SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'RedHope <alerts@redhope.test>' },
    { clock },
  );
  worker = testWorker(t);
});
afterEach(() => t.close());

const engine = process.env.TEST_ENGINE;
const here = { division: 'Khulna', district: 'Jashore', upazila: 'Jashore Sadar' } as const;
const registration = (overrides: Record<string, unknown> = {}) => ({
  name: 'Farida Yasmin',
  email: `farida-${Math.random().toString(36).slice(2)}@example.org`,
  password: 'Secret1!',
  image: '/api/images/0190a0a0-0000-7000-8000-000000000001.webp',
  bloodGroup: 'B+',
  ...here,
  ...overrides,
});
const as = async (user: { id: string }) => ({ headers: await bearerFor(t.db, user.id) });
const donor = (overrides: UserOverrides = {}) =>
  createUser(t.db, { bloodGroup: 'B+', ...here, ...overrides });

async function searchNames() {
  const res = await call(t, 'GET', '/api/users/donor?bloodGroup=B%2B&district=Jashore&limit=100');
  expect(res.status).toBe(200);
  return (res.body as Array<{ name: string }>).map((d) => d.name);
}

async function newRequest(requester: { id: string }) {
  const res = await call(t, 'POST', '/api/donation-request', {
    ...(await as(requester)),
    body: requestForm(),
  });
  expect(res.status).toBe(201);
  return res.body.insertedId as string;
}

async function alertedIds(requestId: string) {
  const rows = await t.db
    .selectFrom('requestAlert')
    .select('userId')
    .where('requestId', '=', requestId)
    .execute();
  return rows.map((row) => row.userId);
}

describe(`consent at registration (${engine})`, () => {
  it('refuses a registration without consent, or with the box left unticked: 400 in words, no account', async () => {
    for (const consent of [undefined, false, 'yes']) {
      const body = registration(consent === undefined ? {} : { consent });
      const res = await call(t, 'POST', '/api/auth/sign-up/email', { body });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/privacy notice/);
      const row = await t.db
        .selectFrom('user')
        .select('id')
        .where('email', '=', body.email)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    }
    const bangla = await call(t, 'POST', '/api/auth/sign-up/email', {
      headers: { 'accept-language': 'bn' },
      body: registration(),
    });
    expect(bangla.status).toBe(400);
    expect(bangla.body.error.message).toMatch(/গোপনীয়তা নোটিশ/);
  });

  it("stores the consent with the notice's version and the time; the session owes nothing", async () => {
    const before = Date.now();
    const body = registration({ consent: true });
    const res = await call(t, 'POST', '/api/auth/sign-up/email', { body });
    expect(res.status).toBe(200);
    const userId = res.body.user.id as string;
    const rows = await t.db
      .selectFrom('userConsent')
      .select(['noticeVersion', 'givenAt', 'withdrawnAt'])
      .where('userId', '=', userId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.noticeVersion).toBe(PRIVACY_NOTICE_VERSION);
    expect(rows[0]?.withdrawnAt).toBeNull();
    expect(new Date(rows[0]?.givenAt as string).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const cookie = sessionCookie(res.headers);
    const session = await call(t, 'GET', '/api/auth/get-session', { headers: { cookie } });
    expect(session.body.user.consentOwed).toBe(false);
    const me = await call(t, 'GET', '/api/users/me', { headers: { cookie } });
    expect(me.body.consent).toMatchObject({
      noticeVersion: PRIVACY_NOTICE_VERSION,
      acceptedVersion: PRIVACY_NOTICE_VERSION,
      withdrawnAt: null,
      owed: false,
    });
  });
});

describe(`consent asked again (${engine})`, () => {
  it('an account from before the notice, or one that agreed to an older version, owes it at sign-in', async () => {
    const older = await donor({ consent: false });
    const outdated = await donor();
    await t.db.deleteFrom('userConsent').where('userId', '=', outdated.id).execute();
    await t.db
      .insertInto('userConsent')
      .values({
        id: newId(),
        userId: outdated.id,
        noticeVersion: '2020-01-01',
        givenAt: new Date().toISOString(),
      })
      .execute();

    for (const person of [older, outdated]) {
      const signedIn = await signIn(t, person.email);
      const cookie = sessionCookie(signedIn.headers);
      const session = await call(t, 'GET', '/api/auth/get-session', { headers: { cookie } });
      expect(session.body.user.consentOwed).toBe(true);
      const me = await call(t, 'GET', '/api/users/me', { headers: { cookie } });
      expect(me.body.consent.owed).toBe(true);

      // Agreeing to a notice other than today's is refused; today's settles it.
      const stale = await call(t, 'POST', '/api/users/me/consent', {
        headers: { cookie },
        body: { noticeVersion: '2020-01-01' },
      });
      expect(stale.status).toBe(409);
      expect(stale.body.error.code).toBe('NOTICE_CHANGED');
      const given = await call(t, 'POST', '/api/users/me/consent', {
        headers: { cookie },
        body: { noticeVersion: PRIVACY_NOTICE_VERSION },
      });
      expect(given.status).toBe(200);
      expect(given.body).toMatchObject({ owed: false, acceptedVersion: PRIVACY_NOTICE_VERSION });
      const after = await call(t, 'GET', '/api/auth/get-session', { headers: { cookie } });
      expect(after.body.user.consentOwed).toBe(false);
    }
  });
});

describe(`withdrawing consent (${engine})`, () => {
  it('takes the donor out of the donor search and the alerts at once; the account stays for requests', async () => {
    const requester = await createUser(t.db, { bloodGroup: 'A+' });
    const leaving = await donor({ name: 'Anwar Hossain' });
    const staying = await donor({ name: 'Bilkis Akter' });
    expect(await searchNames()).toEqual(['Anwar Hossain', 'Bilkis Akter']);

    const res = await call(t, 'DELETE', '/api/users/me/consent', await as(leaving));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ owed: false, withdrawnAt: expect.any(String) });
    expect(await searchNames()).toEqual(['Bilkis Akter']);

    const requestId = await newRequest(requester);
    await worker.runDue();
    const alerted = await alertedIds(requestId);
    expect(alerted).toContain(staying.id);
    expect(alerted).not.toContain(leaving.id);

    // Showing oneself again needs consent again, in words.
    const show = await call(t, 'PATCH', `/api/users/${leaving.id}`, {
      ...(await as(leaving)),
      body: { searchVisible: true },
    });
    expect(show.status).toBe(409);
    expect(show.body.error.code).toBe('CONSENT_WITHDRAWN');
    expect(await searchNames()).toEqual(['Bilkis Akter']);

    // The account still makes requests.
    await newRequest(leaving);
    // Not asked again at each sign-in: a withdrawal is an answer.
    const me = await call(t, 'GET', '/api/users/me', await as(leaving));
    expect(me.body.consent).toMatchObject({ owed: false, withdrawnAt: expect.any(String) });

    const again = await call(t, 'POST', '/api/users/me/consent', {
      ...(await as(leaving)),
      body: { noticeVersion: PRIVACY_NOTICE_VERSION },
    });
    expect(again.body.withdrawnAt).toBeNull();
    const shown = await call(t, 'PATCH', `/api/users/${leaving.id}`, {
      ...(await as(leaving)),
      body: { searchVisible: true },
    });
    expect(shown.status).toBe(200);
    expect(await searchNames()).toEqual(['Anwar Hossain', 'Bilkis Akter']);
  });
});

/** Every text column of every table, from the engine's own catalog. */
async function textColumns(): Promise<Array<{ table: string; column: string }>> {
  if (t.engine === 'postgres') {
    const { rows } = await sql<{ table: string; column: string }>`
      select table_name as "table", column_name as "column" from information_schema.columns
      where table_schema = current_schema()
        and data_type in ('text', 'character varying', 'character', 'json', 'jsonb')`.execute(t.db);
    return rows;
  }
  const { rows } = await sql<{ table: string; column: string }>`
    select m.name as "table", p.name as "column"
    from sqlite_master m join pragma_table_info(m.name) p
    where m.type = 'table' and m.name not like 'sqlite_%'
      and (upper(p.type) like '%TEXT%' or upper(p.type) like '%CHAR%' or p.type = '')`.execute(
    t.db,
  );
  return rows;
}

/** Where any of the needles still stands: "table.column: value". */
async function findEverywhere(needles: string[]): Promise<string[]> {
  const found: string[] = [];
  const columns = await textColumns();
  expect(columns.length).toBeGreaterThan(50);
  for (const { table, column } of columns) {
    const { rows } = await sql<{ value: string | null }>`
      select ${sql.ref(column)} as "value" from ${sql.table(table)}`.execute(t.db);
    for (const { value } of rows) {
      if (typeof value !== 'string') continue;
      const lower = value.toLowerCase();
      for (const needle of needles) {
        if (lower.includes(needle.toLowerCase())) found.push(`${table}.${column}: ${value}`);
      }
    }
  }
  return found;
}

describe(`deleting one's own account (${engine})`, () => {
  async function signedInCookie(email: string) {
    return sessionCookie((await signIn(t, email)).headers);
  }

  it('needs the right password and the typed word: otherwise a clear 4xx and nothing changes', async () => {
    const person = await donor({ name: 'Nasrin Sultana' });
    const cookie = await signedInCookie(person.email);
    const cases = [
      {
        body: { password: 'Wrong1!x', confirmation: 'DELETE' },
        status: 403,
        code: 'WRONG_PASSWORD',
      },
      { body: { password: TEST_PASSWORD, confirmation: 'delete me' }, status: 400 },
      { body: { password: TEST_PASSWORD }, status: 400 },
      { body: { confirmation: 'DELETE' }, status: 400 },
    ];
    for (const { body, status, code } of cases) {
      const res = await call(t, 'DELETE', '/api/users/me', { headers: { cookie }, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error.message.length).toBeGreaterThan(10);
      if (code) expect(res.body.error.code).toBe(code);
    }
    const wrong = await call(t, 'DELETE', '/api/users/me', {
      headers: { cookie },
      body: { password: 'Wrong1!x', confirmation: 'DELETE' },
    });
    expect(wrong.body.error.message).toBe('The password is not right. Nothing was deleted.');
    const me = await call(t, 'GET', '/api/users/me', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(me.body.name).toBe('Nasrin Sultana');
  });

  it('refuses the last active admin', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const res = await call(t, 'DELETE', '/api/users/me', {
      ...(await as(admin)),
      body: { password: TEST_PASSWORD, confirmation: 'DELETE' },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('LAST_ADMIN');
  });

  it('ends every session, erases the person from every table, keeps what others rely on with a placeholder', async () => {
    const name = 'Zubaida Quraishi';
    const phone = '+8801711000777';
    const photo = `${newId()}.webp`;
    const victim = await donor({ name, image: `/api/images/${photo}` });
    await t.deps.storage.put(photo, Buffer.from('a photo'));
    await t.db
      .insertInto('upload')
      .values({ name: photo, userId: victim.id, uploaderIp: null, uploadedAt: 1, claimedAt: 1 })
      .execute();
    await t.db
      .insertInto('userPhone')
      .values({
        userId: victim.id,
        phone,
        verifiedAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      })
      .execute();
    const other = await donor({ name: 'Selina Parvin' });
    const requester = await createUser(t.db, { name: 'Harun Mia', bloodGroup: 'A+' });
    const admin = await createUser(t.db, { role: 'admin' });

    // Their own request another donor pledged to (kept), and one nobody is on (goes).
    const kept = await newRequest(victim);
    const lonely = await call(t, 'POST', '/api/donation-request', {
      ...(await as(victim)),
      body: requestForm({ bloodGroup: 'O+', hospitalName: 'Khulna Sadar Hospital' }),
    });
    expect(lonely.status).toBe(201);
    const pledged = await call(t, 'PATCH', `/api/donation-request/${kept}`, {
      ...(await as(other)),
      body: { status: 'inprogress' },
    });
    expect(pledged.status).toBe(200);
    // The donor is shown their number: an audit entry about them (its subject, 045) names them.
    const shown = await call(t, 'GET', `/api/donation-request/${kept}/contacts`, await as(other));
    expect(shown.status).toBe(200);
    expect(shown.body.contact).toBe(phone);
    // Their pledge to someone else's request, donated: it counted toward that request.
    const theirs = await newRequest(requester);
    const gave = await call(t, 'PATCH', `/api/donation-request/${theirs}`, {
      ...(await as(victim)),
      body: { status: 'inprogress' },
    });
    expect(gave.status).toBe(200);
    const pledge = await t.db
      .selectFrom('donationPledge')
      .select('id')
      .where('requestId', '=', theirs)
      .executeTakeFirstOrThrow();
    const donated = await call(
      t,
      'POST',
      `/api/donation-request/${theirs}/pledges/${pledge.id}/outcome`,
      {
        ...(await as(requester)),
        body: { outcome: 'donated' },
      },
    );
    expect(donated.status).toBe(200);
    // Alerts, notifications and emails naming them; a message through the contact form; an
    // admin's block and unblock in the audit log; a wrong password counted against their address.
    await worker.runDue();
    expect(
      (
        await call(t, 'POST', '/api/contacts', {
          body: {
            name,
            email: victim.email,
            phone: '01711000777',
            message: 'Please call me back soon.',
          },
        })
      ).status,
    ).toBe(201);
    for (const action of ['block', 'unblock']) {
      const res = await call(t, 'PATCH', `/api/users/${action}/${victim.id}`, await as(admin));
      expect(res.status).toBe(200);
    }
    await signIn(t, victim.email, 'Wrong1!x');

    const needles = [name, victim.email, phone, photo];
    expect((await findEverywhere(needles)).length).toBeGreaterThan(5);

    const cookie = await signedInCookie(victim.email);
    const bearer = await as(victim);
    const res = await call(t, 'DELETE', '/api/users/me', {
      headers: { cookie },
      body: { password: TEST_PASSWORD, confirmation: 'মুছুন' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true });
    // This browser's cookie is cleared, and every session and token has ended.
    expect(res.headers.getSetCookie().join(';')).toMatch(/session_token=;/);
    const session = await call(t, 'GET', '/api/auth/get-session', { headers: { cookie } });
    expect(session.body).toBeNull();
    expect((await call(t, 'GET', '/api/users/me', bearer)).status).toBe(401);

    // The photo's files go by a job of the erasure's own (storage may be away: the next test).
    await worker.runDue();
    expect(await findEverywhere(needles)).toEqual([]);
    expect(await t.deps.storage.get(photo)).toBeNull();
    expect((await signIn(t, victim.email)).status).toBe(401);

    // What others rely on stays, with the placeholder and no email.
    const keptDetail = await call(t, 'GET', `/api/donation-request/${kept}`, await as(other));
    expect(keptDetail.status).toBe(200);
    expect(keptDetail.body).toMatchObject({
      requesterName: DELETED_ACCOUNT_NAME,
      requesterEmail: null,
      requesterDeleted: true,
    });
    const theirsDetail = await call(
      t,
      'GET',
      `/api/donation-request/${theirs}`,
      await as(requester),
    );
    expect(theirsDetail.body).toMatchObject({ requesterName: 'Harun Mia', bagsDonated: 1 });
    const pledges = await t.db
      .selectFrom('donationPledge')
      .select(['donorName', 'donorEmail', 'status'])
      .where('requestId', '=', theirs)
      .execute();
    expect(pledges).toEqual([
      { donorName: DELETED_ACCOUNT_NAME, donorEmail: null, status: 'donated' },
    ]);
    const lonelyRow = await t.db
      .selectFrom('donationRequest')
      .select('id')
      .where('id', '=', lonely.body.insertedId)
      .executeTakeFirst();
    expect(lonelyRow).toBeUndefined();
    // The other people's own accounts are untouched.
    expect((await call(t, 'GET', '/api/users/me', await as(other))).body.name).toBe(
      'Selina Parvin',
    );
  });

  it('deletes the photo once storage answers again, when it was away at the deletion', async () => {
    const photo = `${newId()}.webp`;
    const victim = await donor({ name: 'Shirin Akter', image: `/api/images/${photo}` });
    await t.deps.storage.put(photo, Buffer.from('a photo'));
    await t.db
      .insertInto('upload')
      .values({ name: photo, userId: victim.id, uploaderIp: null, uploadedAt: 1, claimedAt: 1 })
      .execute();
    const storage = t.deps.storage;
    const working = storage.delete.bind(storage);
    storage.delete = async () => {
      throw new Error('object storage unreachable');
    };
    try {
      const res = await call(t, 'DELETE', '/api/users/me', {
        ...(await as(victim)),
        body: { password: TEST_PASSWORD, confirmation: 'DELETE' },
      });
      // The account is erased at once, whatever storage does.
      expect(res.status).toBe(200);
      expect(
        await t.db.selectFrom('user').selectAll().where('id', '=', victim.id).execute(),
      ).toEqual([]);
      await worker.runDue();
      expect(await storage.get(photo)).not.toBeNull();
    } finally {
      storage.delete = working;
    }
    // Storage is back: the job's next try, after its backoff, deletes it, and forgets its name.
    clock.advance(60_000);
    await worker.runDue();
    expect(await storage.get(photo)).toBeNull();
    expect(await findEverywhere([photo])).toEqual([]);
  });

  it('an admin deletion erases the same way, photo included', async () => {
    const name = 'Rokeya Khanam';
    const photo = `${newId()}.webp`;
    const victim = await donor({ name, image: `/api/images/${photo}` });
    await t.deps.storage.put(photo, Buffer.from('a photo'));
    await t.db
      .insertInto('upload')
      .values({ name: photo, userId: victim.id, uploaderIp: null, uploadedAt: 1, claimedAt: 1 })
      .execute();
    const requester = await createUser(t.db, { bloodGroup: 'A+' });
    const admin = await createUser(t.db, { role: 'admin' });
    const theirs = await newRequest(requester);
    await call(t, 'PATCH', `/api/donation-request/${theirs}`, {
      ...(await as(victim)),
      body: { status: 'inprogress' },
    });
    await worker.runDue();
    const res = await call(t, 'DELETE', `/api/users/${victim.id}`, await as(admin));
    expect(res.status).toBe(200);
    await worker.runDue();
    expect(await findEverywhere([name, victim.email, photo])).toEqual([]);
    expect(await t.deps.storage.get(photo)).toBeNull();
    const detail = await call(t, 'GET', `/api/donation-request/${theirs}`, await as(requester));
    expect(detail.body).toMatchObject({ donorName: DELETED_ACCOUNT_NAME, donorDeleted: true });
  });
});
