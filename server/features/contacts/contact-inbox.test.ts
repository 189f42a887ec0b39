import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createContactMessage, createUser } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

type User = Awaited<ReturnType<typeof createUser>>;

const engine = process.env.TEST_ENGINE;
let t: TestApp;
let admin: User;
let volunteer: User;
let donor: User;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { role: 'admin', name: 'Admin Ayesha' });
  volunteer = await createUser(t.db, { role: 'volunteer' });
  donor = await createUser(t.db);
});
afterAll(() => t.close());

const as = async (user: User) => ({ headers: await bearerFor(t.db, user.id) });
const ids = (body: Array<{ id: string }>) => body.map((m) => m.id);

describe(`the contact inbox (${engine})`, () => {
  it('shows admins the messages newest first, paged, with the form’s fields', async () => {
    const older = await createContactMessage(t.db, { createdAt: '2030-01-01T00:00:00.000Z' });
    const newer = await createContactMessage(t.db, {
      name: 'Karim',
      message: 'Line one\nLine two',
      createdAt: '2030-01-02T00:00:00.000Z',
    });
    const res = await call(t, 'GET', '/api/contacts?limit=1', await as(admin));
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: newer,
        _id: newer,
        name: 'Karim',
        phone: '+880 1711-000000',
        email: expect.stringMatching(/@example\.org$/),
        message: 'Line one\nLine two',
        status: 'new',
        createdAt: '2030-01-02T00:00:00.000Z',
        handledAt: null,
        handledBy: null,
      },
    ]);
    expect(Number(res.headers.get('X-Total-Count'))).toBeGreaterThanOrEqual(2);
    const second = await call(t, 'GET', '/api/contacts?limit=1&page=2', await as(admin));
    expect(ids(second.body)).toEqual([older]);
  });

  it('is for admins only: visitors 401, donors and volunteers 403', async () => {
    expect((await call(t, 'GET', '/api/contacts')).status).toBe(401);
    for (const user of [donor, volunteer]) {
      expect((await call(t, 'GET', '/api/contacts', await as(user))).status).toBe(403);
    }
  });

  it('marks a message handled (by whom, when), filters by status, and can reopen it', async () => {
    const id = await createContactMessage(t.db, { createdAt: '2032-01-01T00:00:00.000Z' });
    const patch = async (status: string, user = admin) =>
      call(t, 'PATCH', `/api/contacts/${id}`, { ...(await as(user)), body: { status } });

    const before = await call(t, 'GET', '/api/contacts?status=new&limit=100', await as(admin));
    const newCount = Number(before.headers.get('X-Total-Count'));
    expect(ids(before.body)).toContain(id);

    expect((await patch('handled')).body).toEqual({ modifiedCount: 1 });
    expect((await patch('handled')).body).toEqual({ modifiedCount: 0 });

    const handled = await call(t, 'GET', '/api/contacts?status=handled', await as(admin));
    const message = handled.body.find((m: { id: string }) => m.id === id);
    expect(message).toMatchObject({ status: 'handled', handledBy: 'Admin Ayesha' });
    expect(Date.now() - new Date(message.handledAt).getTime()).toBeLessThan(60_000);
    const after = await call(t, 'GET', '/api/contacts?status=new&limit=100', await as(admin));
    expect(ids(after.body)).not.toContain(id);
    expect(Number(after.headers.get('X-Total-Count'))).toBe(newCount - 1);

    expect((await patch('new')).body).toEqual({ modifiedCount: 1 });
    const reopened = await call(t, 'GET', '/api/contacts?status=new&limit=1', await as(admin));
    expect(reopened.body[0]).toMatchObject({ id, status: 'new', handledAt: null, handledBy: null });
  });

  it('lets no one else change a message, and answers 404 and 400 plainly', async () => {
    const id = await createContactMessage(t.db);
    const body = { status: 'handled' };
    expect((await call(t, 'PATCH', `/api/contacts/${id}`, { body })).status).toBe(401);
    for (const user of [donor, volunteer]) {
      const res = await call(t, 'PATCH', `/api/contacts/${id}`, { ...(await as(user)), body });
      expect(res.status).toBe(403);
    }
    const row = await t.db.selectFrom('contact').select('status').where('id', '=', id).execute();
    expect(row).toEqual([{ status: 'new' }]);
    const missing = await call(t, 'PATCH', '/api/contacts/0190a0a0-0000-7000-8000-00000000ffff', {
      ...(await as(admin)),
      body,
    });
    expect(missing.status).toBe(404);
    const wrong = await call(t, 'PATCH', `/api/contacts/${id}`, {
      ...(await as(admin)),
      body: { status: 'deleted', message: 'x' },
    });
    expect(wrong.status).toBe(400);
    const filter = await call(t, 'GET', '/api/contacts?status=spam', await as(admin));
    expect(filter.status).toBe(400);
    expect(filter.body.error.details.status).toBe('status must be one of new, handled');
  });

  it('stores markup in a message as the text it is', async () => {
    const res = await call(t, 'POST', '/api/contacts', {
      body: {
        name: '<b>Rahim</b>',
        phone: '01711000000',
        email: 'rahim@example.org',
        message: '<script>alert(1)</script><img src=x onerror=alert(2)>',
      },
      ip: '10.9.9.9',
    });
    expect(res.status).toBe(201);
    const list = await call(t, 'GET', '/api/contacts?limit=100', await as(admin));
    expect(list.body.find((m: { id: string }) => m.id === res.body.insertedId)).toMatchObject({
      name: '<b>Rahim</b>',
      message: '<script>alert(1)</script><img src=x onerror=alert(2)>',
    });
  });
});
