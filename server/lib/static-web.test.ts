import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticWeb } from './static-web.ts';

// A build as scripts/prerender.ts leaves it: the home page in index.html, another prerendered
// page in its folder, and app.html (the loading page) for every other address, app.bn.html the
// same in Bangla.
let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'redhope-web-'));
  fs.writeFileSync(path.join(root, 'index.html'), '<div id="root">home</div>');
  fs.writeFileSync(path.join(root, 'app.html'), '<div id="root"></div>');
  fs.writeFileSync(path.join(root, 'app.bn.html'), '<div id="root">লোড হচ্ছে</div>');
  fs.writeFileSync(path.join(root, 'app.bare.html'), '<div id="root">bare</div>');
  fs.writeFileSync(path.join(root, 'app.bare.bn.html'), '<div id="root">bare bn</div>');
  fs.writeFileSync(path.join(root, 'index.bn.html'), '<div id="root">হোম</div>');
  fs.mkdirSync(path.join(root, 'search-donor'));
  fs.writeFileSync(path.join(root, 'search-donor', 'index.html'), '<div id="root">search</div>');
  fs.writeFileSync(path.join(root, 'search-donor', 'index.bn.html'), '<div id="root">খুঁজুন</div>');
  // A page the build drew in English only: English for everyone.
  fs.mkdirSync(path.join(root, 'english-only'));
  fs.writeFileSync(path.join(root, 'english-only', 'index.html'), '<div id="root">en only</div>');
  fs.writeFileSync(path.join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(root, 'manifest.webmanifest'), '{"name":"RedHope"}');
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe(`the built web app (${process.env.TEST_ENGINE})`, () => {
  it('serves each prerendered page at its own address, never cached', async () => {
    const web = staticWeb(root);
    for (const [address, body] of [
      ['/', '<div id="root">home</div>'],
      ['/search-donor', '<div id="root">search</div>'],
    ]) {
      const res = await web.request(address ?? '');
      expect(await res.text(), address).toBe(body);
      expect(res.headers.get('cache-control'), address).toBe('no-cache');
    }
  });

  it('answers every other address with the empty app, not with the home page', async () => {
    const web = staticWeb(root);
    for (const address of ['/dashboard/profile', '/search-donor/extra', '/blogs/123']) {
      const res = await web.request(address);
      expect(await res.text(), address).toBe('<div id="root"></div>');
      expect(res.headers.get('cache-control'), address).toBe('no-cache');
    }
  });

  it('sends the loading page in Bangla to a reader who chose Bangla, by address or cookie (issue 30 item 3)', async () => {
    const web = staticWeb(root);
    const bangla = '<div id="root">লোড হচ্ছে</div>';
    const cases: [string, Record<string, string>, string][] = [
      ['/dashboard?lang=bn', {}, bangla],
      ['/dashboard/profile', { cookie: 'redhope.lang=bn' }, bangla],
      ['/dashboard/profile', { cookie: 'other=1; redhope.lang=bn' }, bangla],
      // The address wins over the cookie: it is the tap just made.
      ['/dashboard?lang=en', { cookie: 'redhope.lang=bn' }, '<div id="root"></div>'],
      ['/dashboard', { cookie: 'redhope.lang=en' }, '<div id="root"></div>'],
      // Accept-Language alone does not: the app shows English to a reader who chose nothing.
      ['/dashboard', { 'accept-language': 'bn' }, '<div id="root"></div>'],
    ];
    for (const [address, headers, body] of cases) {
      const res = await web.request(address, { headers });
      expect(await res.text(), `${address} ${JSON.stringify(headers)}`).toBe(body);
    }
    // Sign-in and sign-up have no navigation (SPEC §2): nor has their loading page.
    for (const [address, body] of [
      ['/login', '<div id="root">bare</div>'],
      ['/login/forgot-password?lang=bn', '<div id="root">bare bn</div>'],
      ['/register', '<div id="root">bare</div>'],
    ] as const) {
      expect(await (await web.request(address)).text(), address).toBe(body);
    }
  });

  it('sends a prerendered page in Bangla to a reader who chose Bangla, and the loading page the service worker keeps (issue 30)', async () => {
    const web = staticWeb(root);
    const cases: [string, Record<string, string>, string][] = [
      ['/', { cookie: 'redhope.lang=bn' }, '<div id="root">হোম</div>'],
      ['/?lang=bn', {}, '<div id="root">হোম</div>'],
      ['/search-donor', { cookie: 'redhope.lang=bn' }, '<div id="root">খুঁজুন</div>'],
      ['/search-donor/', { cookie: 'redhope.lang=bn' }, '<div id="root">খুঁজুন</div>'],
      ['/search-donor?lang=en', { cookie: 'redhope.lang=bn' }, '<div id="root">search</div>'],
      ['/', { 'accept-language': 'bn' }, '<div id="root">home</div>'],
      ['/english-only', { cookie: 'redhope.lang=bn' }, '<div id="root">en only</div>'],
      // What the service worker fetches at install for offline use, with the reader's cookie.
      ['/app.html', { cookie: 'redhope.lang=bn' }, '<div id="root">লোড হচ্ছে</div>'],
      ['/app.html', {}, '<div id="root"></div>'],
    ];
    for (const [address, headers, body] of cases) {
      const res = await web.request(address, { headers });
      const what = `${address} ${JSON.stringify(headers)}`;
      expect(await res.text(), what).toBe(body);
      // A shared cache must not give one reader's language to another.
      expect(res.headers.get('vary'), what).toMatch(/\bCookie\b/);
    }
  });

  it('falls back to index.html for a build without app.html', async () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'redhope-web-'));
    fs.writeFileSync(path.join(bare, 'index.html'), '<div id="root"></div>');
    const res = await staticWeb(bare).request('/dashboard');
    expect(await res.text()).toBe('<div id="root"></div>');
    fs.rmSync(bare, { recursive: true, force: true });
  });

  it('serves the service worker and the manifest with their types, checked again on each use', async () => {
    const web = staticWeb(root);
    const worker = await web.request('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const manifest = await web.request('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
  });
});
