import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createUser } from '../test/factories.ts';
import { call } from '../test/http.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { databaseCounterStore } from './counter-store.ts';
import { EnvError, parseEnv } from './env.ts';
import { trustedOrigins } from './origins.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const message = (n: number) => ({
  name: `Visitor ${n}`,
  phone: '+880 1711 000000',
  email: `visitor${n}@example.org`,
  message: 'When is the next blood drive?',
});
const contactCount = async () => (await t.db.selectFrom('contact').select('id').execute()).length;

describe(`defence in depth (${process.env.TEST_ENGINE})`, () => {
  it.each([
    ['another site as Origin', { origin: 'https://evil.example' }],
    ['a cross-site fetch', { 'sec-fetch-site': 'cross-site' }],
    ['a lookalike origin', { origin: 'http://localhost:3000.evil.example' }],
  ])('refuses a change sent from %s, changing nothing', async (_label, headers) => {
    const before = await contactCount();
    const res = await call(t, 'POST', '/api/contacts', {
      body: message(1),
      headers,
      ip: '10.9.0.1',
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('CROSS_SITE_REQUEST');
    expect(await contactCount()).toBe(before);
  });

  it('refuses a cross-site change to a signed-in profile, and takes one from our own page or an API client', async () => {
    const user = await createUser(t.db, { name: 'Before' });
    const auth = await bearerFor(t.db, user.id);
    const path = `/api/users/${user.id}`;
    const evil = await call(t, 'PATCH', path, {
      headers: { ...auth, origin: 'https://evil.example' },
      body: { name: 'Hacked' },
    });
    expect(evil.status).toBe(403);
    // Our own page (the test helper sends http://localhost:3000), then a script with no Origin.
    expect((await call(t, 'PATCH', path, { headers: auth, body: { name: 'Ours' } })).status).toBe(
      200,
    );
    const script = await t.app.request(path, {
      method: 'PATCH',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Script' }),
    });
    expect(script.status).toBe(200);
  });

  it('answers a flood with 429, Retry-After and when to try again in words', async () => {
    for (let n = 0; n < 5; n++) {
      expect(
        (await call(t, 'POST', '/api/contacts', { body: message(n), ip: '10.9.0.2' })).status,
      ).toBe(201);
    }
    const refused = await call(t, 'POST', '/api/contacts', { body: message(9), ip: '10.9.0.2' });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.body.error.message).toMatch(/Please try again in (60 minutes|1 hour)\.$/);
  });

  it('counts only messages it took: a form sent back with a mistake does not use up the hour', async () => {
    for (let n = 0; n < 6; n++) {
      const bad = await call(t, 'POST', '/api/contacts', {
        body: { ...message(n), email: 'not an email' },
        ip: '10.9.0.3',
      });
      expect(bad.status).toBe(400);
    }
    const good = await call(t, 'POST', '/api/contacts', { body: message(7), ip: '10.9.0.3' });
    expect(good.status).toBe(201);
  });

  it('lets counter rows expire instead of keeping one per key forever', async () => {
    const store = databaseCounterStore(t.db);
    for (let n = 0; n < 30; n++) await store.hit(`sweep-test:${n}`, 1);
    await new Promise((r) => setTimeout(r, 10));
    await store.sweep?.();
    const left = await t.db
      .selectFrom('counter')
      .select('key')
      .where('key', 'like', 'sweep-test:%')
      .execute();
    expect(left).toEqual([]);
    // A live window stays.
    await store.hit('sweep-test:live', 60_000);
    await store.sweep?.();
    expect(await store.peek('sweep-test:live', 60_000)).toBe(1);
  });
});

describe("the site's own origins", () => {
  it("are PUBLIC_URL's alone when set, and this machine's addresses on PORT when not", () => {
    expect(
      trustedOrigins(
        parseEnv({ PUBLIC_URL: 'https://redhope.example/app', NODE_ENV: 'production' }),
      ),
    ).toEqual(['https://redhope.example']);
    expect(trustedOrigins(parseEnv({ PORT: '8080', NODE_ENV: 'test' }))).toEqual([
      'http://localhost:8080',
      'http://127.0.0.1:8080',
    ]);
  });

  it('must be given in production: no localhost assumed there (issue 25)', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(
      /PUBLIC_URL: required when NODE_ENV=production/,
    );
    expect(() => parseEnv({ NODE_ENV: 'production', PUBLIC_URL: '' })).toThrow(EnvError);
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent when the site is served over https, and not over http', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://redhope.example' });
    try {
      const res = await https.app.request('/api/health');
      expect(res.headers.get('strict-transport-security')).toBe(
        'max-age=63072000; includeSubDomains',
      );
    } finally {
      await https.close();
    }
    const plain = await t.app.request('/api/health');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });
});
