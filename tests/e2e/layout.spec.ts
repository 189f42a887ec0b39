import { describe, expect, it } from 'vitest';
import { setupBrowser } from './browser.ts';

const browser = setupBrowser();

describe('shared layout', () => {
  it('shows the navigation and footer on the home page, with this year in the footer', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.waitFor();
    for (const name of ['Home', 'Donation requests', 'Search donor', 'Blogs']) {
      expect(await nav.getByRole('link', { name, exact: true }).count()).toBeGreaterThan(0);
    }
    expect(await page.getByRole('link', { name: 'Login' }).first().getAttribute('href')).toBe(
      '/login',
    );
    const footer = page.locator('footer');
    expect(await footer.isVisible()).toBe(true);
    expect(await page.getByTestId('footer-year').textContent()).toContain(
      String(new Date().getFullYear()),
    );
    expect(await footer.getByRole('link', { name: 'Find Donors' }).getAttribute('href')).toBe(
      '/search-page',
    );
    await page.context().close();
  });

  it('shows them on other public pages', async () => {
    const page = await browser.newPage();
    await page.goto('/blogs');
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(await page.locator('footer').isVisible()).toBe(true);
    await page.context().close();
  });

  for (const path of ['/login', '/register']) {
    it(`hides the navigation and footer on ${path}`, async () => {
      const page = await browser.newPage();
      await page.goto(path);
      await page.locator('main').waitFor();
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
      expect(await page.locator('footer').count()).toBe(0);
      await page.context().close();
    });
  }

  it('sends /search-page on to /search-donor', async () => {
    const page = await browser.newPage();
    await page.goto('/search-page');
    await page.waitForURL('**/search-donor');
    await page.context().close();
  });
});
