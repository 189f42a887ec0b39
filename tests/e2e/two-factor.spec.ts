import { describe, it } from 'vitest';
import { keyOfUri, totp } from '../../server/test/totp.ts';
import { setupBrowser } from './browser.ts';
import { PASSWORD, promoteToAdmin, registerMember, signIn } from './fixtures.ts';

const browser = setupBrowser();

// Issue 25: an admin sets up two-step sign-in from the dashboard's banner, then signs in on the
// login form with the password and the app's code.
describe('two-step sign-in', () => {
  it('an admin is asked to set it up, does, and then signs in with a code', async () => {
    const admin = await registerMember({ name: 'Admin Aziz' });
    await promoteToAdmin(admin.email, { secondFactor: false });

    const page = await browser.newPage();
    await signIn(page.context(), admin);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Set up two-step sign-in' }).waitFor();
    await page.getByRole('link', { name: 'Set it up now' }).click();
    await page.getByRole('heading', { name: 'Two-step sign-in', level: 1 }).waitFor();
    await page.getByLabel('Your password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Start setup' }).click();
    const uri = await page
      .getByRole('link', { name: 'Open in authenticator app' })
      .getAttribute('href');
    const key = keyOfUri(uri ?? '');
    await page.getByText('Keep your recovery codes').waitFor();
    await page.getByLabel('6-digit code').fill(totp(key));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('Two-step sign-in is on. Each sign-in', { exact: false }).waitFor();
    await page.goto('/dashboard/audit-log');
    await page.getByRole('heading', { name: 'Audit Log' }).waitFor();
    await page.context().close();

    const login = await browser.newPage();
    await login.goto('/login');
    await login.getByLabel('Email').fill(admin.email);
    await login.getByLabel('Password').fill(PASSWORD);
    await login.getByRole('button', { name: 'Login' }).click();
    await login.getByRole('heading', { name: 'Enter your code' }).waitFor();
    await login.getByLabel('6-digit code').fill(totp(key));
    await login.getByRole('button', { name: 'Verify' }).click();
    await login.getByText("You're now logged in").waitFor();
    await login.goto('/dashboard/audit-log');
    await login.getByRole('heading', { name: 'Audit Log' }).waitFor();
    await login.context().close();
  });
});
