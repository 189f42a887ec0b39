import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './browser.ts';
import { PASSWORD, registerMember } from './fixtures.ts';

const browser = setupBrowser();

describe('return after login (SPEC §2)', () => {
  it('navbar Login on /search-donor: signing in lands back on /search-donor, not /', async () => {
    const member = await registerMember();
    const page = await browser.newPage();
    await page.goto('/search-donor');
    await page.getByRole('navigation').getByRole('link', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Donor Login' }).waitFor();
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText("You're now logged in").waitFor();
    await page.waitForURL((url) => url.pathname === '/search-donor');
    await page.context().close();
  });

  it('navbar Login, then Register: signing up lands back on /search-donor, not /', async () => {
    const page = await browser.newPage();
    // The photo upload has its own test in accounts.spec.ts; here it only has to answer.
    await page.route('**/api/images', (route) =>
      route.fulfill({
        status: 201,
        json: {
          success: true,
          data: { display_url: '/api/images/0190a0a0-0000-7000-8000-000000000000.webp' },
        },
      }),
    );
    await page.goto('/search-donor');
    await page.getByRole('navigation').getByRole('link', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Donor Login' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Register' }).click();
    await page.getByRole('heading', { name: 'Join as a Donor' }).waitFor();
    await page.getByLabel('Name').fill('Nusrat Jahan');
    await page.getByLabel('Email').fill(`back-${Date.now()}@example.org`);
    const png = await sharp({
      create: { width: 40, height: 40, channels: 3, background: '#c00' },
    })
      .png()
      .toBuffer();
    await page
      .getByLabel('Photo')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByLabel('Blood group').selectOption('B+');
    await page.getByLabel('Division').selectOption('Khulna');
    await page.getByLabel('District').selectOption('Jashore');
    await page.getByLabel('Upazila').selectOption('Jashore Sadar');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Donor registered successfully').waitFor();
    await page.waitForURL((url) => url.pathname === '/search-donor');
    expect(await page.getByRole('link', { name: 'Login' }).count()).toBe(0);
    await page.context().close();
  });
});
