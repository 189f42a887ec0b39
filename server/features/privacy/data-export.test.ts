import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DataExport, dataExportSchema } from '../../../common/data-export.schema.ts';
import { newId } from '../../lib/ids.ts';
import { bearerFor, createUser, requestForm } from '../../test/factories.ts';
import { call, sessionCookie, signIn } from '../../test/http.ts';
import { manualClock } from '../../test/manual-clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testWorker } from '../../test/worker.ts';
import { EXPORTS_PER_HOUR } from './data-export.routes.ts';
import { exportChunks, toByteStream } from './data-export.ts';

// Issue 31 item 4 (decision 041): GET /api/users/me/export, a copy of everything RedHope holds
// about the caller, and nothing of anybody else's.

const clock = manualClock();
let t: TestApp;
let worker: ReturnType<typeof testWorker>;
beforeEach(async () => {
  clock.set(new Date());
  t = await createTestApp(
    {
      SMTP_URL: 'smtp://127.0.0.1:9',
      MAIL_FROM: 'RedHope <alerts@redhope.test>',
      MAX_OPEN_REQUESTS_PER_USER: '10',
    },
    { clock },
  );
  worker = testWorker(t);
});
afterEach(() => t.close());

const engine = process.env.TEST_ENGINE;
const here = { division: 'Khulna', district: 'Jashore', upazila: 'Jashore Sadar' } as const;
const as = async (user: { id: string }) => ({ headers: await bearerFor(t.db, user.id) });
type Person = Awaited<ReturnType<typeof createUser>>;

async function withNumber(user: Person, phone: string) {
  const at = clock.now().toISOString();
  await t.db
    .insertInto('userPhone')
    .values({ userId: user.id, phone, verifiedAt: at, updatedAt: at })
    .execute();
  return user;
}

async function post(user: Person, path: string, body: unknown, status = 200) {
  const res = await call(t, 'POST', path, { ...(await as(user)), body });
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(status);
  return res;
}

async function patch(user: Person, path: string, body: unknown) {
  const res = await call(t, 'PATCH', path, { ...(await as(user)), body });
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res;
}

async function newRequest(requester: Person, form: Record<string, unknown> = {}) {
  const res = await post(requester, '/api/donation-request', requestForm(form), 201);
  return res.body.insertedId as string;
}

async function pledgeId(requestId: string, donorId: string) {
  const row = await t.db
    .selectFrom('donationPledge')
    .select('id')
    .where('requestId', '=', requestId)
    .where('donorId', '=', donorId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The tables (and their text columns) holding any of the needles, from the engine's catalog. */
async function tablesHolding(needles: string[]): Promise<Set<string>> {
  const columns =
    t.engine === 'postgres'
      ? (
          await sql<{ table: string; column: string }>`
            select table_name as "table", column_name as "column" from information_schema.columns
            where table_schema = current_schema()
              and data_type in ('text', 'character varying', 'character')`.execute(t.db)
        ).rows
      : (
          await sql<{ table: string; column: string }>`
            select m.name as "table", p.name as "column"
            from sqlite_master m join pragma_table_info(m.name) p
            where m.type = 'table' and m.name not like 'sqlite_%'
              and (upper(p.type) like '%TEXT%' or upper(p.type) like '%CHAR%' or p.type = '')`.execute(
            t.db,
          )
        ).rows;
  const found = new Set<string>();
  for (const { table, column } of columns) {
    const { rows } = await sql<{ value: string | null }>`
      select ${sql.ref(column)} as "value" from ${sql.table(table)}`.execute(t.db);
    if (
      rows.some(({ value }) => typeof value === 'string' && needles.some((n) => value.includes(n)))
    )
      found.add(table);
  }
  return found;
}

/**
 * Where each table that can hold a person's data appears in their export. A table missing from
 * both this and EXCLUDED fails the completeness test: a new table is decided on, not forgotten.
 */
const SECTION_OF: Record<string, keyof DataExport> = {
  user: 'profile',
  userPhone: 'phone',
  notificationSetting: 'notificationSettings',
  userConsent: 'consents',
  session: 'sessions',
  upload: 'uploads',
  donationRequest: 'requests',
  requestContact: 'requests',
  donationPledge: 'pledges',
  donation: 'donations',
  requestWithdrawal: 'withdrawals',
  requestAlert: 'alerts',
  notification: 'notifications',
  requestReport: 'reports',
  contact: 'contactMessages',
  smsMessage: 'smsMessages',
  auditLog: 'auditEntries',
};
/** Left out on purpose (decision 041), and why. */
const EXCLUDED: Record<string, string> = {
  account: 'the password hash: a secret, never handed out',
  twoFactor: 'the authenticator secret and backup codes: secrets',
  passwordResetToken: 'a reset link’s hash: a secret, gone within a day',
  phoneVerification: 'a one-time code’s hash: a secret, gone within a day',
  job: 'messages waiting to be sent: copies of notifications the export has',
  counter: 'counts of attempts against the rate limits',
};

describe(`a copy of my data (${engine})`, () => {
  it('holds every table a member who did everything touches, and nobody else’s email or number', async () => {
    const me = await withNumber(
      await createUser(t.db, { name: 'Mahmuda Khatun', bloodGroup: 'B+', ...here }),
      '+8801711000123',
    );
    const requester = await withNumber(
      await createUser(t.db, { name: 'Harun Mia', bloodGroup: 'A+' }),
      '+8801811000456',
    );
    const pledger = await withNumber(
      await createUser(t.db, { name: 'Selina Parvin', bloodGroup: 'B+', ...here }),
      '+8801911000789',
    );
    const bystander = await withNumber(
      await createUser(t.db, { name: 'Kamal Uddin', bloodGroup: 'B+', ...here }),
      '+8801511000321',
    );
    const admin = await createUser(t.db, { role: 'admin', name: 'Admin Rahman' });

    // Staff acts on my account (blocking ends sessions: before my own sign-in).
    for (const action of ['block', 'unblock']) {
      const res = await call(t, 'PATCH', `/api/users/${action}/${me.id}`, await as(admin));
      expect(res.status).toBe(200);
    }
    const cookie = sessionCookie((await signIn(t, me.email)).headers);
    const settings = await call(t, 'PUT', '/api/notifications/settings', {
      headers: { cookie },
      body: {
        matchAlerts: true,
        donationReminders: false,
        eligibilityNotices: true,
        requestUpdates: true,
        email: false,
      },
    });
    expect(settings.status).toBe(200);
    const photo = `${newId()}.webp`;
    await t.db
      .insertInto('upload')
      .values({ name: photo, userId: me.id, uploaderIp: null, uploadedAt: 1, claimedAt: 1 })
      .execute();

    // My request, with my own number as its contact; a donor pledges, sees my number, and I
    // see theirs (that entry is about them, not me).
    const mine = await newRequest(me, {
      bloodGroup: 'O+',
      recipientName: 'Rafiq Islam',
      contactPhone: '01711-000123',
    });
    await patch(pledger, `/api/donation-request/${mine}`, { status: 'inprogress' });
    const seen = await call(t, 'GET', `/api/donation-request/${mine}/contacts`, await as(pledger));
    expect(seen.status).toBe(200);
    const mySide = await call(t, 'GET', `/api/donation-request/${mine}/contacts`, await as(me));
    expect(mySide.status).toBe(200);

    // Someone else's requests: alerted about, pledged and donated to one; pledged and withdrew
    // from another, and reported it.
    const gaveTo = await newRequest(requester, { recipientName: 'Nasima Akter' });
    const leftFrom = await newRequest(requester, {
      recipientName: 'Jamal Hossain',
      hospitalName: 'Jashore Medical College Hospital',
    });
    await worker.runDue();
    await patch(me, `/api/donation-request/${leftFrom}`, { status: 'inprogress' });
    await post(me, `/api/donation-request/${leftFrom}/withdraw`, { reason: 'I fell ill' });
    await patch(me, `/api/donation-request/${gaveTo}`, { status: 'inprogress' });
    await post(
      requester,
      `/api/donation-request/${gaveTo}/pledges/${await pledgeId(gaveTo, me.id)}/outcome`,
      { outcome: 'donated' },
    );
    await post(me, `/api/donation-request/${leftFrom}/report`, { reason: 'asks-for-money' }, 201);
    await call(t, 'POST', '/api/contacts', {
      body: { name: me.name, email: me.email, phone: '01711000123', message: 'Please call me.' },
    });
    const at = clock.now().toISOString();
    await t.db
      .insertInto('smsMessage')
      .values({
        id: newId(),
        userId: me.id,
        purpose: 'alert',
        day: at.slice(0, 10),
        segments: 1,
        gatewayId: null,
        status: 'delivered',
        createdAt: at,
        updatedAt: at,
      })
      .execute();
    await worker.runDue();

    const res = await call(t, 'GET', '/api/users/me/export', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="redhope-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    // call() has held it to the contract, strictly; parsed again here for its type.
    const file = dataExportSchema.parse(res.body);
    const text = JSON.stringify(file);

    expect(file.profile).toMatchObject({ id: me.id, name: 'Mahmuda Khatun', email: me.email });
    expect(file.phone?.number).toBe('+8801711000123');
    expect(file.notificationSettings).toMatchObject({ donationReminders: false, email: false });
    expect(file.requests.map((r) => r.id)).toEqual([mine]);
    expect(file.requests[0]?.contactNumber).toBe('+8801711000123');
    // The donor on my request: by the name the request page shows me, and nothing more.
    expect(file.pledgesToMyRequests).toEqual([
      expect.objectContaining({ requestId: mine, donorName: 'Selina Parvin', status: 'pledged' }),
    ]);
    expect(file.pledges.map((p) => [p.requestId, p.status]).sort()).toEqual(
      [
        [gaveTo, 'donated'],
        [leftFrom, 'withdrawn'],
      ].sort(),
    );
    expect(file.donations.map((d) => d.requestId)).toEqual([gaveTo]);
    expect(file.withdrawals).toEqual([expect.objectContaining({ reason: 'I fell ill' })]);
    expect(file.alerts.map((a) => a.requestId)).toEqual(expect.arrayContaining([gaveTo]));
    expect(file.reports).toEqual([
      expect.objectContaining({ requestId: leftFrom, reason: 'asks-for-money' }),
    ]);
    expect(file.contactMessages).toEqual([expect.objectContaining({ message: 'Please call me.' })]);
    expect(file.smsMessages).toHaveLength(1);
    expect(file.uploads.map((u) => u.name)).toEqual([photo]);
    // Who saw my number, by name and role; and what staff did to my account.
    expect(file.auditEntries.map((e) => [e.action, e.actorName]).sort()).toEqual(
      [
        ['phone.reveal', 'Selina Parvin'],
        ['user.block', 'Admin Rahman'],
        ['user.unblock', 'Admin Rahman'],
      ].sort(),
    );

    // Completeness: every table holding my id, address or number is in the file, or left out
    // on purpose.
    const holding = await tablesHolding([me.id, me.email, '+8801711000123']);
    expect(holding.size).toBeGreaterThan(12);
    for (const table of holding) {
      const section = SECTION_OF[table];
      expect(
        section ?? EXCLUDED[table],
        `table ${table} is neither exported nor excluded`,
      ).toBeDefined();
      if (!section) continue;
      const value = file[section];
      expect(Array.isArray(value) ? value.length : value, `${table} → ${section}`).toBeTruthy();
    }

    // Nobody else's private data: no other person's address or number, in any form; no name
    // of a person the member never dealt with.
    for (const other of [requester, pledger, bystander, admin]) {
      expect(text).not.toContain(other.email);
    }
    for (const number of ['1811000456', '1911000789', '1511000321']) {
      expect(text).not.toContain(number);
    }
    expect(text).not.toContain('Kamal Uddin');
    // The only address in the whole file is the member's own.
    expect([...new Set(text.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g))]).toEqual([me.email]);
  });

  it('is the same file read a few rows at a time as read whole', async () => {
    const me = await createUser(t.db, { bloodGroup: 'B+', ...here });
    const requester = await createUser(t.db, { bloodGroup: 'A+' });
    for (let i = 0; i < 5; i += 1) {
      await newRequest(me, { recipientName: `Patient ${i}`, hospitalName: `Hospital ${i}` });
      await newRequest(requester, { recipientName: `Other ${i}` });
    }
    // Audit entries of both kinds about them, the staff acts first: the list merges two reads,
    // and a page of it must not run past what one read left unread.
    for (let i = 0; i < 6; i += 1) {
      await t.db
        .insertInto('auditLog')
        .values({
          id: newId(),
          createdAt: clock.now().toISOString(),
          actorId: requester.id,
          actorName: requester.name,
          actorEmail: requester.email,
          actorRole: 'donor',
          action: i >= 4 ? 'phone.reveal' : 'user.block',
          targetType: i >= 4 ? 'request' : 'user',
          targetId: i >= 4 ? newId() : me.id,
          targetLabel: `entry ${i}`,
          subjectId: i >= 4 ? me.id : null,
        })
        .execute();
    }
    await worker.runDue();
    const read = async (pageSize: number) => {
      let text = '';
      for await (const chunk of exportChunks(t.db, me.id, clock.now(), pageSize)) text += chunk;
      return dataExportSchema.parse(JSON.parse(text));
    };
    const whole = await read(1000);
    expect(whole.requests).toHaveLength(5);
    expect(whole.alerts.length).toBeGreaterThan(2);
    expect(whole.auditEntries.map((e) => e.targetLabel)).toEqual(
      [0, 1, 2, 3, 4, 5].map((i) => `entry ${i}`),
    );
    expect(await read(2)).toEqual(whole);
    expect(await read(5)).toEqual(whole);
  });

  it('is for a signed-in member only, a few times an hour', async () => {
    const anonymous = await call(t, 'GET', '/api/users/me/export');
    expect(anonymous.status).toBe(401);
    const me = await createUser(t.db, { language: 'bn' });
    const auth = await as(me);
    for (let i = 0; i < EXPORTS_PER_HOUR; i += 1) {
      expect((await call(t, 'GET', '/api/users/me/export', auth)).status).toBe(200);
    }
    const refused = await call(t, 'GET', '/api/users/me/export', auth);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('TOO_MANY_EXPORTS');
    expect(refused.body.error.message).toMatch(/তথ্যের কপি/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('is written as the client reads it, compressed on the way when the client takes it', async () => {
    const me = await createUser(t.db, { bloodGroup: 'B+', ...here });
    for (let i = 0; i < 3; i += 1) await newRequest(me, { recipientName: `Patient ${i}` });
    const res = await t.app.request('/api/users/me/export', {
      headers: { ...(await as(me)).headers, 'accept-encoding': 'gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    // Never measured first: a streamed answer has no length to state.
    expect(res.headers.get('content-length')).toBeNull();
    const body = new Response(res.body?.pipeThrough(new DecompressionStream('gzip')));
    const file = dataExportSchema.parse(await body.json());
    expect(file.requests).toHaveLength(3);
  });

  it('breaks the download off when a read fails part-way: never a file that looks whole', async () => {
    async function* failing() {
      yield '{"format": "redhope-data-export/1"';
      throw new Error('the database went away');
    }
    const logged: unknown[] = [];
    const stream = toByteStream(failing(), (error) => logged.push(error), '');
    await expect(new Response(stream).text()).rejects.toThrow('the database went away');
    expect(logged).toHaveLength(1);
  });
});
