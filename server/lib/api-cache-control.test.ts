import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createBlog, createUser } from '../test/factories.ts';
import { call } from '../test/http.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// Issue 16 item 3: an answer to a signed-in caller is never stored (browser, proxy or the service
// worker); an anonymous answer may be kept but is checked again before use.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`Cache-Control of API answers (${process.env.TEST_ENGINE})`, () => {
  it('answers a signed-in caller private, no-store, on reads, errors and public lists alike', async () => {
    const user = await createUser(t.db);
    const auth = await bearerFor(t.db, user.id);
    for (const path of [
      '/api/users/me',
      '/api/donation-request?status=pending',
      '/api/blogs/publish',
      '/api/no-such-thing',
    ]) {
      const res = await call(t, 'GET', path, { headers: auth });
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
    }
  });

  it('treats any cookie as credentials, even one that signs no one in', async () => {
    const res = await call(t, 'GET', '/api/blogs/publish', {
      headers: { cookie: 'better-auth.session_token=stale' },
    });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('answers an anonymous public read no-cache: kept only if checked again', async () => {
    await createBlog(t.db, await createUser(t.db), { status: 'published' });
    for (const path of ['/api/donation-request?status=pending', '/api/blogs/publish']) {
      const res = await call(t, 'GET', path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('leaves alone what a route sets itself (place names are the same for everyone)', async () => {
    const res = await call(t, 'GET', '/api/divisions');
    expect(res.headers.get('cache-control')).toMatch(/public/);
  });
});
