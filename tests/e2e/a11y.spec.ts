import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { setupBrowser } from './browser.ts';
import { type Member, signIn } from './fixtures.ts';
import { DESKTOP, layoutProblems, PHONE, settle } from './layout-check.ts';
import { type LongTextWorld, seedLongTextWorld } from './long-text-world.ts';
import { LANGS, type Lang, memberOf, pagesOf, pathOf, ROLES, reachVisit } from './role-pages.ts';

// Issue 16 item 2: every page each role can open (tests/e2e/role-pages.ts, in the long-text
// world), in English and in Bangla, at 1280 px and 390 px, passes axe-core's WCAG 2.1 AA rules
// with no violation and no rule turned off.
// Issue 11 items 1, 3 and 6, on the same walk in English: no page is wider than the screen and
// every action is in view, with names, emails, hospitals and addresses of 100 characters that
// have no space to break at. Each page loads once and is checked at both sizes (the layout
// answers a resize as it does a load). Issue 26: the layout and axe checks were two walks of the
// same pages (layout-overflow.spec.ts and this file), each seeding its own world; one walk now
// runs both.

const browser = setupBrowser();
let world: LongTextWorld;

beforeAll(async () => {
  world = await seedLongTextWorld(() => browser.newPage());
});

/**
 * Signs `member` in with their account set to `lang`: on sign-in the account's language wins over
 * the browser's, and the runs share their members, so each run says which language it wants.
 */
async function signInWithLanguage(page: Page, member: Member, lang: Lang) {
  await signIn(page.context(), member);
  const saved = await page.context().request.put('/api/users/me/language', {
    data: { language: lang },
    headers: { origin: inject('baseUrl') },
  });
  expect(saved.status()).toBe(204);
}

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

describe('every page passes axe-core WCAG 2.1 AA, for each role, in both languages (issue 16), and no page is wider than the screen, every action in view (issue 11)', () => {
  for (const lang of LANGS) {
    // The layout checks run on the English walk, as they did on their own walk before.
    const checkLayout = lang === 'en';
    for (const role of ROLES) {
      const name = checkLayout
        ? `${role} in ${lang}: every page at 1280 px and 390 px (axe, and layout with 100-character names, emails and hospitals)`
        : `${role} in ${lang}: every page at 1280 px and 390 px`;
      it(name, { timeout: 240_000 }, async () => {
        const page = await browser.newPage();
        await page.context().addInitScript((chosen) => {
          localStorage.setItem('redhope.lang', chosen);
        }, lang);
        const member = memberOf(role, world);
        if (member) await signInWithLanguage(page, member, lang);
        const problems: string[] = [];
        const layout: string[] = [];
        let checked = 0;
        let measured = 0;
        // Each dashboard table's form at each width: a table on a desktop, cards on a phone.
        const tableForms = new Set<string>();
        for (const visit of pagesOf[role]) {
          const where = pathOf(visit, world);
          const sizes = visit.only ? [visit.only] : [DESKTOP, PHONE];
          await page.setViewportSize(sizes[0] ?? DESKTOP);
          await page.goto(where);
          await settle(page);
          const shown = (await page.evaluate(() => document.documentElement.lang)) as 'en' | 'bn';
          expect(shown, where).toBe(lang);
          // Waits and clicks use the strings of the language the page is really in.
          await reachVisit(page, visit, shown === 'bn' ? 'bn' : 'en');
          for (const size of sizes) {
            await page.setViewportSize(size);
            // Two frames: the resize is laid out before checking.
            await page.evaluate(
              () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
            );
            const at = `${where}${visit.andThen ? ` (${visit.andThen.name})` : ''} at ${size.width}px`;
            if (checkLayout) {
              for (const problem of await layoutProblems(page)) layout.push(`${at}: ${problem}`);
              measured += 1;
              const cards = await page
                .locator('.data-table-frame')
                .evaluateAll((frames) => frames.map((frame) => frame.hasAttribute('data-cards')));
              for (const isCards of cards)
                tableForms.add(`${size.width}: ${isCards ? 'cards' : 'table'}`);
            }
            for (const problem of await axeViolations(page)) problems.push(`${at}: ${problem}`);
            checked += 1;
          }
        }
        if (checkLayout) {
          expect(layout, 'layout (issue 11)').toEqual([]);
          if (role === 'donor' || role === 'admin' || role === 'volunteer') {
            // The long-text tables turn to cards on a phone and stay tables on a desktop. A narrow
            // table that fits at 390 px (the staff home's four short columns) stays a table, as
            // DataTable's rule says; one that did not fit would be caught by the layout check.
            expect(tableForms).toContain('1280: table');
            expect(tableForms).toContain('390: cards');
            expect(tableForms).not.toContain('1280: cards');
          }
          expect(measured).toBeGreaterThan(pagesOf[role].length);
        }
        expect(problems).toEqual([]);
        expect(checked).toBeGreaterThan(pagesOf[role].length);
        await page.context().close();
      });
    }
  }
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
