import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './browser.ts';

const browser = setupBrowser();

/**
 * The home page's contact form is drawn by the page, and its code (react-hook-form, zod, the
 * dialogs) comes only as the form nears the screen (decision 020). Until then it must not submit
 * (a native GET to / would drop the message), and what is typed meanwhile must survive the code's
 * arrival.
 */
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

  it('takes text at once, does not submit before its code, and keeps what was typed and the caret', async () => {
    // No service worker: page.route cannot hold what a worker fetches (it would precache the
    // form's code behind the test's back).
    const page = await browser.newPage({ serviceWorkers: 'block' });
    // The form's code is held back until the test lets it through.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/contact-form-[\w-]+\.js$/, async (route: Route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    const form = page.locator('form').filter({ has: page.getByLabel('Message') });
    const send = form.getByRole('button', { name: 'Send message' });

    await form.getByLabel('Name').fill('Early Typist');
    await form.getByLabel('Message').fill('Typed before the code');
    expect(await send.isDisabled()).toBe(true);
    // Enter in a field submits nothing while the only submit button is disabled.
    await form.getByLabel('Name').press('Enter');
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
    release();
    await expect.poll(() => send.isEnabled()).toBe(true);
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
});
