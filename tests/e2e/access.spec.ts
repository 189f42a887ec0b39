import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './browser.ts';
import {
  callApi,
  demoteToDonor,
  type Member,
  promoteToAdmin,
  registerMember,
  signIn,
} from './fixtures.ts';

const browser = setupBrowser();

/** Tomorrow as YYYY-MM-DD. */
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** A page signed in as `member`; its context's `request` calls the API with their cookie. */
async function pageFor(member: Member): Promise<Page> {
  const page = await browser.newPage();
  await signIn(page.context(), member);
  return page;
}

const call = callApi;

describe('roles and refusals in the browser', () => {
  // Regression: every 403 used to sign the user out, so a volunteer demoted to donor who then
  // pressed Done was thrown out to /login instead of being told why it was refused.
  it('keeps a volunteer demoted to donor signed in when Done is refused, with its message', async () => {
    const stamp = Date.now().toString(36);
    const admin = await registerMember({ name: `Admin ${stamp}` });
    await promoteToAdmin(admin.email);
    const volunteer = await registerMember({ name: `Volunteer ${stamp}` });
    const requester = await registerMember({ name: `Requester ${stamp}` });
    const giver = await registerMember({ name: `Giver ${stamp}` });
    const recipient = `Patient ${stamp}`;

    const adminPage = await pageFor(admin);
    await call(adminPage, 'PATCH', `/api/users/volunteer/${volunteer.id}`, {});
    const requesterPage = await pageFor(requester);
    const { insertedId } = await call(requesterPage, 'POST', '/api/donation-request', {
      recipientName: recipient,
      bloodGroup: 'B+',
      division: 'Khulna',
      district: 'Khulna',
      hospitalName: 'Khulna Medical College Hospital',
      fullAddress: 'KDA Avenue, Khulna',
      donationDate: tomorrow(),
      donationTime: '09:00',
      requestMessage: 'One bag before noon.',
    });
    const giverPage = await pageFor(giver);
    await call(giverPage, 'PATCH', `/api/donation-request/${insertedId}`, {
      status: 'inprogress',
    });

    const page = await pageFor(volunteer);
    await page.goto('/dashboard/all-donation-requests?status=inprogress');
    const row = page.getByRole('row').filter({ hasText: recipient });
    await row.getByText(giver.email).waitFor();

    // The server demotes the volunteer; the open page still believes in the old role.
    await demoteToDonor(volunteer.email);
    await row.getByRole('button', { name: 'Done' }).click();

    const refusal = page.getByRole('dialog');
    await refusal
      .getByText(
        'Only the requester, a volunteer or an admin can mark this request done or canceled.',
      )
      .waitFor();
    await refusal.getByRole('button', { name: 'OK' }).click();
    await refusal.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/dashboard/all-donation-requests');
    await page.getByRole('button', { name: /account menu/i }).waitFor();

    // Still signed in on the server too: the next dashboard page opens, and the staff page now
    // says it is not for a donor.
    await page.goto('/dashboard/profile');
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    await page.goto('/dashboard/all-donation-requests');
    await page.getByRole('heading', { name: 'You do not have access to this page' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/all-donation-requests');

    for (const p of [adminPage, requesterPage, giverPage, page]) await p.context().close();
  });

  it('shows staff pages to their roles only, without asking the API for the others', async () => {
    const donor = await registerMember();
    const donorPage = await pageFor(donor);
    const asked: string[] = [];
    donorPage.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/api/users' || pathname === '/api/donation-request/all')
        asked.push(pathname);
    });

    for (const path of [
      '/dashboard/allUsers',
      '/dashboard/all-donation-requests',
      '/dashboard/content-management',
    ]) {
      await donorPage.goto(path);
      await donorPage
        .getByRole('heading', { name: 'You do not have access to this page' })
        .waitFor();
      // Still in the dashboard, still signed in.
      await donorPage.getByRole('link', { name: 'Back to the dashboard' }).waitFor();
      await donorPage.getByRole('button', { name: /account menu/i }).waitFor();
      expect(new URL(donorPage.url()).pathname).toBe(path);
    }
    expect(asked).toEqual([]);

    const admin = await registerMember();
    await promoteToAdmin(admin.email);
    const volunteer = await registerMember();
    const adminPage = await pageFor(admin);
    await call(adminPage, 'PATCH', `/api/users/volunteer/${volunteer.id}`, {});
    const volunteerPage = await pageFor(volunteer);
    await volunteerPage.goto('/dashboard/allUsers');
    await volunteerPage
      .getByRole('heading', { name: 'You do not have access to this page' })
      .waitFor();
    await volunteerPage.goto('/dashboard/all-donation-requests');
    await volunteerPage.getByRole('heading', { name: 'All Donation Request' }).waitFor();
    await adminPage.goto('/dashboard/allUsers');
    await adminPage.getByRole('heading', { name: 'All Users' }).waitFor();

    for (const p of [donorPage, adminPage, volunteerPage]) await p.context().close();
  });
});
