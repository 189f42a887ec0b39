import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { baseUrl, setupBrowser } from './browser.ts';
import { callApi, registerMember, signIn } from './fixtures.ts';
import { settle } from './layout-check.ts';
import { longRequestFields } from './long-text-world.ts';

// Issue 16 item 3: installable, and the public pages open from the service worker's cache when
// the network is gone, saying so; no answer to a signed-in request is ever kept.

const browser = setupBrowser();

/** Waits until the service worker has installed (its files kept) and controls the page. */
async function controlledByWorker(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 30_000,
  });
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? '';
  });
}

/** Every URL kept in the page's caches, with the Cache-Control it was kept with. */
const cachedEntries = (page: Page) =>
  page.evaluate(async () => {
    const entries: { cache: string; url: string; cacheControl: string | null }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        entries.push({
          cache: name,
          url: new URL(request.url).pathname + new URL(request.url).search,
          cacheControl: response?.headers.get('cache-control') ?? null,
        });
      }
    }
    return entries;
  });

const OFFLINE_NOTICE = 'You are offline.';

describe('installable, and the public pages open offline (issue 16)', () => {
  it('has a manifest with a name, the brand colour and 192, 512 and maskable icons', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const res = await page.context().request.get(href ?? '');
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as {
      name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest.name).toBe('RedHope');
    expect(manifest.display).toBe('standalone');
    expect(manifest.theme_color).toBe('#dc2626');
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const png = await page.context().request.get(icon.src);
      expect(png.headers()['content-type'], icon.src).toBe('image/png');
    }
    const worker = await page.context().request.get('/sw.js');
    expect(worker.headers()['cache-control']).toBe('no-cache');
    await page.context().close();
  });

  it('home, requests and blogs open from the cache offline, with the offline notice', async () => {
    // Something to list: an open request and a published blog.
    const page = await browser.newPage();
    const author = await registerMember();
    await signIn(page.context(), author);
    const recipient = `Offline${Date.now()}`;
    await callApi(page, 'POST', '/api/donation-request', {
      ...longRequestFields('Offline', '00:04'),
      recipientName: recipient,
      // First on the list's first page (the one kept for offline) whatever other specs left
      // open: the list puts critical requests first (issue 27).
      urgency: 'critical',
    });
    await page.context().close();

    const visitor = await browser.newPage();
    await visitor.goto('/');
    await settle(visitor);
    const worker = await controlledByWorker(visitor);
    expect(worker).toBe(`${baseUrl()}/sw.js`);
    // Online visits while controlled keep the lists' public answers.
    await visitor.goto('/blood-donation-request');
    await visitor.locator('main').getByText(recipient, { exact: true }).waitFor();
    await visitor.goto('/blogs');
    await settle(visitor);
    await expect.poll(() => visitor.locator('[data-offline-notice]').count()).toBe(0);

    await visitor.context().setOffline(true);
    for (const [address, shows] of [
      ['/', null],
      ['/blood-donation-request', recipient],
      ['/blogs', null],
    ] as const) {
      await visitor.goto(address);
      await visitor.locator('main').waitFor();
      await visitor.getByText(OFFLINE_NOTICE).waitFor();
      expect(await visitor.getByRole('status').filter({ hasText: OFFLINE_NOTICE }).count()).toBe(1);
      await visitor.locator('h1').first().waitFor();
      if (shows) await visitor.locator('main').getByText(shows, { exact: true }).first().waitFor();
    }
    await visitor.goto('/');
    await visitor.reload();
    await visitor.getByText(OFFLINE_NOTICE).waitFor();
    expect(await visitor.locator('h1 .sr-only').textContent()).toContain(
      'Donate Blood, Save Lives',
    );
    // The notice itself passes the same WCAG 2.1 AA rules as every page (a11y.spec.ts).
    expect(await axeViolations(visitor)).toEqual([]);
    // Back online, the notice goes.
    await visitor.context().setOffline(false);
    await visitor.getByText(OFFLINE_NOTICE).waitFor({ state: 'detached' });

    const kept = await cachedEntries(visitor);
    expect(kept.some((entry) => entry.url === '/blogs')).toBe(true);
    expect(kept.some((entry) => entry.url.startsWith('/api/donation-request?'))).toBe(true);
    // Only public reads under /api/, each kept with the anonymous no-cache mark.
    for (const entry of kept.filter(({ url }) => url.startsWith('/api/'))) {
      expect(entry.url).toMatch(
        /^\/api\/(donation-request\?(?!.*email=).*status=pending|blogs\/publish)/,
      );
      expect(entry.cacheControl).toBe('no-cache');
    }
    await visitor.context().close();
  });

  it("keeps the loading page for offline use in the reader's language, again after a switch (issue 30)", async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await settle(page);
    await controlledByWorker(page);
    const keptLanguage = (address: string) =>
      page.evaluate(async (kept) => {
        const html = await (await caches.match(kept))?.text();
        return html?.match(/<html lang="(\w+)"/)?.[1];
      }, address);
    expect(await keptLanguage('/app.html')).toBe('en');
    await page.getByRole('button', { name: 'বাংলা' }).click();
    await page.locator('html[lang="bn"]').waitFor();
    // What an address the worker has no copy of opens on offline, and the page kept so far.
    await expect.poll(() => keptLanguage('/app.html')).toBe('bn');
    await expect.poll(() => keptLanguage('/')).toBe('bn');
    await page.context().close();
  });

  it('never keeps an answer to a signed-in request', async () => {
    const page = await browser.newPage();
    const member = await registerMember();
    await signIn(page.context(), member);
    await page.goto('/');
    await settle(page);
    await controlledByWorker(page);
    for (const address of [
      '/blood-donation-request',
      '/blogs',
      '/dashboard',
      '/dashboard/profile',
    ]) {
      await page.goto(address);
      await settle(page);
    }
    // The signed-in public reads passed through the worker and were answered private, no-store.
    const answer = await page.evaluate(async () => {
      const res = await fetch('/api/donation-request?status=pending&page=1&limit=9');
      return res.headers.get('cache-control');
    });
    expect(answer).toBe('private, no-store');
    const kept = await cachedEntries(page);
    expect(kept.length).toBeGreaterThan(10);
    expect(kept.filter(({ url }) => url.startsWith('/api/'))).toEqual([]);
    await page.context().close();
  });

  it('a new version takes over: old caches go, and the open page reloads at its next navigation', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await settle(page);
    await controlledByWorker(page);
    const before = (await page.evaluate(() => caches.keys())).filter(
      (name) => name !== 'redhope-public-api',
    );
    expect(before).toHaveLength(1);

    // A new build: the same worker with another version (the server reads files as asked).
    const file = path.resolve('dist/web/sw.js');
    const saved = new Map(
      ['', '.br', '.gz'].map((ending) => [ending, fs.readFileSync(`${file}${ending}`)]),
    );
    const oldVersion = before[0]?.replace('redhope-', '') ?? '';
    try {
      fs.writeFileSync(file, String(saved.get('')).replaceAll(oldVersion, 'e2enewbuild0'));
      fs.rmSync(`${file}.br`);
      fs.rmSync(`${file}.gz`);
      await page.evaluate(() => {
        (window as unknown as { stale: boolean }).stale = true;
      });
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        await registration.update();
      });
      await expect
        .poll(() => page.evaluate(() => caches.keys()), { timeout: 30_000 })
        .toContain('redhope-e2enewbuild0');
      await expect
        .poll(() => page.evaluate(() => caches.keys()), { timeout: 30_000 })
        .not.toContain(before[0]);
      // Not reloaded under the visitor's hands…
      expect(await page.evaluate(() => (window as unknown as { stale?: boolean }).stale)).toBe(
        true,
      );
      // …but at the next navigation inside the app.
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Blogs' })
        .click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { stale?: boolean }).stale ?? false))
        .toBe(false);
      await page.waitForURL('**/blogs');
      await settle(page);
    } finally {
      for (const [ending, content] of saved) fs.writeFileSync(`${file}${ending}`, content);
    }
    await page.context().close();
  });
});
