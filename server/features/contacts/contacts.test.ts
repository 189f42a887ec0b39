import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (body: unknown, ip = '10.4.0.1') =>
  request(
    t,
    '/api/contacts',
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    { incoming: { socket: { remoteAddress: ip, remotePort: 1 } } },
  );

const message = { name: 'Rahim', phone: '01711000000', email: 'rahim@example.org', message: 'Hi' };

describe(`POST /api/contacts (${process.env.TEST_ENGINE})`, () => {
  it('stores a message and answers its insertedId', async () => {
    const res = await post({
      name: 'Rahim',
      phone: '+880 1711-000000',
      email: 'rahim@example.org',
      message: 'Hello',
    });
    expect(res.status).toBe(201);
    const { insertedId } = (await res.json()) as { insertedId: string };
    const row = await t.db
      .selectFrom('contact')
      .selectAll()
      .where('id', '=', insertedId)
      .executeTakeFirst();
    expect(row).toMatchObject({ name: 'Rahim', email: 'rahim@example.org', message: 'Hello' });
  });

  it("answers missing fields with the form's own messages and stores nothing", async () => {
    const before = await t.db.selectFrom('contact').select('id').execute();
    const res = await post({ name: '', email: 'x@example.org' });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { details: Record<string, string> } };
    expect(error.details).toEqual({
      name: 'Name is required',
      phone: 'Phone number is required',
      message: 'Message is required',
    });
    expect(await t.db.selectFrom('contact').select('id').execute()).toHaveLength(before.length);
  });

  it('takes 5 messages an hour from one address, then asks to wait', async () => {
    for (let i = 0; i < 5; i++) expect((await post(message, '10.4.0.9')).status).toBe(201);
    const refused = await post(message, '10.4.0.9');
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /Please try again in (\d+ minutes?|1 hour)\./,
    );
    expect((await post(message, '10.4.0.10')).status).toBe(201);
  });
});
