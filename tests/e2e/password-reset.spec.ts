import { describe, it } from 'vitest';
import { setupBrowser } from './browser.ts';

const browser = setupBrowser();

// The e2e server runs without SMTP_URL: the page must say reset is unavailable, not pretend.
describe('forgot password on a server without email', () => {
  it('the login page leads to it, and it says plainly that reset is unavailable', async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page
      .getByRole('alert')
      .getByText('Password reset is unavailable: this server does not send email.', {
        exact: false,
      })
      .waitFor();
    await page.getByRole('link', { name: 'Back to login' }).click();
    await page.getByRole('heading', { name: 'Donor Login' }).waitFor();
    await page.context().close();
  });
});
