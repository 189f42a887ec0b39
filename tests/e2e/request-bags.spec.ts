import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { baseUrl, setupBrowser } from './browser.ts';
import { type Member, registerMember, signIn } from './fixtures.ts';
import { DESKTOP, layoutProblems, PHONE } from './layout-check.ts';

const browser = setupBrowser();

/** Tomorrow as YYYY-MM-DD (a date input's value). */
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** A signed-in page at `size`. */
async function pageOf(member: Member, size: { width: number; height: number }): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewportSize(size);
  await signIn(page.context(), member);
  return page;
}

/** The page's layout and WCAG problems, as one list (empty: fine). */
const problemsOf = async (page: Page) => [
  ...(await layoutProblems(page)),
  ...(await axeViolations(page)),
];

// Issue 27 in the browser: a family asks for several bags of one component, with an urgency;
// each donor pledges one bag; the card counts them; the requester marks how each pledge ended;
// Share falls back to copy / WhatsApp / Facebook where the browser has no Web Share.
describe.each([
  ['a phone (390 px)', PHONE],
  ['a desktop (1280 px)', DESKTOP],
])('a request for several bags on %s', (_name, size) => {
  it('3 bags of platelets, critical: two donors pledge, the card shows "2 of 3", share opens', async () => {
    const stamp = `${size.width}-${Date.now().toString(36)}`;
    const place = { division: 'Dhaka', district: 'Dhaka' };
    const requester = await registerMember({ name: `Family ${stamp}`, ...place });
    const first = await registerMember({ name: `First ${stamp}`, bloodGroup: 'B+', ...place });
    const second = await registerMember({ name: `Second ${stamp}`, bloodGroup: 'B+', ...place });
    const visitorSeat = await registerMember({ name: `Reader ${stamp}`, ...place });
    const recipient = `Dengue patient ${stamp}`;

    // The family asks through the form: 3 bags of platelets, critical.
    const family = await pageOf(requester, size);
    await family.goto('/dashboard/create-donation-request');
    await family.getByRole('heading', { name: 'Create Donation Request' }).waitFor();
    await family.getByLabel('Recipient Name').fill(recipient);
    await family.getByLabel('Blood Group').selectOption('B+');
    await family.getByLabel('Blood component').selectOption({ label: 'Platelets' });
    await family.getByLabel('Bags needed').selectOption('3');
    await family.getByRole('radio', { name: /Critical/ }).check();
    await family.getByLabel('Division').selectOption('Dhaka');
    await family.getByLabel('District').selectOption('Dhaka');
    await family.getByLabel('Hospital Name').fill('Dhaka Medical College Hospital');
    await family.getByLabel('Full Address').fill('Secretariat Road, Dhaka');
    await family.getByLabel('Donation Date').fill(tomorrow());
    await family.getByLabel('Donation Time').fill('09:00');
    await family.getByLabel('Request Message').fill('Platelets falling fast, please come.');
    expect(await problemsOf(family)).toEqual([]);
    await family.getByRole('button', { name: 'Request Now' }).click();
    await family.getByText('Your request has been sent').waitFor();

    const mine = await family
      .context()
      .request.get(`/api/donation-request?email=${encodeURIComponent(requester.email)}`);
    const [created] = (await mine.json()) as {
      id: string;
      bags: number;
      component: string;
      urgency: string;
    }[];
    expect(created).toMatchObject({ bags: 3, component: 'platelets', urgency: 'critical' });

    // The first donor pledges through Donate Now on the detail page.
    const firstPage = await pageOf(first, size);
    await firstPage.goto(`/blood-donation-request/${created?.id}`);
    await firstPage.getByRole('heading', { name: 'B+ blood needed' }).waitFor();
    await firstPage.getByText('Urgency: Critical').waitFor();
    await firstPage.getByRole('button', { name: 'Donate Now' }).click();
    await firstPage
      .getByRole('dialog', { name: 'Please review your details before confirming' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await firstPage.getByText('Done, Blood donation request is now In Progress.').waitFor();
    // Their own promise shows, with the way out; Donate Now does not come back.
    await firstPage.getByRole('heading', { name: 'Your promise to give' }).waitFor();
    await firstPage.getByRole('button', { name: 'Withdraw' }).waitFor();
    expect(await firstPage.getByRole('button', { name: 'Donate Now' }).count()).toBe(0);

    // The second through the same call Donate Now sends.
    const secondPage = await pageOf(second, size);
    const pledged = await secondPage
      .context()
      .request.patch(`/api/donation-request/${created?.id}`, {
        data: { status: 'inprogress' },
        headers: { origin: baseUrl() },
      });
    expect(pledged.status()).toBe(200);

    // Anyone reading the public list sees the request still open, with its count and badges.
    const reader = await pageOf(visitorSeat, size);
    await reader.goto('/blood-donation-request?urgency=critical&component=platelets');
    const card = reader.locator('article').filter({ hasText: recipient });
    await card.getByText('2 of 3 donors found').waitFor();
    await card.getByText('Urgency: Critical').waitFor();
    await card.getByText('Platelets').waitFor();
    expect(await problemsOf(reader)).toEqual([]);

    // Share: headless Chromium has no Web Share, so the panel opens with its three ways.
    expect(await reader.evaluate(() => typeof navigator.share)).toBe('undefined');
    await reader.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: baseUrl(),
    });
    const share = card.getByRole('button', { name: `Share the request for ${recipient}` });
    await share.click();
    expect(await share.getAttribute('aria-expanded')).toBe('true');
    const panel = reader.getByRole('group', { name: 'Ways to share this request' });
    const link = `${baseUrl()}/blood-donation-request/${created?.id}`;
    const whatsApp = new URL(
      (await panel.getByRole('link', { name: /Share on WhatsApp/ }).getAttribute('href')) ?? '',
    );
    const shared = whatsApp.searchParams.get('text') ?? '';
    expect(shared).toContain('B+ blood needed: 3 bags of Platelets (Critical)');
    expect(shared).toContain(link);
    for (const secret of [requester.email, first.email, recipient]) {
      expect(shared).not.toContain(secret);
    }
    const facebook = new URL(
      (await panel.getByRole('link', { name: /Share on Facebook/ }).getAttribute('href')) ?? '',
    );
    expect(facebook.searchParams.get('u')).toBe(link);
    // The panel is keyboard-first: it opened on Copy link.
    const copy = panel.getByRole('button', { name: 'Copy link' });
    expect(await copy.evaluate((element) => element === document.activeElement)).toBe(true);
    await copy.click();
    await panel.getByText('Link copied').waitFor();
    expect(await reader.evaluate(() => navigator.clipboard.readText())).toBe(link);
    expect(await problemsOf(reader)).toEqual([]);
    // Escape closes it and gives the focus back to Share.
    await reader.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await share.evaluate((element) => element === document.activeElement)).toBe(true);

    // The family sees both donors, name and email, and marks how each pledge ended.
    await family.goto(`/blood-donation-request/${created?.id}`);
    const pledges = family.getByRole('region', { name: 'Donors who said yes' });
    await pledges.getByText(first.email).waitFor();
    await pledges.getByText(second.email).waitFor();
    await family.getByText('2 of 3 donors found').waitFor();
    expect(await problemsOf(family)).toEqual([]);
    await pledges
      .getByRole('group', { name: `What happened with ${second.name}` })
      .getByRole('button', { name: 'Did not come' })
      .click();
    await family.getByRole('button', { name: 'Yes, they did not come' }).click();
    await family.getByText('Recorded. The bag is open again.').waitFor();
    await family.getByText('1 of 3 donors found').waitFor();
    await pledges
      .getByRole('group', { name: `What happened with ${first.name}` })
      .getByRole('button', { name: 'Donated' })
      .click();
    await family.getByRole('button', { name: 'Yes, they donated' }).click();
    await family.getByText('Recorded: donated').waitFor();

    // My Donation Request lists the pledges too, and filters by component.
    await family.goto('/dashboard/my-donation-requests?component=platelets');
    const row = family.getByRole('row').filter({ hasText: recipient });
    await row.getByText('1 of 3 donors found').waitFor();
    await row.getByText(first.email).waitFor();
    expect(await problemsOf(family)).toEqual([]);
    await family.goto('/dashboard/my-donation-requests?component=plasma');
    await family.getByText('None of your requests matches these filters.').waitFor();

    for (const page of [family, firstPage, secondPage, reader]) await page.context().close();
  });
});

describe('one request per need (issue 27)', () => {
  it('a second request for the same patient and date offers, in one click, more bags on the open one', async () => {
    const stamp = Date.now().toString(36);
    const requester = await registerMember({ name: `Family ${stamp}` });
    const recipient = `Thalassaemia patient ${stamp}`;
    const page = await pageOf(requester, DESKTOP);
    const fill = async (bags: string) => {
      await page.goto('/dashboard/create-donation-request');
      await page.getByRole('heading', { name: 'Create Donation Request' }).waitFor();
      await page.getByLabel('Recipient Name').fill(recipient);
      await page.getByLabel('Blood Group').selectOption('AB-');
      await page.getByLabel('Blood component').selectOption({ label: 'Red cells' });
      await page.getByLabel('Bags needed').selectOption(bags);
      await page.getByLabel('Division').selectOption('Khulna');
      await page.getByLabel('District').selectOption('Khulna');
      await page.getByLabel('Hospital Name').fill('Khulna Medical College Hospital');
      await page.getByLabel('Full Address').fill('KDA Avenue, Khulna');
      await page.getByLabel('Donation Date').fill(tomorrow());
      await page.getByLabel('Donation Time').fill('11:00');
      await page.getByLabel('Request Message').fill('Transfusion before surgery.');
      await page.getByRole('button', { name: 'Request Now' }).click();
    };
    await fill('2');
    await page.getByText('Your request has been sent').waitFor();
    // The same need again, for 2 more bags: not a second request, but 4 bags on the first.
    await fill('2');
    await page.getByRole('heading', { name: 'You already have an open request' }).waitFor();
    await page.getByRole('button', { name: 'Ask for 2 more bags there' }).click();
    await page.getByText('The open request now asks for 4 bags.').waitFor();
    await page.getByRole('heading', { name: 'AB- blood needed' }).waitFor();
    await page.getByText('0 of 4 donors found').waitFor();

    const mine = await page
      .context()
      .request.get(`/api/donation-request?email=${encodeURIComponent(requester.email)}`);
    const listed = (await mine.json()) as { recipientName: string; bags: number }[];
    expect(listed.filter((request) => request.recipientName === recipient)).toEqual([
      expect.objectContaining({ bags: 4 }),
    ]);
    await page.context().close();
  });
});

describe('closing a request of several bags (issue 27, decision 030)', () => {
  it('Done asks first, since every donor still coming is recorded as having donated', async () => {
    const stamp = Date.now().toString(36);
    const requester = await registerMember({ name: `Family ${stamp}` });
    const donor = await registerMember({ name: `Coming ${stamp}` });
    const recipient = `Surgery patient ${stamp}`;
    const family = await pageOf(requester, DESKTOP);
    const created = await family.context().request.post('/api/donation-request', {
      data: {
        recipientName: recipient,
        bloodGroup: 'O+',
        division: 'Khulna',
        district: 'Khulna',
        hospitalName: 'Khulna Medical College Hospital',
        fullAddress: 'KDA Avenue, Khulna',
        donationDate: tomorrow(),
        donationTime: '10:00',
        requestMessage: 'Two bags of red cells before surgery.',
        bags: 2,
        component: 'red_cells',
      },
      headers: { origin: baseUrl() },
    });
    const { insertedId } = (await created.json()) as { insertedId: string };
    const donorPage = await pageOf(donor, DESKTOP);
    const pledged = await donorPage.context().request.patch(`/api/donation-request/${insertedId}`, {
      data: { status: 'inprogress' },
      headers: { origin: baseUrl() },
    });
    expect(pledged.status()).toBe(200);

    await family.goto('/dashboard/my-donation-requests');
    const row = family.getByRole('row').filter({ hasText: recipient });
    await row.getByText('1 of 2 donors found').waitFor();
    await row.getByRole('button', { name: 'Done' }).click();
    await family.getByRole('heading', { name: 'Mark this request done?' }).waitFor();
    await family
      .getByText('1 donor still marked as coming will be recorded as having donated.', {
        exact: false,
      })
      .waitFor();
    await family.getByRole('button', { name: 'Go back' }).click();
    // Nothing changed: still in progress, its donor still coming.
    await row.getByText('In Progress').waitFor();
    await row.getByText('Coming', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Done' }).click();
    await family.getByRole('button', { name: 'Yes, mark it done' }).click();
    await family.getByText('Donation status has been done').waitFor();
    for (const page of [family, donorPage]) await page.context().close();
  });
});

describe('Share where the browser has the Web Share API (issue 27)', () => {
  it('hands the system sheet the request’s public facts and link, and opens no panel', async () => {
    const stamp = Date.now().toString(36);
    const requester = await registerMember({ name: `Family ${stamp}` });
    const recipient = `Shared patient ${stamp}`;
    const family = await pageOf(requester, PHONE);
    const created = await family.context().request.post('/api/donation-request', {
      data: {
        recipientName: recipient,
        bloodGroup: 'A-',
        division: 'Khulna',
        district: 'Jashore',
        hospitalName: 'Jashore General Hospital, call 01711-234567',
        fullAddress: 'Hospital Road, Jashore',
        donationDate: tomorrow(),
        donationTime: '12:00',
        requestMessage: 'Plasma for a burns patient.',
        bags: 2,
        component: 'plasma',
        urgency: 'urgent',
      },
      headers: { origin: baseUrl() },
    });
    const { insertedId } = (await created.json()) as { insertedId: string };
    await family.context().close();

    // A visitor's phone whose browser shares through the system sheet (headless Chromium has none).
    const page = await browser.newPage();
    await page.setViewportSize(PHONE);
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.assign(window, { shared });
      Object.defineProperty(navigator, 'share', {
        value: async (data: ShareData) => {
          shared.push(data);
        },
      });
    });
    await page.goto('/blood-donation-request?component=plasma');
    const card = page.locator('article').filter({ hasText: recipient });
    await card.getByRole('button', { name: `Share the request for ${recipient}` }).click();
    await page.waitForFunction(() => (window as unknown as { shared: unknown[] }).shared.length);
    const [data] = await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
    expect(data).toEqual({
      title: 'A- blood needed',
      text: expect.stringContaining(
        'A- blood needed: 2 bags of Plasma (Urgent) at Jashore General Hospital, call …, Jashore',
      ),
      url: `${baseUrl()}/blood-donation-request/${insertedId}`,
    });
    expect(JSON.stringify(data)).not.toMatch(/01711|@|Shared patient/);
    expect(await page.getByRole('group', { name: 'Ways to share this request' }).count()).toBe(0);
    await page.context().close();
  });
});
