import { beforeAll, describe, expect, it } from 'vitest';
import { setupBrowser } from './browser.ts';
import { signIn } from './fixtures.ts';
import { DESKTOP, layoutProblems, PHONE, settle } from './layout-check.ts';
import { type LongTextWorld, seedLongTextWorld } from './long-text-world.ts';
import { memberOf, pagesOf, pathOf, ROLES, reachVisit } from './role-pages.ts';

// Issue 11 items 1, 3 and 6: every page each role can open, at 390 px and 1280 px, with names,
// emails, hospitals and addresses of 100 characters that have no space to break at. Each page
// loads once and is measured at both sizes (the layout answers a resize as it does a load).

const browser = setupBrowser();
let world: LongTextWorld;

beforeAll(async () => {
  world = await seedLongTextWorld(() => browser.newPage());
});

describe('no page is wider than the screen, and every action is in view (issue 11)', () => {
  for (const role of ROLES) {
    it(`${role}: every page at 390 px and 1280 px, with 100-character names, emails and hospitals`, async () => {
      const page = await browser.newPage();
      const member = memberOf(role, world);
      if (member) await signIn(page.context(), member);
      const problems: string[] = [];
      let measured = 0;
      // Each dashboard table's form at each width: a table on a desktop, cards on a phone.
      const tableForms = new Set<string>();
      for (const visit of pagesOf[role]) {
        const path = pathOf(visit, world);
        const sizes = visit.only ? [visit.only] : [DESKTOP, PHONE];
        await page.setViewportSize(sizes[0] ?? DESKTOP);
        await page.goto(path);
        await settle(page);
        await reachVisit(page, visit, 'en');
        for (const size of sizes) {
          await page.setViewportSize(size);
          // Two frames: the resize is laid out before measuring.
          await page.evaluate(
            () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
          );
          for (const problem of await layoutProblems(page)) {
            problems.push(
              `${path}${visit.andThen ? ` (${visit.andThen.name})` : ''} at ${size.width}px: ${problem}`,
            );
          }
          measured += 1;
          const cards = await page
            .locator('.data-table-frame')
            .evaluateAll((frames) => frames.map((frame) => frame.hasAttribute('data-cards')));
          for (const isCards of cards)
            tableForms.add(`${size.width}: ${isCards ? 'cards' : 'table'}`);
        }
      }
      expect(problems).toEqual([]);
      if (role === 'donor' || role === 'admin' || role === 'volunteer') {
        expect([...tableForms].sort()).toEqual(['1280: table', '390: cards']);
      }
      expect(measured).toBeGreaterThan(pagesOf[role].length);
      await page.context().close();
    });
  }
});
