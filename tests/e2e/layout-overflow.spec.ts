import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupBrowser } from './browser.ts';
import { type Member, signIn } from './fixtures.ts';
import { DESKTOP, layoutProblems, PHONE, settle } from './layout-check.ts';
import { type LongTextWorld, seedLongTextWorld } from './long-text-world.ts';

// Issue 11 items 1, 3 and 6: every page each role can open, at 390 px and 1280 px, with names,
// emails, hospitals and addresses of 100 characters that have no space to break at. Each page
// loads once and is measured at both sizes (the layout answers a resize as it does a load).

const browser = setupBrowser();
let world: LongTextWorld;

beforeAll(async () => {
  world = await seedLongTextWorld(() => browser.newPage());
});

interface Visit {
  path: string | (() => string);
  /** Text the page shows once its data is in (a prefix of a long seeded text). */
  shows?: string;
  /** Brings the page into a state to measure too, e.g. a dialog opened. */
  andThen?: (page: Page) => Promise<void>;
  /** Only at this size (e.g. the mobile menu exists only on small screens). */
  only?: typeof PHONE | typeof DESKTOP;
}

const searchDonors = () =>
  `/search-donor?bloodGroup=${encodeURIComponent(world.bloodGroup)}&page=1`;

const openDonateDialog = async (page: Page) => {
  await page.getByRole('button', { name: 'Donate Now' }).click();
  await page.getByRole('dialog').waitFor();
};

const openSiteMenu = async (page: Page) => {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Open menu' })
    .click();
};

const openAccountMenu = async (page: Page) => {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'SignOut' }).waitFor();
};

const openEditDialog = async (page: Page) => {
  await page.getByRole('button', { name: 'Edit' }).first().click();
  await page.getByRole('dialog', { name: 'Edit Donation Request' }).waitFor();
};

const openDashboardMenu = async (page: Page) => {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'RedHope Dashboard' }).waitFor();
};

/** The confirmation before blocking the member with the long name (its text holds the name). */
const confirmBlock = async (page: Page) => {
  await page.getByRole('button', { name: /^Block GiverW/ }).click();
  await page.getByText(/^Block GiverW/).waitFor();
};

const publicPages: Visit[] = [
  { path: '/' },
  { path: searchDonors, shows: 'Muhammad Shahriar Rahman Chowdhury' },
  { path: '/blood-donation-request', shows: 'RecipientPending' },
  { path: '/blogs', shows: 'BlogTitle' },
  { path: () => `/blogs/${world.blogId}`, shows: 'BlogContent' },
  { path: '/no-such-page' },
];

const everyMembersPages: Visit[] = [
  { path: '/dashboard/profile', shows: 'My Profile' },
  { path: '/dashboard/create-donation-request', shows: 'Create Donation Request' },
  { path: '/dashboard/my-donation-requests' },
  { path: searchDonors, shows: '@wwww' },
  { path: '/blood-donation-request', shows: 'RecipientPending' },
  { path: '/', andThen: openAccountMenu, only: DESKTOP },
  { path: '/', andThen: openSiteMenu, only: PHONE },
];

const staffPages: Visit[] = [
  { path: '/dashboard', shows: 'Donation Request' },
  { path: '/dashboard/all-donation-requests', shows: 'RecipientDone' },
  { path: () => `/blood-donation-request/${world.doneId}`, shows: 'GiverWWW' },
  { path: '/dashboard/content-management', shows: 'BlogTitle' },
  { path: '/dashboard/content-management/add-blog' },
];

const pagesOf: Record<'visitor' | 'donor' | 'giver' | 'volunteer' | 'admin', Visit[]> = {
  visitor: [
    ...publicPages,
    { path: '/login' },
    { path: '/register' },
    { path: '/login/forgot-password', shows: 'Forgot your password?' },
  ],
  donor: [
    { path: '/dashboard', shows: 'RecipientProgress' },
    { path: '/dashboard/my-donation-requests', shows: 'RecipientDone' },
    { path: '/dashboard/my-donation-requests', shows: 'RecipientDone', andThen: openEditDialog },
    { path: '/dashboard/profile', shows: 'My Profile', andThen: openDashboardMenu, only: PHONE },
    { path: () => `/blood-donation-request/${world.pendingId}`, shows: 'HospitalPending' },
    { path: () => `/blood-donation-request/${world.inProgressId}`, shows: 'GiverWWW' },
    { path: '/dashboard/notifications', shows: 'Which notifications you get' },
    ...everyMembersPages,
  ],
  // The giver's view: another's pending request, with the Donate Now dialog open.
  giver: [
    {
      path: () => `/blood-donation-request/${world.pendingId}`,
      shows: 'AddressPending',
      andThen: openDonateDialog,
    },
    { path: '/dashboard', shows: 'Welcome' },
  ],
  volunteer: [...staffPages, ...everyMembersPages, { path: '/dashboard/allUsers' }],
  admin: [
    ...staffPages,
    { path: '/dashboard/allUsers', shows: 'BlockedWWW' },
    { path: '/dashboard/allUsers', shows: 'BlockedWWW', andThen: confirmBlock },
    { path: '/dashboard/contact-messages', shows: 'WriterWWW' },
    ...everyMembersPages,
  ],
};

const memberOf = (role: keyof typeof pagesOf): Member | null =>
  role === 'visitor'
    ? null
    : role === 'donor'
      ? world.requester
      : role === 'giver'
        ? world.giver
        : world[role];

describe('no page is wider than the screen, and every action is in view (issue 11)', () => {
  for (const role of Object.keys(pagesOf) as (keyof typeof pagesOf)[]) {
    it(`${role}: every page at 390 px and 1280 px, with 100-character names, emails and hospitals`, async () => {
      const page = await browser.newPage();
      const member = memberOf(role);
      if (member) await signIn(page.context(), member);
      const problems: string[] = [];
      let measured = 0;
      // Each dashboard table's form at each width: a table on a desktop, cards on a phone.
      const tableForms = new Set<string>();
      for (const visit of pagesOf[role]) {
        const path = typeof visit.path === 'function' ? visit.path() : visit.path;
        const sizes = visit.only ? [visit.only] : [DESKTOP, PHONE];
        await page.setViewportSize(sizes[0] ?? DESKTOP);
        await page.goto(path);
        await settle(page);
        if (visit.shows) await page.locator('main').getByText(visit.shows).first().waitFor();
        await visit.andThen?.(page);
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
