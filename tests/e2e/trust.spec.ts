import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './browser.ts';
import { callApi, type Member, promoteToAdmin, registerMember, signIn } from './fixtures.ts';

// Issue 14 in the browser: a donor reports a request, a volunteer dismisses the report and
// verifies the request, and the verified badge shows on the public list.

const browser = setupBrowser();

async function pageFor(member: Member): Promise<Page> {
  const page = await browser.newPage();
  await signIn(page.context(), member);
  return page;
}

const call = callApi;

/** The date in Dhaka `days` from now, as YYYY-MM-DD. */
const dhakaDate = (days: number) =>
  new Date(Date.now() + 6 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** Fails when the page is wider than the screen (sideways scrolling). */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

describe('trust: report, dismiss, verify', () => {
  it('a donor reports a request, a volunteer dismisses the report and verifies it, the badge shows publicly', async () => {
    const stamp = Date.now().toString(36);
    const recipient = `Trusted ${stamp}`;
    const requester = await registerMember({ name: `Asker ${stamp}` });
    const requesterPage = await pageFor(requester);
    // The form that posts a request carries the notice too, and fits a phone.
    await requesterPage.setViewportSize({ width: 390, height: 844 });
    await requesterPage.goto('/dashboard/create-donation-request');
    await requesterPage.getByRole('heading', { name: 'Create Donation Request' }).waitFor();
    await requesterPage.getByText('Donating blood is free — never pay anyone for it.').waitFor();
    await expectNoSidewaysScroll(requesterPage);
    const created = await call(requesterPage, 'POST', '/api/donation-request', {
      recipientName: recipient,
      bloodGroup: 'AB-',
      division: 'Khulna',
      district: 'Khulna',
      hospitalName: 'Khulna Medical College Hospital',
      fullAddress: 'KDA Avenue, Khulna',
      donationDate: dhakaDate(2),
      donationTime: '10:30',
      requestMessage: 'Needed before surgery.',
    });
    const requestId = String(created.insertedId);

    // The donor opens it, reads the notice, and reports it.
    const donor = await registerMember({ name: `Watcher ${stamp}` });
    const donorPage = await pageFor(donor);
    await donorPage.goto(`/blood-donation-request/${requestId}`);
    await donorPage.getByRole('heading', { name: /AB- blood needed/ }).waitFor();
    await donorPage.getByText('Donating blood is free — never pay anyone for it.').waitFor();
    await donorPage.getByRole('button', { name: 'Report' }).click();
    const dialog = donorPage.getByRole('dialog', { name: 'Report this request' });
    await dialog.waitFor();
    // No reason chosen: the form says so and sends nothing.
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText('Please choose why you are reporting this request').waitFor();
    await dialog.getByLabel('Why are you reporting it?').selectOption('asks-for-money');
    await dialog
      .getByLabel('Anything staff should know (optional)')
      .fill('Asked me for 2000 taka.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await donorPage.getByText('Thank you. Staff will look at this request.').waitFor();

    // A volunteer (made one by an admin) finds it in the queue and reads the report.
    const admin = await registerMember();
    await promoteToAdmin(admin.email);
    const volunteer = await registerMember({ name: `Checker ${stamp}` });
    const adminPage = await pageFor(admin);
    await call(adminPage, 'PATCH', `/api/users/volunteer/${volunteer.id}`, {});
    const volunteerPage = await pageFor(volunteer);
    await volunteerPage.goto('/dashboard');
    await volunteerPage.getByRole('link', { name: 'Reports' }).first().click();
    await volunteerPage.getByRole('heading', { name: 'Reported Requests' }).waitFor();
    const card = volunteerPage.locator('article').filter({ hasText: recipient });
    await card.waitFor();
    expect(await card.textContent()).toContain('Open reports: 1');
    await card.getByRole('button', { name: 'Reports' }).click();
    await card.getByText('Asked me for 2000 taka.').waitFor();
    await card.getByText('Asks for money').waitFor();

    // They dismiss it: the request leaves the queue...
    await card.getByRole('button', { name: 'Dismiss' }).click();
    await volunteerPage.getByText('The report has been dismissed').waitFor();
    await card.waitFor({ state: 'detached' });

    // ...and they verify it from its page, where the badge appears.
    await volunteerPage.goto(`/blood-donation-request/${requestId}`);
    await volunteerPage.getByRole('button', { name: 'Verify' }).click();
    await volunteerPage.getByText('The request is now verified').waitFor();
    await volunteerPage.getByText('Verified', { exact: true }).waitFor();
    expect(await volunteerPage.getByRole('button', { name: 'Verify' }).count()).toBe(0);

    // A visitor sees the badge on the public list, filtered to verified requests.
    const visitor = await browser.newPage();
    await visitor.setViewportSize({ width: 390, height: 844 });
    // The page is prerendered (decision 009): it reads its list once the app has taken it over.
    const listRead = visitor.waitForResponse((res) => res.url().includes('/api/donation-request?'));
    await visitor.goto('/blood-donation-request');
    await listRead;
    await visitor.getByText('Donating blood is free — never pay anyone for it.').waitFor();
    const onlyVerified = visitor.getByLabel('Verified requests only');
    await onlyVerified.click();
    await visitor.waitForURL(/verified=1/);
    // The router changes the address first and draws the page in a transition after it: the box
    // shows the filter once that is drawn (read at once, it was still unticked in stop 40's CI).
    await expect.poll(() => onlyVerified.isChecked()).toBe(true);
    const publicCard = visitor.locator('article').filter({ hasText: recipient });
    await publicCard.waitFor();
    expect(await publicCard.getByText('Verified', { exact: true }).isVisible()).toBe(true);
    await expectNoSidewaysScroll(visitor);

    // The audit log names the volunteer's two actions.
    await adminPage.goto('/dashboard/audit-log');
    await adminPage.getByRole('heading', { name: 'Audit Log' }).waitFor();
    await adminPage.getByLabel("Actor's email").fill(volunteer.email);
    await adminPage.getByRole('button', { name: 'Filter' }).click();
    await adminPage.waitForURL(/actor=/);
    // Other tests' staff actions are in the log too: only the volunteer's two remain.
    const entries = adminPage.locator('ol > li');
    await expect.poll(() => entries.count(), { timeout: 30_000 }).toBe(2);
    await entries.filter({ hasText: 'Request verified' }).waitFor();
    await entries.filter({ hasText: 'Report dismissed' }).waitFor();

    for (const page of [requesterPage, donorPage, adminPage, volunteerPage, visitor]) {
      await page.context().close();
    }
  });
});
