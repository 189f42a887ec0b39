import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayInDhaka } from '../../common/dhaka-date.ts';
import { setupBrowser } from './browser.ts';
import { followRequests, isApiChange } from './changes-sent.ts';
import { callApi, type Member, promoteToAdmin, registerMember, signIn } from './fixtures.ts';

// Issue 11 item 2: every mutating action, double-clicked (and its confirmation double-clicked),
// sends one request and says it worked; an answer that the change has already happened (a
// second tab) is a success too. One admin and requester for the whole file; a new giver for each
// test, as a donor who has given rests before giving again (issue 30 item 6).

const browser = setupBrowser();
let admin: Member;
let requester: Member;

/** A donor who has not given yet. */
const newGiver = () => registerMember({ name: 'Gazi Giver' });

beforeAll(async () => {
  [admin, requester] = await Promise.all([
    registerMember({ name: 'Dilara Admin' }),
    registerMember({ name: 'Rafiq Requester' }),
  ]);
  await promoteToAdmin(admin.email);
});

async function pageOf(member: Member): Promise<Page> {
  const page = await browser.newPage();
  await signIn(page.context(), member);
  return page;
}

let serial = 0;

/** A request of the page's member; with `donor`, that member has donated to it already. */
async function requestOf(page: Page, donor?: Page): Promise<{ id: string; recipient: string }> {
  serial += 1;
  const recipient = `Patient ${serial} ${Date.now().toString(36)}`;
  const { insertedId } = await callApi(page, 'POST', '/api/donation-request', {
    recipientName: recipient,
    bloodGroup: 'B+',
    division: 'Khulna',
    district: 'Khulna',
    hospitalName: 'Khulna Medical College Hospital',
    fullAddress: 'KDA Avenue, Khulna',
    donationDate: todayInDhaka(),
    donationTime: '23:30',
    requestMessage: 'Two bags needed.',
  });
  const id = insertedId as string;
  if (donor) {
    await callApi(donor, 'PATCH', `/api/donation-request/${id}`, { status: 'inprogress' });
  }
  return { id, recipient };
}

/**
 * Double-clicks `button`, then (when asked) double-clicks the confirmation's `confirm` button;
 * waits for `success` and for every change sent to be answered, so a stray second request is
 * seen. Answers what was sent.
 */
async function doubleClick(
  page: Page,
  button: Locator,
  { confirm, success }: { confirm?: string; success: string },
): Promise<string[]> {
  const changes = followRequests(page, isApiChange);
  await button.dblclick();
  if (confirm) {
    const yes = page.locator('.swal2-popup').getByRole('button', { name: confirm, exact: true });
    await yes.waitFor();
    await yes.dblclick();
  }
  await page.getByText(success).first().waitFor();
  await changes.settled();
  expect(await page.getByText('Something went wrong').count()).toBe(0);
  // The success message closes on Escape, out of the next action's way.
  await page.keyboard.press('Escape');
  await page.locator('.swal2-container').waitFor({ state: 'detached' });
  changes.stop();
  return changes.sent;
}

describe('a double click sends one request and says it worked (issue 11)', () => {
  it('the requester: create, edit, cancel and delete a request; save the profile; mark as donated', async () => {
    const page = await pageOf(requester);
    const giverPage = await pageOf(await newGiver());

    await page.goto('/dashboard/create-donation-request');
    await page.getByLabel('Recipient Name').fill('Salma Begum');
    await page.getByLabel('Blood Group').selectOption('A-');
    await page.getByLabel('Division').selectOption('Khulna');
    await page.getByLabel('District').selectOption('Khulna');
    await page.getByLabel('Hospital Name').fill('Khulna Medical College Hospital');
    await page.getByLabel('Full Address').fill('KDA Avenue, Khulna');
    await page.getByLabel('Donation Date').fill(todayInDhaka());
    await page.getByLabel('Donation Time').fill('23:45');
    await page.getByLabel('Request Message').fill('Two bags needed before surgery.');
    expect(
      await doubleClick(page, page.getByRole('button', { name: 'Request Now' }), {
        success: 'Your request has been sent',
      }),
    ).toEqual(['POST /api/donation-request']);

    const pending = await requestOf(page);
    const doomed = await requestOf(page);
    const accepted = await requestOf(page, giverPage);
    await page.goto('/dashboard/my-donation-requests');
    const row = (recipient: string) => page.getByRole('row').filter({ hasText: recipient });

    await row(pending.recipient).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Donation Request' });
    await dialog.getByLabel('Hospital Name').fill('Khulna Sadar Hospital');
    expect(
      await doubleClick(page, dialog.getByRole('button', { name: 'Save Changes' }), {
        success: 'Your request has been updated',
      }),
    ).toEqual([`PATCH /api/donation-request/${pending.id}`]);

    expect(
      await doubleClick(page, row(accepted.recipient).getByRole('button', { name: 'Cancel' }), {
        success: 'Donation status has been Canceled',
      }),
    ).toEqual([`PATCH /api/donation-request/${accepted.id}`]);

    expect(
      await doubleClick(page, row(doomed.recipient).getByRole('button', { name: 'Delete' }), {
        confirm: 'Yes, delete it',
        success: 'Donation request has been delete now',
      }),
    ).toEqual([`DELETE /api/donation-request/all/${doomed.id}`]);

    await page.goto('/dashboard/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Rafiq Requester Uddin');
    expect(
      await doubleClick(page, page.getByRole('button', { name: 'Save Changes' }), {
        success: 'Profile updated successfully',
      }),
    ).toEqual([`PATCH /api/users/${requester.id}`]);

    expect(
      await doubleClick(page, page.getByRole('button', { name: 'Mark As Donated' }), {
        confirm: 'Mark As Donated',
        success: 'Marked as donated successfully',
      }),
    ).toEqual([`PATCH /api/users/donor/${requester.id}`]);
    await page.context().close();
    await giverPage.context().close();
  });

  it('the admin: volunteer, admin, block, unblock and delete a user; done on All Donation Request', async () => {
    const [promoted, blocked, deleted] = await Promise.all([
      registerMember(),
      registerMember(),
      registerMember(),
    ]);
    const page = await pageOf(admin);
    await page.goto('/dashboard/allUsers');
    const row = (member: Member) => page.getByRole('row').filter({ hasText: member.email });
    const button = (member: Member, name: RegExp) => row(member).getByRole('button', { name });
    const cases: [Member, RegExp, string, string, string][] = [
      [
        promoted,
        /^Make .* a volunteer/,
        'Yes, make volunteer',
        'This Donor is now On Volunteer',
        `volunteer/${promoted.id}`,
      ],
      [
        promoted,
        /^Make .* an admin/,
        'Yes, make admin',
        'This Donor is now On Admin',
        `admin/${promoted.id}`,
      ],
      [blocked, /^Block/, 'Yes, block', 'This user has been blocked', `block/${blocked.id}`],
      [
        blocked,
        /^Unblock/,
        'Yes, unblock',
        'This user has been Active Again',
        `unblock/${blocked.id}`,
      ],
      [deleted, /^Delete/, 'Yes, delete', 'User has been deleted.', deleted.id],
    ];
    for (const [member, name, confirm, success, path] of cases) {
      const sent = await doubleClick(page, button(member, name), { confirm, success });
      expect(sent).toEqual([`${path === deleted.id ? 'DELETE' : 'PATCH'} /api/users/${path}`]);
    }

    const requesterPage = await pageOf(requester);
    const giverPage = await pageOf(await newGiver());
    const accepted = await requestOf(requesterPage, giverPage);
    await page.goto('/dashboard/all-donation-requests');
    const requestRow = page.getByRole('row').filter({ hasText: accepted.recipient });
    expect(
      await doubleClick(page, requestRow.getByRole('button', { name: 'Done' }), {
        success: 'Donation status has been done',
      }),
    ).toEqual([`PATCH /api/donation-request/${accepted.id}`]);
    await Promise.all([page, requesterPage, giverPage].map((p) => p.context().close()));
  });

  it('the admin: publish, unpublish and delete a blog; mark a contact message handled', async () => {
    const page = await pageOf(admin);
    const title = `Thalassemia and you ${Date.now().toString(36)}`;
    const { insertedId: blogId } = await callApi(page, 'POST', '/api/blogs', {
      title,
      image: '/api/images/0190a0a0-0000-7000-8000-000000000000.webp',
      content: 'Regular transfusions keep thalassemia patients alive.',
    });
    await page.goto('/dashboard/content-management');
    const actions = page.getByRole('group', { name: `Actions for the blog ${title}` });
    const blogPath = `PATCH /api/blogs/${blogId}`;
    expect(
      await doubleClick(page, actions.getByRole('button', { name: 'Publish' }), {
        success: 'Blog has been published now',
      }),
    ).toEqual([blogPath]);
    expect(
      await doubleClick(page, actions.getByRole('button', { name: 'UnPublish' }), {
        success: 'Blog has been draft now',
      }),
    ).toEqual([blogPath]);
    expect(
      await doubleClick(page, actions.getByRole('button', { name: 'Delete' }), {
        confirm: 'Yes, delete it',
        success: 'Blog has been delete now',
      }),
    ).toEqual([`DELETE /api/blogs/${blogId}`]);

    const writer = `Nasima Writer ${Date.now().toString(36)}`;
    await callApi(page, 'POST', '/api/contacts', {
      name: writer,
      email: 'nasima@example.org',
      phone: '01712345678',
      message: 'Can our college club run a donation camp with you?',
    });
    await page.goto('/dashboard/contact-messages');
    await page.getByRole('button', { name: `Open the message from ${writer}` }).click();
    const sent = await doubleClick(
      page,
      page.getByRole('dialog').getByRole('button', { name: 'Mark handled' }),
      { success: 'Marked as handled' },
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^PATCH \/api\/contacts\/[0-9a-f-]{36}$/);
    await page.context().close();
  });

  it('signing out, double-clicked, sends one request', async () => {
    const member = await registerMember();
    const page = await pageOf(member);
    await page.goto('/dashboard/profile');
    await page.getByRole('button', { name: /Account menu/ }).click();
    const sent = await doubleClick(page, page.getByRole('menuitem', { name: 'SignOut' }), {
      success: 'You’ve been signed out',
    });
    expect(sent).toEqual(['POST /api/auth/sign-out']);
    await page.context().close();
  });
});

describe('an answer that the change has already happened is a success (issue 11)', () => {
  it('Confirm in a second tab after donating in the first says you already accepted it', async () => {
    const requesterPage = await pageOf(requester);
    const { id } = await requestOf(requesterPage);
    const first = await pageOf(await newGiver());
    const second = await first.context().newPage();
    for (const tab of [first, second]) {
      await tab.goto(`/blood-donation-request/${id}`);
      await tab.getByRole('button', { name: 'Donate Now' }).click();
    }
    await first.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await first.getByText('Done, Blood donation request is now In Progress.').waitFor();
    await second.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await second.getByText('You have already accepted this request').waitFor();
    expect(await second.getByText('Something went wrong').count()).toBe(0);
    await requesterPage.context().close();
    await first.context().close();
  });

  it('Done and Delete in a stale tab, after the first tab did them, say they are done', async () => {
    const giverPage = await pageOf(await newGiver());
    const first = await pageOf(requester);
    const accepted = await requestOf(first, giverPage);
    const doomed = await requestOf(first);
    const second = await first.context().newPage();
    for (const tab of [first, second]) {
      await tab.goto('/dashboard/my-donation-requests');
      await tab.getByRole('row').filter({ hasText: doomed.recipient }).waitFor();
    }
    const rowIn = (tab: Page, recipient: string) =>
      tab.getByRole('row').filter({ hasText: recipient });

    await rowIn(first, accepted.recipient).getByRole('button', { name: 'Done' }).click();
    await first.getByText('Donation status has been done').waitFor();
    await first.keyboard.press('Escape');
    await rowIn(second, accepted.recipient).getByRole('button', { name: 'Done' }).click();
    await second.getByText('Donation status has been done').waitFor();
    expect(await second.getByText('Something went wrong').count()).toBe(0);
    await second.keyboard.press('Escape');

    await rowIn(first, doomed.recipient).getByRole('button', { name: 'Delete' }).click();
    await first.getByRole('button', { name: 'Yes, delete it' }).click();
    await first.getByText('Donation request has been delete now').waitFor();
    await rowIn(second, doomed.recipient).getByRole('button', { name: 'Delete' }).click();
    await second.getByRole('button', { name: 'Yes, delete it' }).click();
    await second.getByText('Donation request has been delete now').waitFor();
    expect(await second.getByText('Something went wrong').count()).toBe(0);
    await first.context().close();
    await giverPage.context().close();
  });
});
