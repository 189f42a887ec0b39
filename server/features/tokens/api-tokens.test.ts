import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_API_TOKENS_PER_USER } from '../../../common/api-token.schema.ts';
import { expectAnswerMatchesContract } from '../../test/contract-check.ts';
import { createRequest, createUser, requestForm, TEST_PASSWORD } from '../../test/factories.ts';
import { type CallResult, call, sessionCookie, signIn } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A signed-in browser of a new user of the role. */
async function member(role: 'donor' | 'volunteer' | 'admin' = 'donor') {
  const user = await createUser(t.db, { role });
  const cookie = sessionCookie((await signIn(t, user.email)).headers);
  return { user, browser: { headers: { cookie } } };
}

async function newToken(
  cookie: { headers: { cookie: string } },
  scopes: string[],
  name = 'Hotline',
) {
  const res = await call(t, 'POST', '/api/tokens', { ...cookie, body: { name, scopes } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; token: string };
}

/**
 * A program's call, as curl or a server would send it: the token only, no cookie, no Origin.
 * Its answer is held to the contract like every test's.
 */
async function program(
  token: string,
  method: string,
  path: string,
  body?: unknown,
  extra: Record<string, string> = {},
): Promise<CallResult<any>> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...extra };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await t.app.request(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const parsed = text ? JSON.parse(text) : null;
  expectAnswerMatchesContract(method, path, res.status, res.headers, parsed);
  return { status: res.status, body: parsed, headers: res.headers };
}

const OPEN_LIST = '/api/donation-request?status=pending';

const requestsOf = async (userId: string) =>
  Number(
    (
      await t.db
        .selectFrom('donationRequest')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('requesterId', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const tokensOf = async (userId: string) =>
  t.db.selectFrom('apiToken').selectAll().where('userId', '=', userId).execute();

describe(`personal API tokens (${process.env.TEST_ENGINE})`, () => {
  it('create, use for a scoped write without cookie or Origin, refused outside its scope, revoke, 401', async () => {
    const { user, browser } = await member();
    const created = await newToken(browser, ['requests:write'], 'Hospital desk');
    expect(created.token).toMatch(/^rh_pat_[A-Za-z0-9_-]{43}$/);

    // Stored only as its hash.
    const [stored] = await tokensOf(user.id);
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(created.token);

    const posted = await program(created.token, 'POST', '/api/donation-request', requestForm());
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const row = await t.db
      .selectFrom('donationRequest')
      .select(['requesterId', 'status'])
      .where('id', '=', posted.body.insertedId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ requesterId: user.id, status: 'pending' });
    const read = await program(
      created.token,
      'GET',
      `/api/donation-request/${posted.body.insertedId}`,
    );
    expect(read.status).toBe(200);

    // The list names it, says when it was used, and never shows the secret.
    const listed = await call(t, 'GET', '/api/tokens', browser);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      {
        id: created.id,
        name: 'Hospital desk',
        scopes: ['requests:write'],
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(created.token);

    // Outside its scope: the profile, the token list, someone else's request to pledge to.
    const profile = await program(created.token, 'GET', '/api/users/me');
    expect(profile.status).toBe(403);
    expect(profile.body.error.code).toBe('INSUFFICIENT_SCOPE');
    const tokens = await program(created.token, 'GET', '/api/tokens');
    expect(tokens.status).toBe(403);
    expect(tokens.body.error.code).toBe('BROWSER_SESSION_REQUIRED');
    const stranger = await createUser(t.db);
    const theirs = await createRequest(t.db, stranger);
    const pledge = await program(created.token, 'PATCH', `/api/donation-request/${theirs.id}`, {
      status: 'inprogress',
    });
    expect(pledge.status).toBe(403);
    expect(pledge.body.error.code).toBe('INSUFFICIENT_SCOPE');
    const untouched = await t.db
      .selectFrom('donationRequest')
      .select('bagsPledged')
      .where('id', '=', theirs.id)
      .executeTakeFirstOrThrow();
    expect(Number(untouched.bagsPledged)).toBe(0);

    const revoked = await call(t, 'DELETE', `/api/tokens/${created.id}`, browser);
    expect(revoked).toMatchObject({ status: 200, body: { deletedCount: 1 } });
    const after = await program(created.token, 'POST', '/api/donation-request', requestForm());
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('UNAUTHORIZED');
    expect(await requestsOf(user.id)).toBe(1);

    // Both are in the audit log, by the owner, naming the token but never its secret.
    const audited = await t.db
      .selectFrom('auditLog')
      .select(['action', 'actorId', 'detail'])
      .where('actorId', '=', user.id)
      .orderBy('id')
      .execute();
    expect(audited.map((entry) => entry.action)).toEqual(['token.create', 'token.revoke']);
    for (const entry of audited) {
      expect(entry.detail).toContain(created.id);
      expect(entry.detail).not.toContain(created.token);
    }
  });

  it('a public:read token reads the open list and writes nothing', async () => {
    const { user, browser } = await member();
    const { token } = await newToken(browser, ['public:read']);
    const list = await program(token, 'GET', '/api/donation-request?status=pending');
    expect(list.status).toBe(200);
    const posted = await program(token, 'POST', '/api/donation-request', requestForm());
    expect(posted.status).toBe(403);
    expect(posted.body.error.code).toBe('INSUFFICIENT_SCOPE');
    expect(await requestsOf(user.id)).toBe(0);
  });

  it('the token of a blocked user is refused at once, and of a deleted one', async () => {
    const { user, browser } = await member();
    const { token } = await newToken(browser, ['requests:write', 'public:read']);
    expect((await program(token, 'GET', '/api/donation-request/allowance')).status).toBe(200);
    await t.db.updateTable('user').set({ status: 'block' }).where('id', '=', user.id).execute();
    const blocked = await program(token, 'POST', '/api/donation-request', requestForm());
    expect(blocked.status).toBe(401);
    expect(await requestsOf(user.id)).toBe(0);
    await t.db.updateTable('user').set({ status: 'active' }).where('id', '=', user.id).execute();
    expect((await program(token, 'GET', '/api/donation-request/allowance')).status).toBe(200);
    await t.db.deleteFrom('session').where('userId', '=', user.id).execute();
    await t.db.deleteFrom('account').where('userId', '=', user.id).execute();
    await t.db.deleteFrom('user').where('id', '=', user.id).execute();
    expect((await program(token, 'GET', '/api/donation-request/allowance')).status).toBe(401);
  });

  it('staff scope: only staff may give it, and it is void once they are no longer staff', async () => {
    const donor = await member();
    const refused = await call(t, 'POST', '/api/tokens', {
      ...donor.browser,
      body: { name: 'Mine', scopes: ['staff'] },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('SCOPE_NOT_ALLOWED');
    expect(await tokensOf(donor.user.id)).toEqual([]);

    const volunteer = await member('volunteer');
    const staff = await newToken(volunteer.browser, ['staff']);
    const own = await newToken(volunteer.browser, ['requests:write']);
    expect((await program(staff.token, 'GET', '/api/donation-request/all')).status).toBe(200);
    // Without `staff`, a volunteer's token reaches no staff list.
    expect((await program(own.token, 'GET', '/api/donation-request/all')).status).toBe(403);
    await t.db
      .updateTable('user')
      .set({ role: 'donor' })
      .where('id', '=', volunteer.user.id)
      .execute();
    const demoted = await program(staff.token, 'GET', '/api/donation-request/all');
    expect(demoted.status).toBe(403);
  });

  it('bad input gets a clear 4xx and changes nothing', async () => {
    const { user, browser } = await member();
    const bad = [
      { name: 'X', scopes: ['requests:delete'] },
      { name: 'X', scopes: [] },
      { name: '', scopes: ['public:read'] },
      { name: 'X', scopes: ['public:read', 'public:read'] },
      { name: 'X', scopes: ['public:read'], userId: 'someone' },
    ];
    for (const body of bad) {
      const res = await call(t, 'POST', '/api/tokens', { ...browser, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message.length).toBeGreaterThan(10);
    }
    // In the caller's language (their account's: Bangla here), with the field named.
    await t.db.updateTable('user').set({ language: 'bn' }).where('id', '=', user.id).execute();
    const unknownScope = await call(t, 'POST', '/api/tokens', {
      ...browser,
      body: { name: 'X', scopes: ['requests:delete'] },
    });
    expect(Object.keys(unknownScope.body.error.details ?? {})).toEqual(['scopes.0']);
    expect(unknownScope.body.error.message).toMatch(/[\u0980-\u09FF]/);
    expect(await tokensOf(user.id)).toEqual([]);

    // Someone else's token cannot be revoked, and still works.
    const other = await member();
    const theirs = await newToken(other.browser, ['requests:write']);
    const foreign = await call(t, 'DELETE', `/api/tokens/${theirs.id}`, browser);
    expect(foreign.status).toBe(404);
    expect((await program(theirs.token, 'GET', '/api/donation-request/allowance')).status).toBe(
      200,
    );
    expect((await call(t, 'DELETE', '/api/tokens/not-an-id', browser)).status).toBe(400);

    // A forged or unknown token is a 401, never a visitor's answer.
    const forged = await program('rh_pat_forged', 'GET', '/api/donation-request/allowance');
    expect(forged.status).toBe(401);
  });

  it(`a person holds at most ${MAX_API_TOKENS_PER_USER} tokens, and makes at most 20 an hour`, async () => {
    const { user, browser } = await member();
    for (let i = 0; i < MAX_API_TOKENS_PER_USER; i += 1) await newToken(browser, ['public:read']);
    const over = await call(t, 'POST', '/api/tokens', {
      ...browser,
      body: { name: 'One more', scopes: ['public:read'] },
    });
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('TOO_MANY_API_TOKENS');
    expect(await tokensOf(user.id)).toHaveLength(MAX_API_TOKENS_PER_USER);
    // Revoking to make room does not let a loop go on: 20 made (or tried) an hour.
    await t.db.deleteFrom('apiToken').where('userId', '=', user.id).execute();
    for (let i = MAX_API_TOKENS_PER_USER + 1; i < 20; i += 1)
      await newToken(browser, ['public:read']);
    const flood = await call(t, 'POST', '/api/tokens', {
      ...browser,
      body: { name: 'One more', scopes: ['public:read'] },
    });
    expect(flood.status).toBe(429);
    expect(flood.body.error.code).toBe('TOO_MANY_TOKENS');
    expect(Number(flood.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await tokensOf(user.id)).toHaveLength(20 - MAX_API_TOKENS_PER_USER - 1);
  });

  it('"sign out everywhere" and a password change end every token, each revocation audited', async () => {
    const first = await member();
    const kept = await newToken(first.browser, ['public:read']);
    const other = await member();
    const untouched = await newToken(other.browser, ['public:read']);
    const out = await call(t, 'POST', '/api/auth/revoke-sessions', { ...first.browser, body: {} });
    expect(out.status).toBe(200);
    expect((await program(kept.token, 'GET', OPEN_LIST)).status).toBe(401);
    expect((await program(untouched.token, 'GET', OPEN_LIST)).status).toBe(200);

    const second = await member();
    const made = await newToken(second.browser, ['requests:write']);
    const changed = await call(t, 'POST', '/api/users/me/password', {
      ...second.browser,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'N3wPassw0rd!' },
    });
    expect(changed.status).toBe(200);
    expect((await program(made.token, 'GET', '/api/donation-request/allowance')).status).toBe(401);
    const revocations = await t.db
      .selectFrom('auditLog')
      .select('detail')
      .where('action', '=', 'token.revoke')
      .where('actorId', 'in', [first.user.id, second.user.id])
      .execute();
    expect(revocations.map((entry) => entry.detail?.split(' ')[0]).sort()).toEqual(
      [kept.id, made.id].sort(),
    );
  });

  it('cookie writes keep their cross-site protection; a token cannot make tokens', async () => {
    const { user, browser } = await member();
    const crossSite = await call(t, 'POST', '/api/tokens', {
      headers: { ...browser.headers, origin: 'https://evil.example' },
      body: { name: 'X', scopes: ['public:read'] },
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.error.code).toBe('CROSS_SITE_REQUEST');
    const { token } = await newToken(browser, ['requests:write']);
    const minted = await program(token, 'POST', '/api/tokens', {
      name: 'Y',
      scopes: ['public:read'],
    });
    expect(minted.status).toBe(403);
    expect(await tokensOf(user.id)).toHaveLength(1);
  });
});
