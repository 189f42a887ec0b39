import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { displayBdMobile } from '../../common/phone.rules.ts';
import { axeViolations } from './axe.ts';
import { baseUrl, setupBrowser } from './browser.ts';
import { type Member, registerMember, signIn } from './fixtures.ts';
import { DESKTOP, layoutProblems, PHONE } from './layout-check.ts';
import { dataDir } from './site.ts';

// Issue 28, items 2 and 3 in the browser: on a pledge, the donor and the family each see the
// other's number written out, with Call (tel:) and SMS (sms:) links, on a 390 px phone (the
// request's page, and the family's My Donation Request row, whose Contact asks only when
// pressed); staff see them at 1280 px only through the audited view, giving a reason; a
// withdrawal hides them again.

const browser = setupBrowser();

/** Tomorrow as YYYY-MM-DD. */
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** A fresh mobile number in the stored form. */
const freshNumber = () =>
  `+8801${3 + Math.floor(Math.random() * 7)}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** The e2e server's database, for what no screen or endpoint may set (SMS codes, roles). */
function database() {
  const db = new BetterSqlite3(path.join(dataDir(), 'redhope.sqlite'));
  db.pragma('busy_timeout = 5000');
  return db;
}

/**
 * A number verified on `member`, written straight into the e2e server's database: the e2e server
 * sends no SMS (no SMS_URL), so no code could arrive; server/features/sms/sms.test.ts shows the
 * code's way through a real SMPP gateway.
 */
function verifiedNumber(member: Member) {
  const phone = freshNumber();
  const db = database();
  const at = new Date().toISOString();
  db.prepare(
    'insert into userPhone (userId, phone, verifiedAt, smsAlerts, nightAlerts, updatedAt) values (?, ?, ?, 0, 0, ?)',
  ).run(member.id, phone, at, at);
  db.close();
  return phone;
}

async function pageOf(member: Member): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewportSize(PHONE);
  await signIn(page.context(), member);
  return page;
}

const problemsOf = async (page: Page) => [
  ...(await layoutProblems(page)),
  ...(await axeViolations(page)),
];

describe('the hand-off on a pledge (issue 28)', () => {
  it('donor and family see each other’s number with Call and SMS on a 390 px phone (page and row), staff only by asking, until a withdrawal', async () => {
    const stamp = Date.now().toString(36);
    const requester = await registerMember({ name: `Family ${stamp}` });
    const donor = await registerMember({ name: `Donor ${stamp}`, bloodGroup: 'B+' });
    const familyNumber = verifiedNumber(requester);
    const donorNumber = verifiedNumber(donor);

    // The family posts with its own verified number as the contact (verified at once).
    const family = await pageOf(requester);
    const made = await family.context().request.post('/api/donation-request', {
      headers: { origin: baseUrl() },
      data: {
        recipientName: `Surgery patient ${stamp}`,
        bloodGroup: 'B+',
        division: 'Khulna',
        district: 'Khulna',
        hospitalName: 'Khulna Medical College Hospital',
        fullAddress: 'KDA Avenue, Khulna',
        donationDate: tomorrow(),
        donationTime: '10:00',
        requestMessage: 'Two bags before surgery.',
        bags: 2,
        contactPhone: displayBdMobile(familyNumber),
      },
    });
    expect(made.status()).toBe(201);
    const { insertedId: id } = (await made.json()) as { insertedId: string };

    const giver = await pageOf(donor);
    const pledged = await giver.context().request.patch(`/api/donation-request/${id}`, {
      headers: { origin: baseUrl() },
      data: { status: 'inprogress' },
    });
    expect(pledged.status()).toBe(200);

    // The donor's pledge view: the family's number, written out, with Call and SMS.
    await giver.goto(`/blood-donation-request/${id}`);
    const panel = giver.getByRole('region', { name: 'Contact for the hand-off' });
    const written = displayBdMobile(familyNumber);
    await panel.getByText(written).waitFor();
    const call = panel.getByRole('link', { name: `Call ${requester.name} on ${written}` });
    expect(await call.getAttribute('href')).toBe(`tel:${familyNumber}`);
    const sms = panel.getByRole('link', { name: `Send an SMS to ${requester.name} at ${written}` });
    expect(await sms.getAttribute('href')).toBe(`sms:${familyNumber}`);
    // Reached by the keyboard, and laid out within the phone's width.
    await call.focus();
    expect(await call.evaluate((element) => element === document.activeElement)).toBe(true);
    const box = await call.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    expect(await problemsOf(giver)).toEqual([]);

    // The family's side: the donor's number, with Call.
    await family.goto(`/blood-donation-request/${id}`);
    const theirs = family.getByRole('region', { name: 'Contact for the hand-off' });
    const donorWritten = displayBdMobile(donorNumber);
    const callDonor = theirs.getByRole('link', { name: `Call ${donor.name} on ${donorWritten}` });
    expect(await callDonor.getAttribute('href')).toBe(`tel:${donorNumber}`);
    expect(await problemsOf(family)).toEqual([]);

    // My Donation Request on the phone: the row's Contact asks for the numbers only when pressed.
    const contactsPath = `/api/donation-request/${id}/contacts`;
    let asked = 0;
    family.on('request', (sent) => {
      if (new URL(sent.url()).pathname === contactsPath) asked += 1;
    });
    await family.goto('/dashboard/my-donation-requests');
    const recipient = `Surgery patient ${stamp}`;
    const contact = family.getByRole('button', { name: `Contact the donors for ${recipient}` });
    await contact.waitFor();
    expect(asked).toBe(0);
    expect(await family.getByText(donorWritten).count()).toBe(0);
    await contact.click();
    const rowDialog = family.getByRole('dialog', { name: `Donors for ${recipient}` });
    const rowCall = rowDialog.getByRole('link', { name: `Call ${donor.name} on ${donorWritten}` });
    expect(await rowCall.getAttribute('href')).toBe(`tel:${donorNumber}`);
    expect(asked).toBe(1);
    expect(await problemsOf(family)).toEqual([]);
    await family.keyboard.press('Escape');
    await rowDialog.waitFor({ state: 'hidden' });
    expect(await contact.evaluate((element) => element === document.activeElement)).toBe(true);

    // A volunteer at 1280 px: no number until they ask with a reason (at least 10 characters).
    const volunteer = await registerMember({ name: `Volunteer ${stamp}` });
    const db = database();
    db.prepare(`update "user" set role = 'volunteer' where id = ?`).run(volunteer.id);
    db.close();
    const staff = await browser.newPage();
    await staff.setViewportSize(DESKTOP);
    await signIn(staff.context(), volunteer);
    await staff.goto(`/blood-donation-request/${id}`);
    const see = staff.getByRole('button', { name: 'See contact numbers' });
    await see.click();
    expect(await staff.getByText(written).count()).toBe(0);
    const ask = staff.getByRole('dialog', { name: 'See this request’s contact numbers' });
    const reason = ask.getByRole('textbox', { name: 'Why do you need the numbers?' });
    await reason.fill('to check');
    const show = ask.getByRole('button', { name: 'Show the numbers' });
    await show.press('Enter');
    await ask
      .getByText('Please say why you need to see these numbers (at least 10 characters).')
      .waitFor();
    expect(await reason.getAttribute('aria-invalid')).toBe('true');
    await reason.fill('The family says a donor does not answer their calls.');
    await show.press('Enter');
    const seen = staff.getByRole('region', { name: 'Contact numbers (staff view)' });
    const staffCall = seen.getByRole('link', { name: `Call ${requester.name} on ${written}` });
    expect(await staffCall.getAttribute('href')).toBe(`tel:${familyNumber}`);
    const donorCall = seen.getByRole('link', { name: `Call ${donor.name} on ${donorWritten}` });
    expect(await donorCall.getAttribute('href')).toBe(`tel:${donorNumber}`);
    // The screen reader is taken to the numbers.
    expect(
      await seen
        .getByRole('heading', { name: 'Contact numbers (staff view)' })
        .evaluate((element) => element === document.activeElement),
    ).toBe(true);
    expect(await problemsOf(staff)).toEqual([]);
    await staff.context().close();

    // The donor withdraws: the number is hidden again on both sides.
    const withdrawn = await giver.context().request.post(`/api/donation-request/${id}/withdraw`, {
      headers: { origin: baseUrl() },
      data: { reason: 'I fell ill' },
    });
    expect(withdrawn.status()).toBe(200);
    await giver.reload();
    await giver.getByRole('heading', { name: 'B+ blood needed' }).waitFor();
    expect(await giver.getByText(written).count()).toBe(0);
    expect(await giver.locator(`a[href="tel:${familyNumber}"]`).count()).toBe(0);
    expect(await giver.getByRole('region', { name: 'Contact for the hand-off' }).count()).toBe(0);
    await family.goto(`/blood-donation-request/${id}`);
    await family.getByText('No donor has pledged a bag yet.').waitFor();
    expect(await family.getByText(donorWritten).count()).toBe(0);

    for (const page of [family, giver]) await page.context().close();
  });
});
