import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import bnFirst from '../../web/locales/bn.json';
import bnLists from '../../web/locales/bn.lists.json';
import enFirst from '../../web/locales/en.json';
import enLists from '../../web/locales/en.lists.json';
import enScreens from '../../web/locales/en.screens.json';
import { axeViolations } from './axe.ts';
import { setupBrowser } from './browser.ts';
import { callApi, promoteToAdmin, registerMember, signIn } from './fixtures.ts';
import { settle } from './layout-check.ts';
import { longRequestFields } from './long-text-world.ts';

// Issue 25, item 15: offline, a shared request link never opened before came up as a blank page,
// and a blog and the dashboard said "Something went wrong". Each must say the reader is offline,
// in their language, and link to the pages that still open (the service worker's, decision 022).
// The harness fails a test on any console error the app logs (browser.ts).

const browser = setupBrowser();

/** The strings the message draws: its own (with the lists', fetched when drawn) and the links'. */
const en = { ...enFirst, offline: enLists.offline };
const bn = { ...bnFirst, offline: bnLists.offline };
type Strings = typeof en;

/** The page-wide offline message in `strings`' language, with its links, and nothing else. */
async function expectOfflineMessage(page: Page, strings: Strings) {
  const message = page.locator('main [data-offline-message]');
  await message.getByRole('heading', { level: 1, name: strings.offline.title }).waitFor();
  await message.getByText(strings.offline.available).waitFor();
  const links = await message
    .getByRole('link')
    .evaluateAll((anchors) =>
      anchors.map((a) => [a.textContent, new URL((a as HTMLAnchorElement).href).pathname]),
    );
  expect(links).toEqual([
    [strings.nav.home, '/'],
    [strings.nav.donationRequests, '/blood-donation-request'],
    [strings.nav.blogs, '/blogs'],
    [strings.nav.searchDonor, '/search-donor'],
  ]);
  expect(await page.getByText(strings.errors.title).count()).toBe(0);
  // The notice "this page is the copy saved on your last visit" would contradict it.
  expect(await page.locator('[data-offline-notice]').count()).toBe(0);
  expect(await page.title()).toBe(`${strings.offline.title} · RedHope`);
}

describe('offline, a page that cannot open says so (issue 25)', () => {
  it('a new request link, a blog and the dashboard each show the offline message, in English and Bangla', async () => {
    const page = await browser.newPage();
    const member = await registerMember();
    // An admin, to publish the blog.
    await promoteToAdmin(member.email);
    await signIn(page.context(), member);
    const seen = `Seen${Date.now()}`;
    const opened = await callApi(page, 'POST', '/api/donation-request', {
      ...longRequestFields('Seen', '00:06'),
      recipientName: seen,
    });
    const shared = await callApi(page, 'POST', '/api/donation-request', {
      ...longRequestFields('Shared', '00:07'),
      recipientName: `Shared${Date.now()}`,
    });
    const blog = await callApi(page, 'POST', '/api/blogs', {
      title: `Offline blog ${Date.now()}`,
      image: '/api/images/0190a0a0-0000-7000-8000-000000000000.webp',
      content: 'Read me when you are online.',
    });
    await callApi(page, 'PATCH', `/api/blogs/${blog.insertedId}`, { status: 'published' });

    // Online: the worker takes over, and one request and the dashboard are opened, so their code
    // is in the cache (the blank page came with the code there and the data not).
    await page.goto('/');
    await settle(page);
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
      timeout: 30_000,
    });
    await page.goto(`/blood-donation-request/${opened.insertedId}`);
    await page.locator('main').getByText(seen, { exact: true }).first().waitFor();
    await page.goto('/dashboard');
    await settle(page);

    await page.context().setOffline(true);
    for (const address of [
      `/blood-donation-request/${shared.insertedId}`,
      `/blogs/${blog.insertedId}`,
      '/dashboard',
    ]) {
      await page.goto(address);
      await expectOfflineMessage(page, en);
    }
    // The message passes the same WCAG 2.1 AA rules as every page (a11y.spec.ts).
    expect(await axeViolations(page)).toEqual([]);
    // What it offers opens: the blogs list, from the worker's cache.
    await page
      .locator('main [data-offline-message]')
      .getByRole('link', { name: en.nav.blogs })
      .click();
    await page.waitForURL('**/blogs');
    await page.getByText(en.app.offline).waitFor();

    // In Bangla (the language the reader chose, kept on this device).
    await page.evaluate(() => localStorage.setItem('redhope.lang', 'bn'));
    await page.goto(`/blood-donation-request/${shared.insertedId}`);
    await expectOfflineMessage(page, bn);
    await page.goto('/dashboard');
    await expectOfflineMessage(page, bn);
    await page.context().close();
  });

  it('a list that cannot load offline says so in place, with the pages that open', async () => {
    const page = await browser.newPage();
    const member = await registerMember();
    await signIn(page.context(), member);
    await page.goto('/');
    await settle(page);
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
      timeout: 30_000,
    });
    // The list's code is kept (opened once); then a fresh dashboard, signed in, goes offline.
    await page.goto('/dashboard/my-donation-requests');
    await settle(page);
    await page.goto('/dashboard');
    await settle(page);
    await page.context().setOffline(true);
    await page.getByRole('link', { name: enScreens.dashboard.menu.myDonationRequests }).click();
    const message = page.locator('main [data-offline-message]');
    await message.getByText(en.offline.needsNetwork).waitFor();
    await message.getByRole('link', { name: en.nav.blogs }).waitFor();
    expect(await page.getByText(en.errors.generic).count()).toBe(0);
    await page.context().close();
  });
});
