import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { baseUrl, setupBrowser } from './browser.ts';
import { PASSWORD, registerMember } from './fixtures.ts';

const browser = setupBrowser();

const photo = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();

/** One visitor upload from this machine's address (the browser's too), as a script would send. */
async function uploadAsVisitor(bytes: Buffer) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'flood.png');
  const res = await fetch(`${baseUrl()}/api/images`, {
    method: 'POST',
    body: form,
    headers: { origin: baseUrl() },
  });
  const body = (await res.json()) as { data?: { display_url: string } };
  return { status: res.status, url: body.data?.display_url };
}

async function fillRegistration(page: Page, email: string, bytes: Buffer) {
  await page.goto('/register');
  await page.getByRole('heading', { name: 'Join as a Donor' }).waitFor();
  await page.getByLabel('Name').fill('Tanvir Hasan');
  await page.getByLabel('Email').fill(email);
  await page
    .getByLabel('Photo')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: bytes });
  await page.getByLabel('Blood group').selectOption('A+');
  await page.getByLabel('Division').selectOption('Khulna');
  await page.getByLabel('District').selectOption('Khulna');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('checkbox', { name: 'I agree to the privacy notice, as follows:' }).check();
}

describe('registering behind a flooded address', () => {
  // Issue 17: the refusal said "Image upload failed. Please try again.", and trying again could
  // not work for an hour. It now says what happened and when to try again.
  it('says why the photo was refused and when to try again, and registers once photos are used', async () => {
    const bytes = await photo();
    // Photos uploaded from this address that no registration uses, until the server refuses.
    const waiting: string[] = [];
    let refused = false;
    for (let n = 0; n < 30 && !refused; n++) {
      const res = await uploadAsVisitor(bytes);
      if (res.status === 429) refused = true;
      else if (res.url) waiting.push(res.url);
    }
    expect(refused).toBe(true);
    expect(waiting.length).toBeGreaterThan(0);

    const page = await browser.newPage();
    await fillRegistration(page, `drive-${Date.now()}@example.org`, bytes);
    await page.getByRole('button', { name: 'Register' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Something went wrong').waitFor();
    const text = await dialog.innerText();
    expect(text).toMatch(
      /photos have been uploaded from your network in the last hour without a registration using them\. Please try again in (\d+ minutes?|1 hour)\./,
    );
    expect(text).not.toContain('Image upload failed. Please try again.');
    await dialog.getByRole('button', { name: 'OK' }).click();
    expect(page.url()).toContain('/register');

    // Registrations use the waiting photos (this also leaves the address clean for other specs);
    // the same form, sent again, then goes through.
    for (const image of waiting) await registerMember({ image });
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Donor registered successfully').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  it('sends a registration that failed (a taken email) again with the photo it already uploaded', async () => {
    const taken = await registerMember();
    const page = await browser.newPage();
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/images') {
        uploads.push(request.url());
      }
    });
    await fillRegistration(page, taken.email, await photo());
    await page.getByRole('button', { name: 'Register' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/already exists/i).waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByLabel('Email').fill(`second-try-${Date.now()}@example.org`);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Donor registered successfully').waitFor();
    // One upload: the retry used the photo the first attempt stored, which now is claimed.
    expect(uploads).toHaveLength(1);
    await page.context().close();
  });
});
