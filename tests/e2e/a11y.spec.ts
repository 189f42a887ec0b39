import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { setupBrowser } from './browser.ts';
import { signInWithLanguage, walkEveryPage } from './every-page-walk.ts';
import { DESKTOP, settle } from './layout-check.ts';
import { type LongTextWorld, seedLongTextWorld } from './long-text-world.ts';

// Issue 16 and issue 11: every page of every role in English, checked by axe and for its layout
// (tests/e2e/every-page-walk.ts; the Bangla walk is a11y-bn.spec.ts), and the keyboard, focus,
// dialog and error checks that need no walk.

const browser = setupBrowser();
let world: LongTextWorld;

beforeAll(async () => {
  world = await seedLongTextWorld(() => browser.newPage());
});

walkEveryPage('en', browser, () => world);

it('the axe check finds a violation where there is one (the check itself works)', async () => {
  const page = await browser.newPage();
  await page.goto('/');
  await settle(page);
  await page.evaluate(() => {
    const low = document.createElement('p');
    low.textContent = 'Faint text';
    low.style.color = '#bbbbbb';
    low.style.background = '#ffffff';
    // Outside the app's root: React may still be taking later sections of <main> over, and
    // would throw what it finds there away (CI, stop 35: a hydration error and no violation).
    const outside = document.createElement('section');
    outside.append(low, document.createElement('input'));
    document.body.append(outside);
  });
  const found = await axeViolations(page);
  expect(found.some((line) => line.startsWith('color-contrast'))).toBe(true);
  expect(found.some((line) => line.startsWith('label'))).toBe(true);
  await page.context().close();
});

/** How the focused element shows its focus: its outline or its shadow, as the page draws it. */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const outline =
      style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0
        ? `${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`
        : '';
    const shadow = style.boxShadow !== 'none' ? style.boxShadow : '';
    return {
      what: `${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 40)}"`,
      focusVisible: element.matches(':focus-visible'),
      ring: outline || shadow,
      inNav: Boolean(element.closest('nav, header')),
    };
  });

describe('keyboard, focus, dialogs and errors (issue 16)', () => {
  it('Tab goes through the navigation bar and a form, every stop with a visible focus ring', async () => {
    const page = await browser.newPage();
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await settle(page);
    const stops: string[] = [];
    const missing: string[] = [];
    // The skip link, the brand, the navigation links and Login, then into the page.
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      const focus = await focusRing(page);
      if (!focus) continue;
      stops.push(focus.what);
      if (!focus.focusVisible || !focus.ring) missing.push(focus.what);
    }
    expect(stops.length).toBe(8);
    expect(stops.join(' | ')).toContain('Donation requests');
    expect(missing).toEqual([]);

    // The login form: Tab into each field, then Enter submits the empty form.
    await page.goto('/login');
    await settle(page);
    await page.getByLabel('Email').focus();
    const formStops: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const focus = await focusRing(page);
      if (focus) {
        formStops.push(focus.what);
        if (!focus.ring) missing.push(focus.what);
      }
      await page.keyboard.press('Tab');
    }
    expect(formStops.length).toBe(3);
    expect(missing).toEqual([]);
    await page.context().close();
  });

  it('a form error is tied to its field (aria-describedby) and said aloud (role="alert")', async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    await settle(page);
    await page.getByLabel('Email').focus();
    await page.keyboard.press('Enter');
    const email = page.getByLabel('Email');
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await email.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    const error = page.locator(`[id="${describedBy}"]`);
    expect(await error.textContent()).not.toBe('');
    expect(await error.getAttribute('role')).toBe('alert');
    // The first wrong field has the focus, so the error is read with it.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe(
      'true',
    );
    await page.context().close();
  });

  it('a dialog holds the focus while open and gives it back to its opener', async () => {
    const page = await browser.newPage();
    await signInWithLanguage(page, world.requester, 'en');
    await page.setViewportSize(DESKTOP);
    await page.goto('/dashboard/my-donation-requests');
    await settle(page);
    await page.locator('main').getByText('RecipientDone').first().waitFor();
    const opener = page.getByRole('button', { name: 'Edit' }).first();
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit Donation Request' });
    await dialog.waitFor();
    // Forty Tabs and Shift+Tabs never leave the dialog.
    const outside: string[] = [];
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < 20; i += 1) {
        await page.keyboard.press(key);
        const inside = await page.evaluate(
          () => document.activeElement?.closest('dialog[open]') !== null,
        );
        if (!inside) outside.push(`${key} ${i}`);
        const focus = await focusRing(page);
        if (focus && !focus.ring) outside.push(`no ring on ${focus.what}`);
      }
    }
    expect(outside).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);

    // The confirmations (SweetAlert2) likewise: focus in, held, and back on Escape.
    await page.goto('/dashboard/profile');
    await settle(page);
    await page.getByRole('button', { name: 'Sign out everywhere' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.locator('.swal2-popup');
    await confirm.waitFor();
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() => Boolean(document.activeElement?.closest('.swal2-popup'))),
      ).toBe(true);
    }
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    // SweetAlert2 gives the focus back just after its popup leaves.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe('Sign out everywhere');
    await page.context().close();
  });

  it('the cycling headline is read once, as one still sentence, never letter by letter', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await settle(page);
    const heading = page.locator('h1');
    const said = () => heading.locator('.sr-only').textContent();
    const first = await said();
    expect(first?.split('. ').length).toBe(3);
    // The moving letters are hidden from assistive technology, and nothing around them is live.
    expect(await heading.locator('[aria-hidden="true"]').count()).toBe(1);
    expect(
      await heading.evaluate(
        (h1) =>
          Boolean(h1.closest('[aria-live], [role="status"], [role="alert"]')) ||
          Boolean(h1.querySelector('[aria-live]')),
      ),
    ).toBe(false);
    // Wait until the moving letters have changed: the still sentence must not have.
    const moving = heading.locator('[aria-hidden="true"]');
    const movingFirst = await moving.textContent();
    await page.waitForFunction(
      (before) => document.querySelector('h1 [aria-hidden="true"]')?.textContent !== before,
      movingFirst,
    );
    expect(await said()).toBe(first);
    await page.context().close();
  });
});
