import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import bnLists from '../../web/locales/bn.lists.json';
import { setupBrowser } from './browser.ts';
import { promoteToAdmin, registerMember, signIn } from './fixtures.ts';

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

  it('shows a long donor email whole on a 390 px phone, wrapped at its dots and @ (issue 30 item 5)', async () => {
    const tag = Date.now().toString(36);
    const email = `mohammad.abdullah.al.mamun.${tag}@students.example-university.edu.bd`;
    const donor = await registerMember({
      email,
      bloodGroup: 'AB-',
      division: 'Sylhet',
      district: 'Sunamganj',
    });
    const page = await browser.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page.context(), await registerMember());
    await page.goto('/search-donor?bloodGroup=AB-&division=Sylhet&district=Sunamganj');
    const link = page.locator(`article a[href="mailto:${email}"]`);
    await link.waitFor();
    expect(await link.innerText()).toBe(email);
    // Whole: nothing clipped or cut off with an ellipsis; it takes more than one line instead.
    const box = await link.evaluate((el) => {
      const style = getComputedStyle(el);
      return {
        clipped: el.scrollWidth > el.clientWidth + 1,
        ellipsis: style.textOverflow === 'ellipsis',
        lines: Math.round(el.getBoundingClientRect().height / Number.parseFloat(style.lineHeight)),
      };
    });
    expect(box).toMatchObject({ clipped: false, ellipsis: false });
    expect(box.lines).toBeGreaterThan(1);
    expect(donor.email).toBe(email);
    await page.context().close();
  });

  it("a new member past the day's budget of donor emails sees the rest hidden, and why, in English and Bangla", async () => {
    // Issue 25: a new account sees 20 donors' emails a day. 21 donors in one place: page 2 of
    // the search (20 a page) holds at least one past the budget.
    const place = { bloodGroup: 'A-', division: 'Sylhet', district: 'Habiganj' };
    for (let i = 0; i < 21; i++) await registerMember(place);
    const page = await browser.newPage();
    const member = await registerMember();
    await signIn(page.context(), member);
    const search = '/search-donor?bloodGroup=A-&division=Sylhet&district=Habiganj';
    await page.goto(`${search}&page=1`);
    await page.getByRole('heading', { name: /donors found/ }).waitFor();
    await page.locator('article a[href^="mailto:"]').first().waitFor();
    expect(await page.locator('article a[href^="mailto:"]').count()).toBe(20);
    expect(await page.getByText(/You have seen/).count()).toBe(0);

    await page.goto(`${search}&page=2`);
    await page.getByText("You have seen 20 donors' emails today, your daily limit").waitFor();
    await page.getByText('Hidden until tomorrow').first().waitFor();
    expect(await page.locator('article a[href^="mailto:"]').count()).toBe(0);
    // Not the visitor's prompt: this member is signed in.
    expect(await page.getByText('Log in to see the email').count()).toBe(0);

    await page
      .getByRole('group', { name: 'Language' })
      .getByRole('button', { name: 'বাংলা' })
      .click();
    await page.getByText('আজ আপনি ২০ জন রক্তদাতার ইমেইল দেখেছেন').waitFor();
    await page.getByText(bnLists.donorEmails.hiddenToday).first().waitFor();
    await page.context().close();

    // Staff see the account on their home page.
    const admin = await registerMember();
    await promoteToAdmin(admin.email);
    const staff = await browser.newPage();
    await signIn(staff.context(), admin);
    await staff.goto('/dashboard');
    const list = staff.getByRole('region', { name: 'Accounts over the daily email limit' });
    await list.getByText(member.email).waitFor();
    await staff.context().close();
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
