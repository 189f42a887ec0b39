import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, setupBrowser } from './browser.ts';
import { type Member, registerMember, signIn } from './fixtures.ts';
import { DESKTOP, PHONE } from './layout-check.ts';

// Issue 30 item 13: a tab left open as one user, after the browser signed in as another in a
// second tab, created a request under the second account.

const browser = setupBrowser();

/** Tomorrow as YYYY-MM-DD (a date input's value). */
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** The recipients of the member's own requests, asked in a context of their own. */
async function recipientsOf(member: Member): Promise<string[]> {
  const page = await browser.newPage();
  await signIn(page.context(), member);
  const res = await page
    .context()
    .request.get(`/api/donation-request?email=${encodeURIComponent(member.email)}&limit=100`);
  expect(res.ok()).toBe(true);
  const items = (await res.json()) as Array<{ recipientName: string }>;
  await page.context().close();
  return items.map((item) => item.recipientName);
}

/** Signs the whole browser (every tab of the context) in as `member`, behind the tabs' backs. */
async function switchBrowserTo(context: BrowserContext, member: Member) {
  const res = await context.request.post('/api/auth/sign-in/email', {
    data: { email: member.email, password: member.password },
    headers: { origin: baseUrl() },
  });
  expect(res.ok()).toBe(true);
}

/**
 * Two new members, First and Second (named with one stamp), and a tab of a fresh browser at
 * `size`, signed in as First.
 */
async function firstSignedIn(size: { width: number; height: number }) {
  const stamp = Date.now().toString(36);
  const a = await registerMember({ name: `First ${stamp}` });
  const b = await registerMember({ name: `Second ${stamp}` });
  const tab = await browser.newPage();
  await tab.setViewportSize(size);
  await signIn(tab.context(), a);
  return { stamp, a, b, tab };
}

describe('a tab whose session changed in another one', () => {
  it('refuses to create a request under the other account, and says so (390 px)', async () => {
    const { stamp, a, b, tab } = await firstSignedIn(PHONE);
    const recipient = `Patient ${stamp}`;
    await tab.goto('/dashboard/create-donation-request');
    await tab.getByRole('heading', { name: 'Create Donation Request' }).waitFor();
    await tab.getByLabel('Recipient Name').fill(recipient);
    await tab.getByLabel('Blood Group').selectOption('A-');
    await tab.getByLabel('Division').selectOption('Khulna');
    await tab.getByLabel('District').selectOption('Khulna');
    await tab.getByLabel('Hospital Name').fill('Khulna Medical College Hospital');
    await tab.getByLabel('Full Address').fill('KDA Avenue, Khulna');
    await tab.getByLabel('Donation Date').fill(tomorrow());
    await tab.getByLabel('Donation Time').fill('10:30');
    await tab.getByLabel('Request Message').fill('Two bags needed before surgery.');

    // Meanwhile the browser signs in as B (another tab, another window).
    await switchBrowserTo(tab.context(), b);
    await tab.getByRole('button', { name: 'Request Now' }).click();
    await tab.getByText('You are signed in as someone else now').waitFor();
    await tab.getByText(`Nothing was done for First ${stamp}`).waitFor();
    expect(await tab.getByText('Your request has been sent').count()).toBe(0);
    // Under neither account.
    expect(await recipientsOf(b)).not.toContain(recipient);
    expect(await recipientsOf(a)).not.toContain(recipient);
    await tab.context().close();
  });

  it('notices at once when another tab of the browser has signed in as someone else (Bangla, 1280 px)', async () => {
    const { stamp, b, tab: first } = await firstSignedIn(DESKTOP);
    await first.goto('/dashboard?lang=bn');
    await first.getByText(`First ${stamp}`).first().waitFor();

    // A second tab of the same browser: the browser signs in as B there.
    const second = await first.context().newPage();
    await second.setViewportSize(DESKTOP);
    await switchBrowserTo(first.context(), b);
    await second.goto('/dashboard');
    // In stop 43's CI this tab never showed B: it was on the login page. The first tab had
    // signed the browser out on a 401 to a call made with A's ended session (the last test
    // below, and web/features/auth/unauthorized.ts). Should it fail, it says what it showed.
    await second
      .getByText(`Second ${stamp}`)
      .first()
      .waitFor()
      .catch(async (error: Error) => {
        const shown = await second
          .locator('body')
          .innerText()
          .catch(() => '(unreadable)');
        throw new Error(
          `${error.message}\nThe second tab was at ${second.url()}, showing:\n${shown.slice(0, 600)}`,
        );
      });

    // The first tab, untouched, tells its reader and shows B's account now.
    await first.getByText('আপনি এখন অন্য অ্যাকাউন্টে লগইন করা').waitFor();
    await first.getByText(`First ${stamp}-এর জন্য কিছুই করা হয়নি`).waitFor();
    await first.context().close();
  });

  it('stays signed in as the other account when a call this tab made with the old session is refused (1280 px)', async () => {
    // Signing in as B ended A's session on the server, so a call this tab sent with A's cookie
    // just before is answered 401. Taken for a lost session, it signed the browser out, B's
    // session with it (the cookie is the browser's): B's tab fell to the login page (stops 43
    // and 44, under load).
    const { stamp, b, tab } = await firstSignedIn(DESKTOP);
    await tab.goto('/dashboard');
    await tab.getByText(`First ${stamp}`).first().waitFor();

    await switchBrowserTo(tab.context(), b);
    // The answer to A's call in flight at the switch, made here on demand.
    await tab.route(
      (url) => url.pathname === '/api/donation-request',
      (route) =>
        route.fulfill({
          status: 401,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'Sign in first.' } }),
        }),
      { times: 1 },
    );
    await tab.getByRole('link', { name: 'My Donation Request', exact: true }).first().click();

    await tab.getByText('You are signed in as someone else now').waitFor();
    await tab.getByText(`Nothing was done for First ${stamp}`).waitFor();
    expect(new URL(tab.url()).pathname).not.toBe('/login');
    const session = await tab.context().request.get('/api/auth/get-session');
    expect(((await session.json()) as { user?: { email: string } } | null)?.user?.email).toBe(
      b.email,
    );
    await tab.context().close();
  });
});
