import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './browser.ts';

const browser = setupBrowser();

/**
 * The home page's contact form is drawn by the page, and its code (react-hook-form, zod, the
 * dialogs) comes only as the form nears the screen (decision 020). Until then a Send must not be
 * the browser's own (a GET to / would drop the message) nor be lost: it is made once the code has
 * come. What is typed meanwhile must survive the code's arrival.
 */

/** Holds the form's code back until `release` (or fails it with `fail`). */
async function holdTheFormsCode(page: Page) {
  let release: () => void = () => {};
  let fail: () => void = () => {};
  const held = new Promise<boolean>((resolve) => {
    release = () => resolve(true);
    fail = () => resolve(false);
  });
  await page.route(/\/assets\/contact-form-[\w-]+\.js$/, async (route: Route) => {
    if (await held) await route.continue();
    else await route.abort('internetdisconnected');
  });
  return { release, fail };
}
describe('the home page contact form, before and after its code', () => {
  it('is not fetched while the form is far below the screen', async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(fetched.filter((file) => /contact-form-[\w-]+\.js$/.test(file))).toEqual([]);
    await page.locator('#contact-title').scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Send message' }).waitFor();
    await expect
      .poll(() => fetched.some((file) => /contact-form-[\w-]+\.js$/.test(file)))
      .toBe(true);
    await page.context().close();
  });

  it('takes text at once and keeps what was typed and the caret when its code comes', async () => {
    // No service worker: page.route cannot hold what a worker fetches (it would precache the
    // form's code behind the test's back).
    const page = await browser.newPage({ serviceWorkers: 'block' });
    const code = await holdTheFormsCode(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    const form = page.locator('form').filter({ has: page.getByLabel('Message') });
    const send = form.getByRole('button', { name: 'Send message' });

    await form.getByLabel('Name').fill('Early Typist');
    await form.getByLabel('Message').fill('Typed before the code');
    await form.getByLabel('Message').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' came');
    expect(new URL(page.url()).search).toBe('');

    // Where the focus is at the very moment the code's form replaces the drawn one: a key pressed
    // then must land in the field (it once went nowhere, and a field came out empty).
    await page.evaluate(() => {
      const w = window as unknown as { focusAtSwap?: string };
      new MutationObserver((records, observer) => {
        if (!records.some((r) => [...r.addedNodes].some((n) => n.nodeName === 'FORM'))) return;
        w.focusAtSwap = (document.activeElement as HTMLInputElement | null)?.name ?? '';
        observer.disconnect();
      }).observe(document.body, { childList: true, subtree: true });
    });
    code.release();
    const swapped = () =>
      page.evaluate(() => (window as unknown as { focusAtSwap?: string }).focusAtSwap);
    await expect.poll(swapped).not.toBeUndefined();
    expect(
      await page.evaluate(() => (window as unknown as { focusAtSwap?: string }).focusAtSwap),
    ).toBe('message');
    // The same words, the focus still in the message, the caret at its end: typing goes on.
    await page.keyboard.type(', and after.');
    expect(await form.getByLabel('Name').inputValue()).toBe('Early Typist');
    expect(await form.getByLabel('Message').inputValue()).toBe(
      'Typed before the code came, and after.',
    );
    expect(new URL(page.url()).search).toBe('');

    // The code's validation is in charge now: a bad email is refused in place.
    await form.getByLabel('Email').fill('not-an-email');
    await send.click();
    await expect.poll(() => form.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    await page.context().close();
  });

  it('keeps a Send pressed before its code, makes it once the code has come, and says when it cannot', async () => {
    const page = await browser.newPage({ serviceWorkers: 'block' });
    const code = await holdTheFormsCode(page);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/contacts')) {
        sent.push(request.postData() ?? '');
      }
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    const form = page.locator('form').filter({ has: page.getByLabel('Message') });
    await form.getByLabel('Name').fill('Early Sender');
    await form.getByLabel('Phone number').fill('01711-000000');
    await form.getByLabel('Email').fill('early@example.org');
    await form.getByLabel('Message').fill('Sent before the code came');

    // First the code cannot be fetched: the form says so, and nothing was sent.
    await form.getByRole('button', { name: 'Send message' }).click();
    code.fail();
    await form.getByRole('alert').getByText('The form could not be loaded').waitFor();
    expect(sent).toEqual([]);

    // Then it can: a second press (twice, quickly) is kept while the code comes, and made once.
    await page.unroute(/\/assets\/contact-form-[\w-]+\.js$/);
    const again = await holdTheFormsCode(page);
    await form.getByRole('button', { name: 'Send message' }).dblclick();
    expect(await form.getByRole('button', { name: 'Sending…' }).getAttribute('aria-busy')).toBe(
      'true',
    );
    again.release();
    await page
      .getByText('Thanks for reaching out! The RedHope team will contact you soon.')
      .waitFor();
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0] ?? '{}')).toMatchObject({
      name: 'Early Sender',
      email: 'early@example.org',
      message: 'Sent before the code came',
    });
    expect(new URL(page.url()).search).toBe('');
    await page.context().close();
  });
});
