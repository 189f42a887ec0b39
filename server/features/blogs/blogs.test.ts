import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, blogForm, createBlog, createUser } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

type User = Awaited<ReturnType<typeof createUser>>;

const engine = process.env.TEST_ENGINE;
let t: TestApp;
let admin: User;
let volunteer: User;
let donor: User;
const tokens = new Map<string, Record<string, string>>();

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { role: 'admin' });
  volunteer = await createUser(t.db, { role: 'volunteer' });
  donor = await createUser(t.db);
});
afterAll(() => t.close());

/** `{headers}` that act as `user`; none for a visitor. */
async function as(user: User | null) {
  if (!user) return {};
  let headers = tokens.get(user.id);
  if (!headers) {
    headers = await bearerFor(t.db, user.id);
    tokens.set(user.id, headers);
  }
  return { headers };
}

const row = (id: string) =>
  t.db.selectFrom('blog').selectAll().where('id', '=', id).executeTakeFirst();

describe(`POST /api/blogs (${engine})`, () => {
  it('lets a volunteer write a draft stamped with the server’s time, whatever the body claims', async () => {
    const before = Date.now();
    const res = await call(t, 'POST', '/api/blogs', {
      ...(await as(volunteer)),
      // The original client also sends date, time and status: ignored.
      body: blogForm({ date: 'Jan 1st 99', time: '1:00 AM', status: 'published' }),
    });
    expect(res.status).toBe(201);
    const stored = await row(res.body.insertedId);
    expect(stored).toMatchObject({
      title: 'Donating blood in Khulna',
      image: '/api/images/0190a0a0-0000-7000-8000-000000000002.webp',
      content: 'Eat well before you donate.\n\nDrink water after.',
      status: 'draft',
      authorId: volunteer.id,
    });
    const created = new Date(String(stored?.createdAt)).getTime();
    expect(created).toBeGreaterThanOrEqual(before - 1000);
    expect(created).toBeLessThanOrEqual(Date.now() + 1000);

    const read = await call(t, 'GET', `/api/blogs/${res.body.insertedId}`, await as(volunteer));
    expect(read.body.date).toMatch(/^[A-Z][a-z]{2} \d{1,2}(st|nd|rd|th) \d{2}$/);
    expect(read.body.time).toMatch(/^\d{1,2}:\d{2}\s[AP]M$/);
  });

  it('lets an admin write one too', async () => {
    const res = await call(t, 'POST', '/api/blogs', { ...(await as(admin)), body: blogForm() });
    expect(res.status).toBe(201);
  });

  it('refuses visitors (401), donors (403) and blocked staff (403), storing nothing', async () => {
    const count = async () => (await t.db.selectFrom('blog').select('id').execute()).length;
    const before = await count();
    expect((await call(t, 'POST', '/api/blogs', { body: blogForm() })).status).toBe(401);
    const asDonor = await call(t, 'POST', '/api/blogs', { ...(await as(donor)), body: blogForm() });
    expect(asDonor.status).toBe(403);
    expect(asDonor.body.error.code).toBe('FORBIDDEN');
    const blocked = await createUser(t.db, { role: 'volunteer', status: 'block' });
    const asBlocked = await call(t, 'POST', '/api/blogs', {
      ...(await as(blocked)),
      body: blogForm(),
    });
    expect(asBlocked.status).toBe(403);
    expect(asBlocked.body.error.code).toBe('ACCOUNT_BLOCKED');
    expect(await count()).toBe(before);
  });

  it("answers missing fields with the Add Blog form's own messages", async () => {
    const res = await call(t, 'POST', '/api/blogs', {
      ...(await as(volunteer)),
      body: { title: '  ', content: '' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual({
      title: 'Please provide blog title',
      image: 'Please provide thumbnail',
      content: 'Please enter Description',
    });
  });

  it('caps the title at 150 and the content at 10,000 characters, saying so', async () => {
    const ok = await call(t, 'POST', '/api/blogs', {
      ...(await as(volunteer)),
      body: blogForm({ title: 'ক'.repeat(150), content: 'x'.repeat(10_000) }),
    });
    expect(ok.status).toBe(201);
    const res = await call(t, 'POST', '/api/blogs', {
      ...(await as(volunteer)),
      body: blogForm({ title: 'ক'.repeat(151), content: 'x'.repeat(10_001) }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual({
      title: 'Title must be at most 150 characters',
      content: 'Content must be at most 10,000 characters',
    });
  });

  it('takes only a thumbnail uploaded to this site', async () => {
    for (const image of [
      'https://evil.example/a.webp',
      'javascript:alert(1)',
      '/api/images/../../etc/passwd.webp',
    ]) {
      const res = await call(t, 'POST', '/api/blogs', {
        ...(await as(volunteer)),
        body: blogForm({ image }),
      });
      expect(res.status).toBe(400);
      expect(res.body.error.details.image).toMatch(/^Please provide thumbnail/);
    }
  });

  it('keeps the text exactly as written (markup is text; the page shows it as text)', async () => {
    const title = '<img src=x onerror=alert(1)> & "quotes"';
    const content = '<script>alert("x")</script>\r\n\r\n\r\n\r\n**not markdown** <b>bold?</b>';
    const res = await call(t, 'POST', '/api/blogs', {
      ...(await as(volunteer)),
      body: blogForm({ title, content }),
    });
    expect(res.status).toBe(201);
    // Line endings become \n and several blank lines one; nothing else is touched.
    expect(await row(res.body.insertedId)).toMatchObject({
      title,
      content: '<script>alert("x")</script>\n\n**not markdown** <b>bold?</b>',
    });
  });
});

describe(`GET /api/blogs, the staff list (${engine})`, () => {
  it('lists every blog newest first for staff, filtered by status, paged', async () => {
    const a = await createBlog(t.db, volunteer, { createdAt: '2030-01-01T00:00:00.000Z' });
    const b = await createBlog(t.db, volunteer, {
      status: 'published',
      createdAt: '2030-01-02T00:00:00.000Z',
    });
    for (const staff of [admin, volunteer]) {
      const all = await call(t, 'GET', '/api/blogs?limit=2', await as(staff));
      expect(all.status).toBe(200);
      expect(all.body.map((blog: { id: string }) => blog.id)).toEqual([b.id, a.id]);
      expect(Number(all.headers.get('X-Total-Count'))).toBeGreaterThan(2);
      expect(all.headers.get('Link')).toContain('rel="next"');
    }
    const drafts = await call(t, 'GET', '/api/blogs?status=draft&limit=100', await as(volunteer));
    expect(drafts.body.every((blog: { status: string }) => blog.status === 'draft')).toBe(true);
    expect(drafts.body.some((blog: { id: string }) => blog.id === a.id)).toBe(true);
    const published = await call(t, 'GET', '/api/blogs?status=published', await as(admin));
    expect(published.body.map((blog: { id: string }) => blog.id)).toContain(b.id);
    expect(published.body.every((blog: { status: string }) => blog.status === 'published')).toBe(
      true,
    );
  });

  it('is not for visitors (401) or donors (403), and refuses an unknown status', async () => {
    expect((await call(t, 'GET', '/api/blogs')).status).toBe(401);
    expect((await call(t, 'GET', '/api/blogs', await as(donor))).status).toBe(403);
    const res = await call(t, 'GET', '/api/blogs?status=secret', await as(admin));
    expect(res.status).toBe(400);
    expect(res.body.error.details.status).toBe('status must be one of draft, published');
  });
});

describe(`GET /api/blogs/publish (${engine})`, () => {
  it('lists only published blogs, newest first, to everyone', async () => {
    const older = await createBlog(t.db, admin, {
      status: 'published',
      createdAt: '2031-01-01T00:00:00.000Z',
    });
    const newer = await createBlog(t.db, admin, {
      status: 'published',
      createdAt: '2031-01-02T00:00:00.000Z',
    });
    const draft = await createBlog(t.db, admin, { createdAt: '2031-01-03T00:00:00.000Z' });
    for (const viewer of [null, donor, admin]) {
      const res = await call(t, 'GET', '/api/blogs/publish?status=published', await as(viewer));
      expect(res.status).toBe(200);
      const ids = res.body.map((blog: { id: string }) => blog.id);
      expect(ids.slice(0, 2)).toEqual([newer.id, older.id]);
      expect(ids).not.toContain(draft.id);
      expect(res.body.every((blog: { status: string }) => blog.status === 'published')).toBe(true);
      expect(res.headers.get('X-Total-Count')).toBe(String(ids.length));
    }
    // Without ?status the answer is the same list; a page of one says there is more.
    const paged = await call(t, 'GET', '/api/blogs/publish?limit=1&page=2');
    expect(paged.body.map((blog: { id: string }) => blog.id)).toEqual([older.id]);
  });

  it('never lists drafts, whatever is asked', async () => {
    const res = await call(t, 'GET', '/api/blogs/publish?status=draft', await as(admin));
    expect(res.status).toBe(400);
    expect(res.body.error.details.status).toBe('status must be one of published');
  });
});

describe(`GET /api/blogs/:id (${engine})`, () => {
  it('shows a published blog to everyone', async () => {
    const blog = await createBlog(t.db, volunteer, { status: 'published' });
    for (const viewer of [null, donor, volunteer]) {
      const res = await call(t, 'GET', `/api/blogs/${blog.id}`, await as(viewer));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: blog.id, _id: blog.id, title: blog.title });
    }
  });

  it('shows a draft to staff only: visitors and donors get 404, as for no blog at all', async () => {
    const draft = await createBlog(t.db, volunteer);
    for (const viewer of [admin, volunteer]) {
      const res = await call(t, 'GET', `/api/blogs/${draft.id}`, await as(viewer));
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('draft');
    }
    for (const viewer of [null, donor]) {
      const res = await call(t, 'GET', `/api/blogs/${draft.id}`, await as(viewer));
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('No such blog.');
    }
    const blocked = await createUser(t.db, { role: 'admin', status: 'block' });
    expect((await call(t, 'GET', `/api/blogs/${draft.id}`, await as(blocked))).status).toBe(404);
    const missing = await call(t, 'GET', '/api/blogs/0190a0a0-0000-7000-8000-00000000ffff');
    expect(missing.status).toBe(404);
    expect((await call(t, 'GET', '/api/blogs/not-an-id')).status).toBe(400);
  });
});

describe(`the published blogs' cache validator (issue 32) (${engine})`, () => {
  it('answers an anonymous reader holding the current ETag 304, a changed page 200 with a new one', async () => {
    const blog = await createBlog(t.db, volunteer, { status: 'published' });
    for (const path of ['/api/blogs/publish?status=published', `/api/blogs/${blog.id}`]) {
      const first = await call(t, 'GET', path);
      expect(first.status).toBe(200);
      const tag = first.headers.get('etag') ?? '';
      expect(tag, path).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
      expect(first.headers.get('cache-control')).toBe('no-cache');
      const again = await call(t, 'GET', path, { headers: { 'if-none-match': tag } });
      expect(again.status, path).toBe(304);
      expect(again.body, path).toBeNull();
      // Signed in: no validator, never a 304 (staff may be shown drafts).
      const signedIn = await call(t, 'GET', path, {
        headers: { ...(await as(volunteer)).headers, 'if-none-match': tag },
      });
      expect(signedIn.status, path).toBe(200);
      expect(signedIn.headers.get('etag'), path).toBeNull();
    }
    const listTag = (await call(t, 'GET', '/api/blogs/publish?status=published')).headers.get(
      'etag',
    );
    const itemTag = (await call(t, 'GET', `/api/blogs/${blog.id}`)).headers.get('etag');
    await t.db
      .updateTable('blog')
      .set({ title: 'A new title' })
      .where('id', '=', blog.id)
      .execute();
    for (const [path, tag] of [
      ['/api/blogs/publish?status=published', listTag],
      [`/api/blogs/${blog.id}`, itemTag],
    ] as const) {
      const changed = await call(t, 'GET', path, { headers: { 'if-none-match': tag ?? '' } });
      expect(changed.status, path).toBe(200);
      expect(changed.headers.get('etag'), path).not.toBe(tag);
    }
  });
});

describe(`PATCH /api/blogs/:id (${engine})`, () => {
  it('lets an admin publish and unpublish; a repeat changes nothing', async () => {
    const blog = await createBlog(t.db, volunteer);
    const patch = async (status: string) =>
      call(t, 'PATCH', `/api/blogs/${blog.id}`, { ...(await as(admin)), body: { status } });
    expect((await patch('published')).body).toEqual({ modifiedCount: 1 });
    expect((await row(blog.id))?.status).toBe('published');
    expect((await patch('published')).body).toEqual({ modifiedCount: 0 });
    expect((await patch('draft')).body).toEqual({ modifiedCount: 1 });
    expect((await row(blog.id))?.status).toBe('draft');
  });

  it('refuses volunteers and donors (403) and visitors (401), changing nothing', async () => {
    const blog = await createBlog(t.db, volunteer);
    const body = { status: 'published' };
    expect((await call(t, 'PATCH', `/api/blogs/${blog.id}`, { body })).status).toBe(401);
    for (const user of [volunteer, donor]) {
      const res = await call(t, 'PATCH', `/api/blogs/${blog.id}`, { ...(await as(user)), body });
      expect(res.status).toBe(403);
    }
    expect((await row(blog.id))?.status).toBe('draft');
  });

  it('answers 404 for no such blog and 400 for any other change', async () => {
    const missing = await call(t, 'PATCH', '/api/blogs/0190a0a0-0000-7000-8000-00000000ffff', {
      ...(await as(admin)),
      body: { status: 'published' },
    });
    expect(missing.status).toBe(404);
    const blog = await createBlog(t.db, volunteer);
    const renamed = await call(t, 'PATCH', `/api/blogs/${blog.id}`, {
      ...(await as(admin)),
      body: { status: 'published', title: 'Changed' },
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body.error.message).toMatch(/cannot be changed here: title/);
    const wrong = await call(t, 'PATCH', `/api/blogs/${blog.id}`, {
      ...(await as(admin)),
      body: { status: 'deleted' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details.status).toBe("Status must be 'draft' or 'published'");
    expect(await row(blog.id)).toMatchObject({ status: 'draft', title: blog.title });
  });
});

describe(`DELETE /api/blogs/:id (${engine})`, () => {
  it('lets only an admin delete; volunteers, donors and visitors are refused', async () => {
    const blog = await createBlog(t.db, volunteer, { status: 'published' });
    expect((await call(t, 'DELETE', `/api/blogs/${blog.id}`)).status).toBe(401);
    for (const user of [volunteer, donor]) {
      expect((await call(t, 'DELETE', `/api/blogs/${blog.id}`, await as(user))).status).toBe(403);
    }
    expect(await row(blog.id)).toBeDefined();
    const res = await call(t, 'DELETE', `/api/blogs/${blog.id}`, await as(admin));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedCount: 1 });
    expect(await row(blog.id)).toBeUndefined();
    expect((await call(t, 'DELETE', `/api/blogs/${blog.id}`, await as(admin))).status).toBe(404);
    expect((await call(t, 'GET', `/api/blogs/${blog.id}`)).status).toBe(404);
  });
});

describe(`a writer's account deleted (${engine})`, () => {
  it('keeps their blogs', async () => {
    const writer = await createUser(t.db, { role: 'volunteer' });
    const blog = await createBlog(t.db, writer, { status: 'published' });
    const res = await call(t, 'DELETE', `/api/users/${writer.id}`, await as(admin));
    expect(res.status).toBe(200);
    expect(await row(blog.id)).toMatchObject({ id: blog.id, authorId: null });
  });
});
