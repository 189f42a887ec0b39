import { describe, expect, it } from 'vitest';
import { setupBrowser } from './browser.ts';
import { registerMember, signIn } from './fixtures.ts';

const browser = setupBrowser();

// Issue 25: the profile had no way to change a password, and without email nobody could.
describe('change password on the profile page', () => {
  it('refuses a wrong current password in words, then changes it and stays signed in here only', async () => {
    const member = await registerMember();
    const elsewhere = await browser.newPage();
    await signIn(elsewhere.context(), member);
    const page = await browser.newPage();
    await signIn(page.context(), member);
    await page.goto('/dashboard/profile');
    const section = page.getByRole('region', { name: 'Change password' });
    await section.waitFor();
    const newPassword = 'N3wPassw0rd!';

    // The form's own checks, before anything is sent.
    await section.getByLabel('Current password').fill(member.password);
    await section.getByLabel('New password', { exact: true }).fill(newPassword);
    await section.getByLabel('Confirm new password').fill('Different1!');
    await section.getByRole('button', { name: 'Change password' }).click();
    await section.getByText('Passwords do not match').waitFor();

    // A wrong current password: the server's refusal, in words.
    await section.getByLabel('Current password').fill('Wrong-passw0rd!');
    await section.getByLabel('Confirm new password').fill(newPassword);
    await section.getByRole('button', { name: 'Change password' }).click();
    await section
      .getByRole('alert')
      .getByText('The current password is not right. Please check it and try again.')
      .waitFor();

    await section.getByLabel('Current password').fill(member.password);
    await section.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password is changed. Every other device is signed out.').waitFor();
    // The form is empty again, and this browser is still signed in after a reload.
    expect(await section.getByLabel('Current password').inputValue()).toBe('');
    await page.reload();
    await page.getByRole('region', { name: 'Change password' }).waitFor();
    expect(page.url()).toMatch(/\/dashboard\/profile$/);
    // The other browser is signed out; the new password signs in, the old one does not.
    expect((await elsewhere.context().request.get('/api/users/me')).status()).toBe(401);
    const origin = new URL(page.url()).origin;
    const signInWith = (password: string) =>
      elsewhere.context().request.post('/api/auth/sign-in/email', {
        data: { email: member.email, password },
        headers: { origin },
      });
    expect((await signInWith(member.password)).status()).toBe(401);
    expect((await signInWith(newPassword)).status()).toBe(200);
    await page.context().close();
    await elsewhere.context().close();
  });
});
