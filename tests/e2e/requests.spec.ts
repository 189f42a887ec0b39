import { describe, expect, it } from 'vitest';
import { setupBrowser } from './browser.ts';
import { publicCard, registerMember, signIn } from './fixtures.ts';

const browser = setupBrowser();

/** Tomorrow as YYYY-MM-DD (a date input's value). */
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

describe('a donation request from creation to done', () => {
  it('donor A creates a request, donor B donates, A marks it done, B shows the donation', async () => {
    const stamp = Date.now().toString(36);
    const a = await registerMember({ name: `Requester ${stamp}` });
    const b = await registerMember({ name: `Giver ${stamp}` });
    const recipient = `Patient ${stamp}`;

    // A creates the request through the form.
    const pageA = await browser.newPage();
    await signIn(pageA.context(), a);
    await pageA.goto('/dashboard/create-donation-request');
    await pageA.getByRole('heading', { name: 'Create Donation Request' }).waitFor();
    await pageA.getByLabel('Recipient Name').fill(recipient);
    await pageA.getByLabel('Blood Group').selectOption('A-');
    await pageA.getByLabel('Division').selectOption('Khulna');
    await pageA.getByLabel('District').selectOption('Khulna');
    await pageA.getByLabel('Hospital Name').fill('Khulna Medical College Hospital');
    await pageA.getByLabel('Full Address').fill('KDA Avenue, Khulna');
    await pageA.getByLabel('Donation Date').fill(tomorrow());
    await pageA.getByLabel('Donation Time').fill('10:30');
    await pageA.getByLabel('Request Message').fill('Two bags needed before surgery.');
    await pageA.getByRole('button', { name: 'Request Now' }).click();
    await pageA.getByText('Your request has been sent').waitFor();
    expect(await pageA.getByLabel('Recipient Name').inputValue()).toBe('');

    // B finds it in the public list and donates from its detail page.
    const pageB = await browser.newPage();
    await signIn(pageB.context(), b);
    const card = await publicCard(pageB, recipient);
    await card.getByRole('link', { name: /View/ }).click();
    await pageB.getByRole('heading', { name: /A- blood needed/ }).waitFor();
    await pageB.getByRole('button', { name: 'Donate Now' }).click();
    const dialog = pageB.getByRole('dialog', {
      name: 'Please review your details before confirming',
    });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Donor Email').inputValue()).toBe(b.email);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await pageB.getByText('Done, Blood donation request is now In Progress.').waitFor();

    // A sees B as the donor and marks the donation done.
    await pageA.goto('/dashboard/my-donation-requests');
    const row = pageA.getByRole('row').filter({ hasText: recipient });
    await row.getByText(b.email).waitFor();
    await row.getByRole('button', { name: 'Done' }).click();
    await pageA.getByText('Donation status has been done').waitFor();

    // B's profile now shows the donation and the day B is eligible again.
    await pageB.goto('/dashboard/profile');
    await pageB.getByRole('heading', { name: 'My Profile' }).waitFor();
    // The browser tests' server rests a donor one day (tests/e2e/server.ts): tomorrow.
    const again = new Date(Date.now() + 86_400_000);
    const notEligible = pageB.getByText(/Not eligible — eligible again on/);
    await notEligible.waitFor();
    const day = again.toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'Asia/Dhaka',
    });
    expect(await notEligible.textContent()).toContain(day);
    await pageA.context().close();
    await pageB.context().close();
  });
});
