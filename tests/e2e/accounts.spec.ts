import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { baseUrl, setupBrowser } from './browser.ts';
import { PASSWORD, promoteToAdmin, registerMember, signIn } from './fixtures.ts';

const browser = setupBrowser();

const redPng = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();

/** Fills the Join as a Donor form with valid answers, the given email and photo bytes (or none). */
async function fillRegistration(page: Page, email: string, photo: Buffer | null) {
  await page.goto('/register');
  await page.getByRole('heading', { name: 'Join as a Donor' }).waitFor();
  await page.getByLabel('Name').fill('Nusrat Jahan');
  await page.getByLabel('Email').fill(email);
  if (photo) {
    await page
      .getByLabel('Photo')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
  }
  await page.getByLabel('Blood group').selectOption('B+');
  await page.getByLabel('Division').selectOption('Khulna');
  await page.getByLabel('District').selectOption('Jashore');
  await page.getByLabel('Upazila').selectOption('Jashore Sadar');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  // Issue 31: the privacy consent, its own box.
  await page.getByRole('checkbox', { name: 'I agree to the privacy notice, as follows:' }).check();
}

describe('accounts in the browser', () => {
  it('registers a donor through the form and lands on / signed in', async () => {
    const page = await browser.newPage();
    const email = `new-${Date.now()}@example.org`;
    await fillRegistration(page, email, await redPng());
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Donor registered successfully').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    // Signed in: the avatar menu replaces the Login button.
    await page.getByRole('button', { name: /account menu/i }).waitFor();
    expect(await page.getByRole('link', { name: 'Login' }).count()).toBe(0);
    await page.context().close();
  });

  it("explains a failed registration: a photo that isn't an image, then a taken email", async () => {
    const taken = await registerMember();
    const page = await browser.newPage();
    await fillRegistration(
      page,
      `fresh-${Date.now()}@example.org`,
      Buffer.from('not really a png'),
    );
    await page.getByRole('button', { name: 'Register' }).click();
    const upload = page.getByRole('dialog');
    await upload.getByText('Something went wrong').waitFor();
    await upload.getByText('Image upload failed. Please try again.').waitFor();
    expect(page.url()).toContain('/register');

    await fillRegistration(page, taken.email, await redPng());
    await page.getByRole('button', { name: 'Register' }).click();
    await page
      .getByRole('dialog')
      .getByText(/already exists/i)
      .waitFor();
    expect(page.url()).toContain('/register');
    await page.context().close();
  });

  it('asks for the photo and puts the focus on its field', async () => {
    const page = await browser.newPage();
    await fillRegistration(page, `no-photo-${Date.now()}@example.org`, null);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Photo is required').waitFor();
    // The form reaches the file input through PhotoInput's `ref` prop (React 19's ref as a
    // prop; decision 015's Preact had to honour it too).
    await page.waitForFunction(
      () => (document.activeElement as HTMLInputElement | null)?.type === 'file',
    );
    expect(page.url()).toContain('/register');
    await page.context().close();
  });

  it('shows the password rules and the mismatch in words before anything is sent', async () => {
    const page = await browser.newPage();
    await page.goto('/register');
    await page.getByLabel('Password', { exact: true }).fill('abcdef');
    await page.getByLabel('Confirm password').fill('abcdeg');
    await page.getByRole('button', { name: 'Register' }).click();
    await page
      .getByText(
        'Password must be at least 6 characters long and include uppercase, lowercase, number, and special character',
      )
      .waitFor();
    await page.getByText('Passwords do not match').waitFor();
    await page.context().close();
  });

  it('sends a visitor from a guarded page to /login and back there after logging in', async () => {
    const member = await registerMember();
    const page = await browser.newPage();
    await page.goto('/dashboard/profile');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Donor Login' }).waitFor();
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill('Wrong1!pw');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Something went wrong. try again.').waitFor();
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText("You're now logged in").waitFor();
    await page.waitForURL('**/dashboard/profile');
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    await page.context().close();
  });

  it('an admin blocks a user, whose next action is refused and who lands on /login', async () => {
    const admin = await registerMember({ name: 'Admin Ayesha' });
    await promoteToAdmin(admin.email);
    const victim = await registerMember({ name: `Blocked Babul ${Date.now()}` });

    const victimPage = await browser.newPage();
    await signIn(victimPage.context(), victim);
    await victimPage.goto('/dashboard/profile');
    await victimPage.getByRole('heading', { name: 'My Profile' }).waitFor();

    const adminPage = await browser.newPage();
    await signIn(adminPage.context(), admin);
    await adminPage.goto('/dashboard/allUsers');
    const row = adminPage.getByRole('row').filter({ hasText: victim.email });
    await row.getByRole('button', { name: /^Block/ }).click();
    await adminPage.getByRole('button', { name: /^Yes/ }).click();
    await adminPage.getByText('This user has been blocked').waitFor();

    // The victim's next action (opening their requests) is refused: signed out, on /login.
    await victimPage.getByRole('link', { name: 'My Donation Request' }).first().click();
    await victimPage.waitForURL('**/login');
    await victimPage.getByRole('heading', { name: 'Donor Login' }).waitFor();
    await adminPage.context().close();
    await victimPage.context().close();
  });

  it('signs out everywhere: every browser and API token of the user, from the profile page', async () => {
    const member = await registerMember();
    const here = await browser.newPage();
    await signIn(here.context(), member);
    const elsewhere = await browser.newPage();
    await signIn(elsewhere.context(), member);
    await elsewhere.goto('/dashboard/profile');
    await elsewhere.getByRole('heading', { name: 'My Profile' }).waitFor();
    const minted = await here.context().request.post('/api/jwt', {
      headers: { origin: baseUrl() },
    });
    expect(minted.ok()).toBe(true);
    const { token } = (await minted.json()) as { token: string };

    await here.goto('/dashboard/profile');
    await here.getByRole('button', { name: 'Sign out everywhere', exact: true }).click();
    const confirm = here.getByRole('dialog');
    await confirm
      .getByText('This signs you out on every device and ends every API token. Continue?')
      .waitFor();
    await confirm.getByRole('button', { name: 'Yes, sign out everywhere' }).click();
    const signedOut = here.getByRole('dialog');
    await signedOut.getByText('You’ve been signed out. Have a great day').waitFor();
    expect(new URL(here.url()).pathname).toBe('/');
    await signedOut.getByRole('button', { name: 'OK' }).click();
    await here.getByRole('link', { name: 'Login' }).waitFor();

    // The other browser's next page needs a session it no longer has.
    await elsewhere.goto('/dashboard');
    await elsewhere.waitForURL('**/login');
    await elsewhere.getByRole('heading', { name: 'Donor Login' }).waitFor();
    // And the API token made before is refused.
    const withToken = await fetch(`${baseUrl()}/api/users/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(withToken.status).toBe(401);
    await here.context().close();
    await elsewhere.context().close();
  });

  it('makes an API token on the profile, shows its secret once, and revokes it after asking (issue 32)', async () => {
    const member = await registerMember();
    const page = await browser.newPage();
    await signIn(page.context(), member);
    await page.goto('/dashboard/profile');
    const section = page.getByRole('region', { name: 'API tokens' });
    await section.getByText('You have no API tokens.').waitFor();
    // A donor is not offered the staff scope; none chosen is said in words before sending.
    expect(await section.getByRole('checkbox').count()).toBe(2);
    await section.getByLabel('Token name').fill('Hospital desk');
    await section.getByRole('button', { name: 'Create token' }).click();
    await section.getByText('Choose at least one scope, each once.').waitFor();
    await section.getByRole('checkbox', { name: /post and manage my blood requests/ }).check();
    await section.getByRole('button', { name: 'Create token' }).click();
    await section.getByText('Token “Hospital desk” is ready').waitFor();
    const token = await section.getByLabel('Your new token').inputValue();
    expect(token).toMatch(/^rh_pat_/);
    const asProgram = () =>
      fetch(`${baseUrl()}/api/donation-request/allowance`, {
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await asProgram()).status).toBe(200);
    await section.getByRole('button', { name: 'I have copied it' }).click();
    // Listed by name and scope, never the secret again.
    await section.getByRole('rowheader', { name: 'Hospital desk' }).waitFor();
    expect(await page.content()).not.toContain(token);

    await section.getByRole('button', { name: 'Revoke “Hospital desk”' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Revoke “Hospital desk”?').waitFor();
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await section.getByText('You have no API tokens.').waitFor();
    expect((await asProgram()).status).toBe(401);
    await page.context().close();
  });
});
