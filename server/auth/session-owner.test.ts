import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_USER_HEADER } from '../../common/page-user.ts';
import { createUser, requestForm } from '../test/factories.ts';
import { call, sessionCookie, signIn } from '../test/http.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const requestsOf = async (userId: string) =>
  (
    await t.db
      .selectFrom('donationRequest')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('requesterId', '=', userId)
      .executeTakeFirstOrThrow()
  ).n;

// Issue 30 item 13: a tab opened as one user, after the browser signed in as another in a
// second tab, created a request under the second account.
describe(`a change from a page showing another user (${process.env.TEST_ENGINE})`, () => {
  it('is refused with SESSION_CHANGED and changes nothing; the right user, or none named, may', async () => {
    const before = await createUser(t.db);
    const now = await createUser(t.db);
    const cookie = sessionCookie((await signIn(t, now.email)).headers);
    const create = (headers: Record<string, string>, recipientName = 'Abdul Karim') =>
      call(t, 'POST', '/api/donation-request', {
        body: requestForm({ recipientName }),
        headers: { cookie, ...headers },
      });

    const refused = await create({ [PAGE_USER_HEADER]: before.id });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { code: 'SESSION_CHANGED' } });
    expect((refused.body as { error: { message: string } }).error.message).toMatch(
      /signed in as someone else/,
    );
    expect(Number(await requestsOf(now.id))).toBe(0);
    expect(Number(await requestsOf(before.id))).toBe(0);

    // Reads are never refused; the page that shows the session's user, or a script naming no
    // user, acts as before.
    const read = await call(t, 'GET', '/api/users/me', {
      headers: { cookie, [PAGE_USER_HEADER]: before.id },
    });
    expect(read.status).toBe(200);
    expect((await create({ [PAGE_USER_HEADER]: now.id })).status).toBe(201);
    expect((await create({}, 'Rahima Begum')).status).toBe(201);
    expect(Number(await requestsOf(now.id))).toBe(2);
  });
});
