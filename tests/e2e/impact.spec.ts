import { describe, expect, it } from 'vitest';
import bn from '../../web/locales/bn.json';
import bnScreens from '../../web/locales/bn.screens.json';
import en from '../../web/locales/en.json';
import enScreens from '../../web/locales/en.screens.json';
import { axeViolations } from './axe.ts';
import { setupBrowser } from './browser.ts';
import { callApi, registerMember, signIn } from './fixtures.ts';
import { DESKTOP, layoutProblems, PHONE } from './layout-check.ts';

// Issue 29: /impact shows the last 12 months' outcomes to everyone, in English and Bangla, as
// charts with text alternatives and tables; a division of fewer than 5 requests shows no figure.

const browser = setupBrowser();

/** A page signed in as a new member who lives in Khulna. */
async function memberPage() {
  const member = await registerMember();
  const page = await browser.newPage();
  await signIn(page.context(), member);
  return page;
}

const call = callApi<{ insertedId?: string }>;

/** Six requests in Khulna, each pledged at once and marked done: a month worth showing. */
async function sixServedRequests() {
  const requester = await memberPage();
  const donor = await memberPage();
  const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i < 6; i++) {
    const { insertedId } = await call(requester, 'POST', '/api/donation-request', {
      recipientName: `Impact Patient ${i} ${Date.now().toString(36)}`,
      bloodGroup: 'O+',
      division: 'Khulna',
      district: 'Khulna',
      hospitalName: 'Khulna Medical College Hospital',
      fullAddress: 'KDA Avenue, Khulna',
      donationDate: tomorrow,
      donationTime: '10:00',
      requestMessage: 'Needed for surgery.',
    });
    await call(donor, 'PATCH', `/api/donation-request/${insertedId}`, { status: 'inprogress' });
    await call(requester, 'PATCH', `/api/donation-request/${insertedId}`, { status: 'done' });
  }
  await requester.close();
  await donor.close();
}

describe('/impact, the public page of outcomes', () => {
  it('shows charts with their figures in words and tables, in both languages, on a phone and a desktop', async () => {
    await sixServedRequests();
    for (const [lang, strings, screens] of [
      ['en', en, enScreens],
      ['bn', bn, bnScreens],
    ] as const) {
      for (const size of [PHONE, DESKTOP]) {
        const page = await browser.newPage();
        await page.setViewportSize(size);
        await page.goto(lang === 'bn' ? '/impact?lang=bn' : '/impact');
        await page.getByRole('heading', { name: screens.impact.title, level: 1 }).waitFor();
        // Three charts, each an image whose text alternative names its figures.
        const charts = page.getByRole('img');
        await page
          .getByRole('img', { name: new RegExp(`^${screens.impact.charts.bags}`) })
          .waitFor();
        const names = await charts.evaluateAll((nodes) =>
          nodes.map((node) => node.getAttribute('aria-label') ?? ''),
        );
        expect(names.filter((name) => name.includes(':')).length, `${lang} ${size.width}`).toBe(3);
        // The division table: Khulna's figures shown, a division without 5 requests withheld.
        const division = page.getByRole('table').last();
        await division.getByRole('row').nth(8).waitFor();
        const khulna = lang === 'bn' ? 'খুলনা' : 'Khulna';
        const sylhet = lang === 'bn' ? 'সিলেট' : 'Sylhet';
        const row = (name: string) =>
          division.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
        expect(await row(khulna).textContent()).not.toContain(screens.impact.suppressed);
        expect(await row(sylhet).textContent()).toContain(screens.impact.suppressed);
        // The footer links here.
        expect(
          await page.getByRole('link', { name: strings.footer.impact }).getAttribute('href'),
        ).toBe('/impact');
        expect(await layoutProblems(page), `${lang} ${size.width}`).toEqual([]);
        expect(await axeViolations(page), `${lang} ${size.width}`).toEqual([]);
        await page.close();
      }
    }
  });

  it('is linked from the home page', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    // Clicked as soon as the page is loaded, the app perhaps not yet live: CI once lost this click
    // when the app's first render scrolled the page back to the top (web/main.tsx, hydrationData;
    // tests/e2e/before-the-app.spec.ts holds the app back to show it).
    await page.getByRole('link', { name: en.home.steps.impactLink }).click();
    await page.waitForURL(/\/impact$/);
    await page.getByRole('heading', { name: enScreens.impact.title, level: 1 }).waitFor();
    await page.close();
  });
});
