import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './browser.ts';
import { registerMember, signIn } from './fixtures.ts';

const browser = setupBrowser();

/** The donor search API's address, whatever its query. */
const donorSearch = (url: URL) => url.pathname === '/api/users/donor';

describe('donor search in the browser', () => {
  it('finds donors by blood group and place; the email only for signed-in people', async () => {
    const donor = await registerMember({
      bloodGroup: 'AB-',
      division: 'Sylhet',
      district: 'Moulvibazar',
    });

    const visitor = await browser.newPage();
    await visitor.goto('/search-donor');
    await visitor.getByLabel('Blood group').selectOption('AB-');
    await visitor.getByLabel('Division').selectOption('Sylhet');
    await visitor.getByLabel('District').selectOption('Moulvibazar');
    await visitor.getByRole('button', { name: 'Search Now' }).click();
    const card = visitor.locator('li, article').filter({ hasText: donor.name }).first();
    await card.waitFor();
    expect(await card.getByText('Eligible', { exact: true }).count()).toBe(1);
    expect(await card.getByText('Log in to see the email').count()).toBe(1);
    expect(await card.getByText(donor.email).count()).toBe(0);

    // Signed in, the same search (kept in the address) shows the email.
    const member = await browser.newPage();
    await signIn(member.context(), await registerMember());
    await member.goto(visitor.url());
    await member.getByText(donor.email).waitFor();
    await visitor.context().close();
    await member.context().close();
  });

  it("says 'No donors found' when nothing matches", async () => {
    const page = await browser.newPage();
    await page.goto('/search-donor');
    await page.getByLabel('Blood group').selectOption('O-');
    await page.getByLabel('Division').selectOption('Barishal');
    await page.getByLabel('District').selectOption('Jhalakathi');
    await page.getByRole('button', { name: 'Search Now' }).click();
    await page.getByRole('dialog').getByText('No donors match your selected criteria.').waitFor();
    await page.context().close();
  });
  it("says '1,000+ donors found' when the server stopped counting", async () => {
    await registerMember({ bloodGroup: 'B-', division: 'Rangpur', district: 'Nilphamari' });
    const page = await browser.newPage();
    // A real answer, with the headers a search of more than COUNT_CAP donors carries.
    await page.route(donorSearch, async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: { ...response.headers(), 'x-total-count': '1000', 'x-total-capped': 'true' },
      });
    });
    await page.goto('/search-donor');
    await page.getByLabel('Blood group').selectOption('B-');
    await page.getByRole('button', { name: 'Search Now' }).click();
    await page.getByRole('heading', { name: '1,000+ donors found' }).waitFor();

    // Below the cap the total is exact, with grouped digits and no plus.
    await page.unroute(donorSearch);
    await page.route(donorSearch, async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: { ...response.headers(), 'x-total-count': '1000' },
      });
    });
    await page.getByLabel('Blood group').selectOption('');
    await page.getByRole('button', { name: 'Search Now' }).click();
    await page.getByRole('heading', { name: '1,000 donors found', exact: true }).waitFor();
    await page.context().close();
  });
  it('a donor who pauses on the profile shows as not available on the search card, until they turn it back on', async () => {
    const donor = await registerMember({
      bloodGroup: 'O-',
      division: 'Sylhet',
      district: 'Sunamganj',
    });
    const page = await browser.newPage();
    await signIn(page.context(), donor);
    const availability = async (choice: string, saying: string) => {
      await page.goto('/dashboard/profile');
      await page.getByRole('heading', { name: 'Availability' }).waitFor();
      await page.getByLabel(choice, { exact: true }).check();
      await page.getByRole('button', { name: 'Save availability' }).click();
      await page.getByText('Availability saved').waitFor();
      await page.getByText(saying).waitFor();
    };
    const card = async () => {
      await page.goto('/search-donor');
      await page.getByLabel('Blood group').selectOption('O-');
      await page.getByLabel('Division').selectOption('Sylhet');
      await page.getByLabel('District').selectOption('Sunamganj');
      await page.getByRole('button', { name: 'Search Now' }).click();
      const found = page.locator('li, article').filter({ hasText: donor.name }).first();
      await found.waitFor();
      return found;
    };

    await availability(
      'Not available until I turn it back on',
      'You are not available until you turn it back on.',
    );
    const paused = await card();
    await paused.getByText('Not available for now', { exact: true }).waitFor();
    // Still eligible: the pause is the donor's choice, apart from eligibility.
    expect(await paused.getByText('Eligible', { exact: true }).count()).toBe(1);

    await availability('Available', 'You are available: you can be matched to requests.');
    const back = await card();
    expect(await back.getByText('Eligible', { exact: true }).count()).toBe(1);
    expect(await back.getByText('Not available', { exact: false }).count()).toBe(0);
    await page.context().close();
  });

  it("draws donors' photos from their small variant, lazily, in a fixed box", async () => {
    const donor = await registerMember({
      bloodGroup: 'A-',
      division: 'Rangpur',
      district: 'Panchagarh',
    });
    const page = await browser.newPage();
    const asked: string[] = [];
    const square = await sharp({
      create: { width: 192, height: 192, channels: 3, background: '#a33' },
    })
      .webp()
      .toBuffer();
    await page.route(
      (url) => url.pathname.startsWith('/api/images/'),
      async (route) => {
        asked.push(new URL(route.request().url()).search);
        await route.fulfill({ contentType: 'image/webp', body: square });
      },
    );
    await page.goto('/search-donor');
    await page.getByLabel('Blood group').selectOption('A-');
    await page.getByLabel('Division').selectOption('Rangpur');
    await page.getByLabel('District').selectOption('Panchagarh');
    await page.getByRole('button', { name: 'Search Now' }).click();
    const photo = page
      .locator('li, article')
      .filter({ hasText: donor.name })
      .first()
      .locator('img');
    await photo.waitFor();
    expect(await photo.getAttribute('src')).toMatch(
      /^\/api\/images\/[0-9a-f-]{36}\.webp\?size=small$/,
    );
    expect(await photo.getAttribute('loading')).toBe('lazy');
    expect(await photo.getAttribute('width')).toBe('80');
    expect(await photo.getAttribute('height')).toBe('80');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(192);
    expect(asked).toEqual(['?size=small']);
    await page.context().close();
  });
});
