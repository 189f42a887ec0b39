import { describe, expect, inject, it } from 'vitest';
import { setupBrowser } from './browser.ts';

const browser = setupBrowser();

/** The page as the server sends it, before any JavaScript. */
async function html(pathname: string): Promise<string> {
  const res = await fetch(`${inject('baseUrl')}${pathname}`);
  expect(res.status).toBe(200);
  return res.text();
}

describe('prerendered public pages', () => {
  it('arrive with their content, title and description already in the HTML', async () => {
    const home = await html('/');
    expect(home).toContain('data-prerendered-path="/"');
    expect(home).toContain('RedHope connects people who need blood with willing donors nearby.');
    expect(home).toContain('Frequently Asked Questions');
    expect(home).toContain('<title>RedHope</title>');

    const pages = {
      '/blood-donation-request': 'Blood Donation Requests · RedHope',
      '/search-donor': 'Search donor · RedHope',
      '/blogs': 'Blogs · RedHope',
    };
    for (const [pathname, title] of Object.entries(pages)) {
      const page = await html(pathname);
      expect(page, pathname).toContain(`data-prerendered-path="${pathname}"`);
      expect(page, pathname).toContain(`<title>${title}</title>`);
      expect(page, pathname).toMatch(/<meta name="description" content="[^"]{40,}"/);
      expect(page, pathname).toContain('<h1');
    }
    // No page carries an inline script: the CSP would refuse it.
    for (const page of [home, ...(await Promise.all(Object.keys(pages).map(html)))]) {
      expect(page.match(/<script\b[^>]*>/g)?.every((tag) => / src="/.test(tag))).toBe(true);
    }
  });

  it('leaves every other address to the app, with an empty page to start from', async () => {
    for (const pathname of ['/dashboard/profile', '/login', '/no-such-page']) {
      const page = await html(pathname);
      expect(page, pathname).toContain('<div id="root"></div>');
      expect(page, pathname).not.toContain('data-prerendered-path');
    }
  });

  it('is taken over by the app as it is, not drawn again, and then works', async () => {
    const page = await browser.newPage();
    // Hold the scripts until the page as sent has been marked, so the mark tells whether the
    // app kept the server's elements (hydrated) or replaced them.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    const session = page.waitForResponse((res) => res.url().endsWith('/api/auth/get-session'));
    await page.goto('/', { waitUntil: 'commit' });
    await page.locator('#root h1').waitFor();
    await page.evaluate(() => {
      document.querySelector('#root h1')?.setAttribute('data-marked', 'sent');
    });
    release();
    // The app has run its effects (it asks for the session) once it has taken the page.
    await session;
    expect(await page.locator('h1[data-marked="sent"]').count()).toBe(1);

    const firstQuestion = page.getByRole('button', { name: /free/i });
    expect(await firstQuestion.getAttribute('aria-expanded')).toBe('true');
    await firstQuestion.click();
    await page.waitForFunction(
      () =>
        document
          .querySelector('#root section[aria-labelledby="faq-title"] button')
          ?.getAttribute('aria-expanded') === 'false',
    );
    await page.context().close();
  });

  it('holds still for a visitor who asks for less motion, without a mismatch', async () => {
    const page = await browser.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await page.waitForFunction(() =>
      document
        .querySelector('h1 [aria-hidden="true"]')
        ?.textContent?.includes('Donate Blood, Save Lives'),
    );
    await page.waitForTimeout(500);
    expect(await page.locator('h1 [aria-hidden="true"]').textContent()).toBe(
      'Donate Blood, Save Lives',
    );
    await page.context().close();
  });
});
