import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banglaDate } from '../../../common/local-date.ts';
import { createApp } from '../../app.ts';
import { createBlog, createRequest, createUser, dhakaDate } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { previewLanguage, requestDescription } from './share-previews.ts';

const engine = process.env.TEST_ENGINE;
const PUBLIC_URL = 'https://redhope.example.org';
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="RedHope is a community-powered platform."
    />
    <title>RedHope</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

let t: TestApp;
let web: ReturnType<typeof createApp>;
let webRoot: string;
let author: Awaited<ReturnType<typeof createUser>>;
let requester: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'redhope-web-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), INDEX);
  web = createApp(t.deps, { webRoot });
  author = await createUser(t.db, { role: 'volunteer' });
  requester = await createUser(t.db, { name: 'Private Person', email: 'private@example.org' });
});
afterAll(async () => {
  fs.rmSync(webRoot, { recursive: true, force: true });
  await t.close();
});

/** The page as a crawler gets it, and its meta tags by property or name. */
async function page(pathname: string, headers?: Record<string, string>) {
  const res = await web.request(pathname, { headers });
  const html = await res.text();
  const meta: Record<string, string> = {};
  for (const match of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)) {
    meta[match[1] ?? ''] = match[2] ?? '';
  }
  const title = html.match(/<title>([\s\S]*?)<\/title>/)?.[1];
  return { res, html, meta, title };
}

const ogKeys = (meta: Record<string, string>) =>
  Object.keys(meta).filter((key) => key.startsWith('og:') || key.startsWith('twitter:'));

describe(`share previews (${engine})`, () => {
  it('gives a published blog its title, description and absolute image', async () => {
    const blog = await createBlog(t.db, author, {
      status: 'published',
      title: 'Why we give blood',
      content: `${'Every donation counts. '.repeat(12)}\n\nThe end.`,
    });
    const { res, meta, title } = await page(`/blogs/${blog.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(title).toBe('Why we give blood · RedHope');
    expect(meta).toMatchObject({
      'og:site_name': 'RedHope',
      'og:type': 'article',
      'og:title': 'Why we give blood',
      'og:url': `${PUBLIC_URL}/blogs/${blog.id}`,
      'og:image': `${PUBLIC_URL}${blog.image}`,
      'twitter:card': 'summary_large_image',
      'twitter:title': 'Why we give blood',
      'twitter:image': `${PUBLIC_URL}${blog.image}`,
    });
    expect(meta['og:description']).toMatch(/^Every donation counts\. .+…$/);
    expect([...(meta['og:description'] ?? '')].length).toBeLessThanOrEqual(201);
    expect(meta.description).toBe(meta['og:description']);
    expect(meta['twitter:description']).toBe(meta['og:description']);
  });

  it('escapes every value, so a title cannot break out of its attribute', async () => {
    const blog = await createBlog(t.db, author, {
      status: 'published',
      title: `"><script>alert(1)</script><meta property="og:title" content="x`,
      content: `</title><script>alert('$&')</script>`,
    });
    const { html, meta, title } = await page(`/blogs/${blog.id}`);
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(title).toBe(
      '&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;meta property=&quot;og:title&quot; content=&quot;x · RedHope',
    );
    expect(meta['og:description']).toBe(
      '&lt;/title&gt;&lt;script&gt;alert(&#39;$&amp;&#39;)&lt;/script&gt;',
    );
    // One og:title only: the forged one stayed text.
    expect(html.match(/property="og:title"/g)).toHaveLength(1);
  });

  it('gives a draft no preview at all, and the page itself still loads', async () => {
    const draft = await createBlog(t.db, author, { title: 'Secret draft title' });
    const { res, html, meta, title } = await page(`/blogs/${draft.id}`);
    expect(res.status).toBe(200);
    expect(ogKeys(meta)).toEqual([]);
    expect(title).toBe('RedHope');
    expect(html).not.toContain('Secret draft title');
    expect(html).toBe(INDEX);
  });

  it('describes an open request by blood group, district, hospital and date, never a person', async () => {
    const request = await createRequest(t.db, requester, {
      bloodGroup: 'AB-',
      district: 'Jashore',
      division: 'Khulna',
      hospitalName: 'Jashore General Hospital',
      recipientName: 'Hidden Recipient',
      donationDate: dhakaDate(3),
    });
    const { html, meta, title } = await page(`/blood-donation-request/${request.id}`);
    const date = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${dhakaDate(3)}T00:00:00Z`),
    );
    expect(title).toBe('AB- blood needed in Jashore · RedHope');
    expect(meta).toMatchObject({
      'og:title': 'AB- blood needed in Jashore',
      'og:description': `Scheduled: 1 bag of whole blood, needed on ${date} at Jashore General Hospital, Jashore. Can you donate? Open the request on RedHope.`,
      'og:url': `${PUBLIC_URL}/blood-donation-request/${request.id}`,
      'og:image': `${PUBLIC_URL}/share-card.png`,
      'twitter:card': 'summary_large_image',
    });
    for (const secret of ['Private Person', 'private@example.org', 'Hidden Recipient']) {
      expect(html).not.toContain(secret);
    }
  });

  it('keeps the preview of a request in progress while a bag is open, naming its bags (issue 27)', async () => {
    const donor = await createUser(t.db);
    const request = await createRequest(t.db, requester, {
      bags: 3,
      component: 'platelets',
      urgency: 'critical',
      district: 'Dhaka',
      division: 'Dhaka',
      upazila: null,
      hospitalName: 'Dhaka Medical College Hospital (ask 01711-234567)',
      donor: { id: donor.id, name: donor.name, email: donor.email },
    });
    expect(request.status).toBe('inprogress');
    const { meta, html } = await page(`/blood-donation-request/${request.id}`);
    expect(meta['og:description']).toMatch(
      /^Critical, needed within hours: 3 bags of platelets, needed on .+ at Dhaka Medical College Hospital \(ask …\), Dhaka\. /,
    );
    expect(html).not.toContain('01711');
    expect(html).not.toContain(donor.email);
  });

  it('writes a Bangla reader’s preview in Bangla: Bangla place, digits and date, never a contact (issue 30 item 17)', async () => {
    const request = await createRequest(t.db, requester, {
      bags: 2,
      bloodGroup: 'O+',
      component: 'platelets',
      urgency: 'urgent',
      district: 'Jashore',
      division: 'Khulna',
      hospitalName: 'Jashore General Hospital (call ০১৭১১-২৩৪৫৬৭ or family@example.org)',
      recipientName: 'Hidden Recipient',
      donationDate: dhakaDate(3),
    });
    const expected = `জরুরি, আজই প্রয়োজন: ২ ব্যাগ প্লাটিলেট প্রয়োজন, ${banglaDate(dhakaDate(3))}, Jashore General Hospital (call … or …), যশোর। আপনি কি রক্ত দিতে পারবেন? RedHope-এ অনুরোধটি খুলুন।`;
    // By the link's own ?lang=bn (what the web's Share sends from a Bangla page), whatever the
    // crawler asks in; and by Accept-Language when the link names none.
    const byLink = await page(`/blood-donation-request/${request.id}?lang=bn`, {
      'accept-language': 'en-US,en;q=0.9',
    });
    const byHeader = await page(`/blood-donation-request/${request.id}`, {
      'accept-language': 'bn-BD,bn;q=0.9,en;q=0.5',
    });
    for (const { res, html, meta, title } of [byLink, byHeader]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('vary')).toMatch(/Accept-Language/i);
      expect(title).toBe('O+ রক্ত প্রয়োজন: যশোর · RedHope');
      expect(meta).toMatchObject({
        'og:title': 'O+ রক্ত প্রয়োজন: যশোর',
        'og:description': expected,
        'og:locale': 'bn_BD',
        // Facebook reads the tags again at og:url: it keeps the language.
        'og:url': `${PUBLIC_URL}/blood-donation-request/${request.id}?lang=bn`,
        'twitter:description': expected,
        description: expected,
      });
      // The date and the bags in Bangla digits: no Latin digit outside the address and the id.
      expect(meta['og:description']).not.toMatch(/[0-9]/);
      expect(meta['og:description']).toMatch(/[০-৯]/);
      for (const secret of [
        '০১৭১১',
        '01711',
        'family@example.org',
        'Private Person',
        'private@example.org',
        'Hidden Recipient',
      ]) {
        expect(html).not.toContain(secret);
      }
    }

    // English stays English, also when the link asks for it over a Bangla browser.
    const english = await page(`/blood-donation-request/${request.id}?lang=en`, {
      'accept-language': 'bn',
    });
    expect(english.meta['og:title']).toBe('O+ blood needed in Jashore');
    expect(english.meta['og:locale']).toBe('en_US');
    expect(english.meta['og:url']).toBe(`${PUBLIC_URL}/blood-donation-request/${request.id}`);
    expect(english.meta['og:description']).toMatch(/^Urgent, needed today: 2 bags of platelets, /);
  });

  it('gives no preview to a request that is no longer open, nor to other pages', async () => {
    const donor = await createUser(t.db);
    const accepted = await createRequest(t.db, requester, {
      donor: { id: donor.id, name: donor.name, email: donor.email },
    });
    const past = await createRequest(t.db, requester, { donationDate: dhakaDate(-2) });
    for (const pathname of [
      `/blood-donation-request/${accepted.id}`,
      `/blood-donation-request/${past.id}`,
      '/blood-donation-request/0190a0a0-0000-7000-8000-00000000ffff',
      '/blood-donation-request/not-an-id',
      '/blogs',
      '/',
      '/dashboard/profile',
    ]) {
      const { res, meta } = await page(pathname);
      expect(res.status, pathname).toBe(200);
      expect(ogKeys(meta), pathname).toEqual([]);
    }
  });

  it('points at the configured address only, whatever Host the request names (issue 25: previews took absolute URLs from a forged Host header)', async () => {
    const blog = await createBlog(t.db, author, { status: 'published', title: 'Host test' });
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
    const res = await web.request(`http://evil.example/blogs/${blog.id}`, { headers: forged });
    const html = await res.text();
    expect(html).toContain(`content="${PUBLIC_URL}/blogs/${blog.id}"`);
    expect(html).not.toContain('evil.example');

    // Without PUBLIC_URL: this machine on PORT, still never the Host header.
    const unset = await createTestApp({ PORT: '4321' });
    try {
      const writer = await createUser(unset.db, { role: 'volunteer' });
      const other = await createBlog(unset.db, writer, { status: 'published', title: 'Plain' });
      const bare = createApp(unset.deps, { webRoot });
      const answer = await bare.request(`http://evil.example/blogs/${other.id}`, {
        headers: forged,
      });
      const text = await answer.text();
      expect(text).toContain(`property="og:url" content="http://localhost:4321/blogs/${other.id}"`);
      expect(text).toContain(`property="og:image" content="http://localhost:4321${other.image}"`);
      expect(text).not.toContain('evil.example');
    } finally {
      await unset.close();
    }
  });

  it('never carries one page’s head into another’s answer', async () => {
    const one = await createBlog(t.db, author, { status: 'published', title: 'First blog' });
    const two = await createBlog(t.db, author, { status: 'published', title: 'Second blog' });
    const [a, b, a2] = await Promise.all([
      page(`/blogs/${one.id}`),
      page(`/blogs/${two.id}`),
      page(`/blogs/${one.id}`),
    ]);
    expect([a.meta['og:title'], b.meta['og:title'], a2.meta['og:title']]).toEqual([
      'First blog',
      'Second blog',
      'First blog',
    ]);
  });
});

describe('an open request’s preview text (issue 27)', () => {
  const request = {
    bags: 3,
    component: 'platelets',
    urgency: 'critical',
    district: 'Dhaka',
    hospitalName: 'Dhaka Medical College Hospital',
    donationDate: '2026-06-12',
  } as const;

  it('names the bags, the component, the urgency and the place', () => {
    expect(requestDescription(request)).toBe(
      'Critical, needed within hours: 3 bags of platelets, needed on 12 June 2026 at Dhaka Medical College Hospital, Dhaka. Can you donate? Open the request on RedHope.',
    );
    expect(
      requestDescription({ ...request, bags: 1, component: 'plasma', urgency: 'urgent' }),
    ).toBe(
      'Urgent, needed today: 1 bag of plasma, needed on 12 June 2026 at Dhaka Medical College Hospital, Dhaka. Can you donate? Open the request on RedHope.',
    );
  });

  it('says it all in Bangla for a Bangla reader: Bangla place, Bangla digits (issue 30 item 17)', () => {
    expect(requestDescription(request, 'bn')).toBe(
      'অতি জরুরি, কয়েক ঘণ্টার মধ্যে প্রয়োজন: ৩ ব্যাগ প্লাটিলেট প্রয়োজন, ১২ জুন, ২০২৬, Dhaka Medical College Hospital, ঢাকা। আপনি কি রক্ত দিতে পারবেন? RedHope-এ অনুরোধটি খুলুন।',
    );
    expect(
      requestDescription(
        { ...request, bags: 1, component: 'whole_blood', urgency: 'scheduled' },
        'bn',
      ),
    ).toBe(
      'নির্ধারিত: ১ ব্যাগ সম্পূর্ণ রক্ত প্রয়োজন, ১২ জুন, ২০২৬, Dhaka Medical College Hospital, ঢাকা। আপনি কি রক্ত দিতে পারবেন? RedHope-এ অনুরোধটি খুলুন।',
    );
  });

  it('carries no phone number or email in Bangla either, in Bangla or Latin digits', () => {
    const text = requestDescription(
      { ...request, hospitalName: 'স্কয়ার হাসপাতাল, ফোন ০১৭১১-২৩৪৫৬৭ / 01811 234 567, x@y.org' },
      'bn',
    );
    expect(text).toContain('স্কয়ার হাসপাতাল, ফোন … / …, …, ঢাকা।');
    expect(text).not.toMatch(/০১৭১১|01811|@/);
  });

  it('takes the link’s language first, then the reader’s Accept-Language, else English', () => {
    expect(previewLanguage('bn', 'en-US')).toBe('bn');
    expect(previewLanguage('en', 'bn')).toBe('en');
    expect(previewLanguage(undefined, 'bn-BD,en;q=0.5')).toBe('bn');
    expect(previewLanguage('fr', 'de, bn;q=0.3')).toBe('bn');
    expect(previewLanguage(undefined, undefined)).toBe('en');
  });

  it('carries no phone number or email the family typed into the hospital’s name', () => {
    const text = requestDescription({
      ...request,
      hospitalName: 'Square Hospital, call 01711-234567 or family@example.org',
    });
    expect(text).toContain('at Square Hospital, call … or …, Dhaka.');
    expect(text).not.toMatch(/01711|@/);
  });
});
