import { readFile } from 'node:fs/promises';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PRIVACY_NOTICE_VERSION } from '../../common/privacy-notice.ts';
import bn from '../../web/locales/bn.json';
import bnLists from '../../web/locales/bn.lists.json';
import bnScreens from '../../web/locales/bn.screens.json';
import en from '../../web/locales/en.json';
import enLists from '../../web/locales/en.lists.json';
import enScreens from '../../web/locales/en.screens.json';
import { setupBrowser } from './browser.ts';
import { PASSWORD, registerMember, signIn } from './fixtures.ts';
import { dataDir } from './site.ts';

// Issue 31 (Bangladesh PDPO 2025) in the browser: the consent box at registration, the privacy
// notice the footer opens, and Delete my account, on a phone and a desktop, in both languages.

const browser = setupBrowser();

const WIDTHS = [390, 1280] as const;
const LANGUAGES = [
  {
    language: 'en',
    screens: enScreens,
    first: en,
    lists: enLists,
    confirm: 'DELETE',
    places: ['Khulna', 'Jashore'],
  },
  {
    language: 'bn',
    screens: bnScreens,
    first: bn,
    lists: bnLists,
    confirm: 'মুছুন',
    places: ['খুলনা', 'যশোর'],
  },
] as const;

async function pageAt(width: number, language: 'en' | 'bn'): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewportSize({ width, height: 900 });
  // The language this browser chose before (web/lib/i18n.ts reads it at start).
  await page
    .context()
    .addInitScript((lang) => localStorage.setItem('redhope.lang', lang), language);
  return page;
}

/** Nothing sticks out sideways: the page fits the screen's width. */
async function fitsWidth(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

/**
 * The member agreed to an older notice, written straight into the e2e server's database: how an
 * account looks the day the notice changes (no endpoint can make it owe consent).
 */
function agreedToOlderNotice(memberId: string) {
  const db = new BetterSqlite3(path.join(dataDir(), 'redhope.sqlite'));
  db.pragma('busy_timeout = 5000');
  db.prepare('update userConsent set noticeVersion = ? where userId = ?').run(
    '2020-01-01',
    memberId,
  );
  db.close();
}

const redPng = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();

describe('privacy in the browser', () => {
  for (const width of WIDTHS) {
    for (const { language, screens, first, lists, places } of LANGUAGES) {
      it(`opens the privacy notice from the footer (${width} px, ${language})`, async () => {
        const page = await pageAt(width, language);
        await page.goto('/');
        const link = page
          .getByRole('contentinfo')
          .getByRole('link', { name: first.footer.privacy });
        await link.scrollIntoViewIfNeeded();
        await link.click();
        await page.waitForURL((url) => url.pathname === '/privacy');
        await page.getByRole('heading', { level: 1, name: screens.privacy.title }).waitFor();
        for (const heading of [
          screens.privacy.what.title,
          screens.privacy.why.title,
          screens.privacy.who.title,
          screens.privacy.howLong.title,
          screens.privacy.choices.title,
        ]) {
          await page.getByRole('heading', { level: 2, name: heading }).waitFor();
        }
        await page.getByText(screens.privacy.what.items.i2).waitFor();
        await fitsWidth(page);
        await page.context().close();
      });

      it(`registers only with the consent box ticked (${width} px, ${language})`, async () => {
        const page = await pageAt(width, language);
        await page.goto('/register');
        await page.getByRole('heading', { name: screens.register.title }).waitFor();
        const box = page.getByRole('checkbox', { name: screens.register.consentAgree });
        // What it agrees to, in plain words beside it and read with it.
        await page.getByText(screens.register.consentLabel).waitFor();
        expect(await box.getAttribute('aria-describedby')).toMatch(/consent-text/);
        expect(await box.isChecked()).toBe(false);
        const notice = page.getByRole('link', { name: screens.register.consentLink });
        expect(await notice.getAttribute('href')).toBe('/privacy');
        await page.getByLabel(screens.register.name).fill('Nusrat Jahan');
        await page
          .getByLabel(screens.register.email)
          .fill(`consent-${width}-${language}-${Date.now()}@example.org`);
        await page
          .getByLabel(screens.register.photo)
          .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await redPng() });
        await page.getByLabel(screens.register.bloodGroup).selectOption('B+');
        await page
          .getByLabel(lists.geo.division, { exact: true })
          .selectOption({ label: places[0] });
        await page
          .getByLabel(lists.geo.district, { exact: true })
          .selectOption({ label: places[1] });
        await page.getByLabel(screens.register.password, { exact: true }).fill(PASSWORD);
        await page.getByLabel(screens.register.confirmPassword).fill(PASSWORD);
        await page.getByRole('button', { name: screens.register.submit }).click();
        // Refused in words beside the box; nothing sent.
        const messages = language === 'en' ? 'messages.en.json' : 'messages.bn.json';
        const catalog = (await import(`../../common/locales/${messages}`)).default;
        await page.getByText(catalog.validation.consent.required).waitFor();
        expect(page.url()).toContain('/register');
        await fitsWidth(page);

        await box.check();
        await page.getByRole('button', { name: screens.register.submit }).click();
        await page.getByText(screens.register.success).waitFor();
        await page.waitForURL((url) => url.pathname === '/');
        await page.context().close();
      });
    }
  }

  for (const width of WIDTHS) {
    for (const { language, screens, first, confirm } of LANGUAGES) {
      it(`deletes my account with the password and the typed word (${width} px, ${language})`, async () => {
        const member = await registerMember({ language });
        const page = await pageAt(width, language);
        await signIn(page.context(), member);
        await page.goto('/dashboard/profile');
        const section = page.getByTestId('delete-account');
        await section.getByRole('heading', { name: screens.profile.deleteTitle }).waitFor();
        await section.scrollIntoViewIfNeeded();
        await fitsWidth(page);

        // A wrong password: refused in words, the account stays.
        await section.getByLabel(screens.profile.deletePassword).fill('Wrong1!x');
        await section.getByLabel(screens.profile.deleteConfirmation).fill(confirm);
        await section.getByRole('button', { name: screens.profile.deleteSubmit }).click();
        await page
          .getByRole('dialog')
          .getByRole('button', { name: first.dialog.ok, exact: true })
          .click();
        await section.getByRole('alert').waitFor();
        expect(await section.getByRole('alert').textContent()).toMatch(
          language === 'en' ? /password is not right/ : /পাসওয়ার্ড সঠিক নয়/,
        );

        // The right one, and the confirmation.
        await section.getByLabel(screens.profile.deletePassword).fill(PASSWORD);
        await section.getByRole('button', { name: screens.profile.deleteSubmit }).click();
        await page
          .getByRole('dialog')
          .getByRole('button', { name: first.dialog.ok, exact: true })
          .click();
        await page.waitForURL((url) => url.pathname === '/');
        await page.getByText(screens.profile.deleted).waitFor();
        // Signed out, and the account is gone: signing in again is refused.
        const again = await page.context().request.post('/api/auth/sign-in/email', {
          data: { email: member.email, password: PASSWORD },
          headers: { origin: new URL(page.url()).origin },
        });
        expect(again.status()).toBe(401);
        await page.context().close();
      });
    }
  }

  // One phone in Bangla and one desktop in English: the suite's time matters more than the
  // other two combinations, which the tests above already cover for the same profile page.
  for (const [width, { language, screens }] of [
    [390, LANGUAGES[1]],
    [1280, LANGUAGES[0]],
  ] as const) {
    it(`asks an account that owes consent after sign-in, then downloads my data (${width} px, ${language})`, async () => {
      const member = await registerMember({ language });
      agreedToOlderNotice(member.id);
      const page = await pageAt(width, language);
      await signIn(page.context(), member);
      await page.goto('/dashboard/profile');
      // Asked before anything else; "I agree" lets them on.
      const prompt = page.getByRole('dialog', { name: screens.consent.title });
      await prompt.getByTestId('consent-prompt').waitFor();
      await prompt.getByRole('button', { name: screens.consent.agree }).click();
      await prompt.waitFor({ state: 'detached' });
      const section = page.getByTestId('consent-section');
      await section.waitFor();

      // Download my data: a JSON file holding the member's own email.
      const button = section.getByRole('button', { name: screens.profile.downloadData });
      await button.scrollIntoViewIfNeeded();
      await fitsWidth(page);
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      expect(download.suggestedFilename()).toMatch(/^redhope-my-data-\d{4}-\d{2}-\d{2}\.json$/);
      const file = JSON.parse(await readFile(await download.path(), 'utf8'));
      expect(file.profile.email).toBe(member.email);
      // The older agreement and the one just given.
      expect(file.consents.map((c: { noticeVersion: string }) => c.noticeVersion)).toEqual([
        '2020-01-01',
        PRIVACY_NOTICE_VERSION,
      ]);
      await page.context().close();
    });
  }
});
