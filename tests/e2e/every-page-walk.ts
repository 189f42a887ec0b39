import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import type { setupBrowser } from './browser.ts';
import { type Member, signIn } from './fixtures.ts';
import { DESKTOP, layoutProblems, PHONE, settle } from './layout-check.ts';
import type { LongTextWorld } from './long-text-world.ts';
import { type Lang, memberOf, pagesOf, pathOf, ROLES, reachVisit } from './role-pages.ts';
import { baseUrl } from './site.ts';

type E2eBrowser = ReturnType<typeof setupBrowser>;

// Issue 16 item 2: every page each role can open (tests/e2e/role-pages.ts, in the long-text
// world), in English and in Bangla, at 1280 px and 390 px, passes axe-core's WCAG 2.1 AA rules
// with no violation and no rule turned off.
// Issue 11 items 1, 3 and 6, on the same walk in English: no page is wider than the screen and
// every action is in view, with names, emails, hospitals and addresses of 100 characters that
// have no space to break at. Each page loads once and is checked at both sizes (the layout
// answers a resize as it does a load). The English walk runs in a11y.spec.ts, the Bangla one in
// a11y-bn.spec.ts, each file with its own world, so the two run side by side on the two
// browser-test workers: in one file they were a quarter of the browser tests' time.

/**
 * Signs `member` in with their account set to `lang`: on sign-in the account's language wins over
 * the browser's, and the runs share their members, so each run says which language it wants.
 */
export async function signInWithLanguage(page: Page, member: Member, lang: Lang) {
  await signIn(page.context(), member);
  const saved = await page.context().request.put('/api/users/me/language', {
    data: { language: lang },
    headers: { origin: baseUrl() },
  });
  expect(saved.status()).toBe(204);
}

/**
 * Walks every page of every role in `lang`, in the spec file's browser and long-text world: axe
 * on each page, and the layout checks in English.
 */
export function walkEveryPage(lang: Lang, browser: E2eBrowser, worldOf: () => LongTextWorld) {
  describe(`every page passes axe-core WCAG 2.1 AA, for each role, in ${lang} (issue 16)${lang === 'en' ? ', and no page is wider than the screen, every action in view (issue 11)' : ''}`, () => {
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
        const world = worldOf();
        const member = memberOf(role, world);
        if (member) await signInWithLanguage(page, member, lang);
        const problems: string[] = [];
        const layout: string[] = [];
        let checked = 0;
        let measured = 0;
        // Each dashboard table's form at each width: a table on a desktop, cards on a phone.
        const tableForms = new Set<string>();
        // Where a table turned to cards on a desktop, named in the failure.
        const desktopCards: string[] = [];
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
              if (size.width === DESKTOP.width && cards.includes(true)) desktopCards.push(at);
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
            expect(desktopCards, 'a table shown as cards at 1280 px').toEqual([]);
          }
          expect(measured).toBeGreaterThan(pagesOf[role].length);
        }
        expect(problems).toEqual([]);
        expect(checked).toBeGreaterThan(pagesOf[role].length);
        await page.context().close();
      });
    }
  });
}
