import type { Page } from 'playwright-core';
import bn from '../../web/locales/bn.json';
import bnLists from '../../web/locales/bn.lists.json';
import bnScreens from '../../web/locales/bn.screens.json';
import en from '../../web/locales/en.json';
import enLists from '../../web/locales/en.lists.json';
import enScreens from '../../web/locales/en.screens.json';
import type { Member } from './fixtures.ts';
import { DESKTOP, PHONE } from './layout-check.ts';
import type { LongTextWorld } from './long-text-world.ts';

/**
 * Every page each role can open, in the long-text world (tests/e2e/long-text-world.ts): walked
 * once per role and language by tests/e2e/every-page-walk.ts (a11y.spec.ts in English,
 * a11y-bn.spec.ts in Bangla), which checks the layout (issue 11) and
 * accessibility (issue 16) of each. Pages wait for and act on the app's own strings in the page's
 * language, so the walk runs in English and in Bangla.
 */

export type Lang = 'en' | 'bn';

const strings: Record<Lang, unknown[]> = {
  en: [en, enLists, enScreens],
  bn: [bn, bnLists, bnScreens],
};

const lookup = (tree: unknown, key: string): string | undefined => {
  let node = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
};

/**
 * The app's text for `key` in `lang` (English where Bangla has none, as the app falls back),
 * cut before its first `{{placeholder}}`: a prefix of what the page shows.
 */
export function say(lang: Lang, key: string): string {
  const text = template(lang, key);
  return text.split('{{')[0] ?? text;
}

/** The app's whole text for `key` in `lang`, placeholders and all. */
function template(lang: Lang, key: string): string {
  for (const tree of [...strings[lang], ...strings.en]) {
    const text = lookup(tree, key);
    if (text !== undefined) return text;
  }
  throw new Error(`No string ${key} in the locale files`);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The app's text for `key` with its `{{name}}` filled by a name starting with `name`, wherever
 * the language puts the name ("Block Giver…", "Giver…-কে ব্লক করুন"); nothing after another
 * placeholder is matched.
 */
const withName = (lang: Lang, key: string, name: string) => {
  const [before = '', after = ''] = template(lang, key).split('{{name}}');
  const rest = after.split('{{')[0] ?? '';
  return new RegExp(`^${escapeRegExp(before)}${escapeRegExp(name)}.*${escapeRegExp(rest)}`);
};

export interface Visit {
  path: string | ((world: LongTextWorld) => string);
  /** Seeded text (the same in every language) the page shows once its data is in. */
  shows?: string;
  /** Or the key of the app's own string the page shows once it is drawn. */
  showsKey?: string;
  /** Brings the page into a state to check too, e.g. a dialog opened. */
  andThen?: (page: Page, lang: Lang) => Promise<void>;
  /** Only at this size (e.g. the mobile menu exists only on small screens). */
  only?: typeof PHONE | typeof DESKTOP;
}

export const pathOf = (visit: Visit, world: LongTextWorld) =>
  typeof visit.path === 'function' ? visit.path(world) : visit.path;

const searchDonors = (world: LongTextWorld) =>
  `/search-donor?bloodGroup=${encodeURIComponent(world.bloodGroup)}&page=1`;

const openDonateDialog = async (page: Page, lang: Lang) => {
  await page.getByRole('button', { name: say(lang, 'requests.detail.donateNow') }).click();
  await page.getByRole('dialog').waitFor();
};

const openSiteMenu = async (page: Page, lang: Lang) => {
  await page
    .getByRole('navigation', { name: say(lang, 'nav.label') })
    .getByRole('button', { name: say(lang, 'nav.openMenu') })
    .click();
};

const openAccountMenu = async (page: Page, lang: Lang) => {
  const button = page.getByRole('button', { name: withName(lang, 'auth.accountMenu', '') });
  const signOut = page.getByRole('menuitem', { name: say(lang, 'auth.signOut') });
  // On a loaded CI machine (stop 36) the menu was still not open 30 s after the click; why was
  // not found (a tap before the header listened, or the header drawn anew as a screen's strings
  // arrived). A reader taps again; so does the walk, at most three times, only while closed.
  for (let tries = 1; ; tries += 1) {
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    try {
      await signOut.waitFor({ timeout: 10_000 });
      return;
    } catch (error) {
      if (tries === 3) throw error;
    }
  }
};

const openEditDialog = async (page: Page, lang: Lang) => {
  await page
    .getByRole('button', { name: say(lang, 'requests.actions.edit') })
    .first()
    .click();
  await page.getByRole('dialog', { name: say(lang, 'requests.edit.title') }).waitFor();
};

const openDashboardMenu = async (page: Page, lang: Lang) => {
  await page.getByRole('button', { name: say(lang, 'nav.openMenu') }).click();
  await page.getByRole('dialog', { name: say(lang, 'dashboard.title') }).waitFor();
};

/**
 * The confirmation before blocking the member with the long name (its text holds the name). The
 * first such member: the e2e server is shared by every spec, and a second long-text world seeded
 * on it would bring a second giver of the same name.
 */
const confirmBlock = async (page: Page, lang: Lang) => {
  await page
    .getByRole('button', { name: withName(lang, 'users.labels.block', 'GiverW') })
    .first()
    .click();
  await page.getByText(withName(lang, 'users.confirm.block', 'GiverW')).waitFor();
};

const publicPages: Visit[] = [
  { path: '/' },
  { path: searchDonors, shows: 'Muhammad Shahriar Rahman Chowdhury' },
  { path: '/blood-donation-request', shows: 'RecipientPending' },
  { path: '/blogs', shows: 'BlogTitle' },
  { path: (world) => `/blogs/${world.blogId}`, shows: 'BlogContent' },
  { path: '/no-such-page' },
];

const everyMembersPages: Visit[] = [
  { path: '/dashboard/profile', showsKey: 'profile.title' },
  { path: '/dashboard/create-donation-request', showsKey: 'requests.create.title' },
  { path: '/dashboard/my-donation-requests' },
  { path: searchDonors, shows: '@wwww' },
  { path: '/blood-donation-request', shows: 'RecipientPending' },
  { path: '/', andThen: openAccountMenu, only: DESKTOP },
  { path: '/', andThen: openSiteMenu, only: PHONE },
];

const staffPages: Visit[] = [
  { path: '/dashboard', showsKey: 'dashboardHome.donationRequest' },
  { path: '/dashboard/all-donation-requests', shows: 'RecipientDone' },
  { path: (world) => `/blood-donation-request/${world.doneId}`, shows: 'DonatedWWW' },
  { path: '/dashboard/content-management', shows: 'BlogTitle' },
  { path: '/dashboard/content-management/add-blog' },
  // Issue 25: the volunteer sees the setup form, the admin (who has it) the turn-off form.
  { path: '/dashboard/two-factor', showsKey: 'twoFactor.title' },
];

export type Role = 'visitor' | 'donor' | 'giver' | 'volunteer' | 'admin';

export const pagesOf: Record<Role, Visit[]> = {
  visitor: [
    ...publicPages,
    { path: '/login' },
    { path: '/register' },
    { path: '/login/forgot-password', showsKey: 'passwordReset.forgotTitle' },
  ],
  donor: [
    { path: '/dashboard', shows: 'RecipientProgress' },
    { path: '/dashboard/my-donation-requests', shows: 'RecipientDone' },
    { path: '/dashboard/my-donation-requests', shows: 'RecipientDone', andThen: openEditDialog },
    {
      path: '/dashboard/profile',
      showsKey: 'profile.title',
      andThen: openDashboardMenu,
      only: PHONE,
    },
    { path: (world) => `/blood-donation-request/${world.pendingId}`, shows: 'HospitalPending' },
    { path: (world) => `/blood-donation-request/${world.inProgressId}`, shows: 'GiverWWW' },
    { path: '/dashboard/notifications', showsKey: 'notifications.settings.title' },
    ...everyMembersPages,
  ],
  // The giver's view: another's pending request, with the Donate Now dialog open.
  giver: [
    {
      path: (world) => `/blood-donation-request/${world.pendingId}`,
      shows: 'AddressPending',
      andThen: openDonateDialog,
    },
    { path: '/dashboard', showsKey: 'dashboardHome.welcome' },
  ],
  volunteer: [...staffPages, ...everyMembersPages, { path: '/dashboard/allUsers' }],
  admin: [
    ...staffPages,
    { path: '/dashboard/allUsers', shows: 'BlockedWWW' },
    { path: '/dashboard/allUsers', shows: 'BlockedWWW', andThen: confirmBlock },
    { path: '/dashboard/contact-messages', shows: 'WriterWWW' },
    { path: '/dashboard/failed-emails', showsKey: 'outbox.title' },
    ...everyMembersPages,
  ],
};

export const ROLES = Object.keys(pagesOf) as Role[];

export const memberOf = (role: Role, world: LongTextWorld): Member | null =>
  role === 'visitor'
    ? null
    : role === 'donor'
      ? world.requester
      : role === 'giver'
        ? world.giver
        : world[role];

/** Waits until the visit's page shows what it waits for (in `lang`), then does its `andThen`. */
export async function reachVisit(page: Page, visit: Visit, lang: Lang): Promise<void> {
  const shows = visit.shows ?? (visit.showsKey ? say(lang, visit.showsKey) : undefined);
  if (shows) await page.locator('main').getByText(shows).first().waitFor();
  await visit.andThen?.(page, lang);
}
