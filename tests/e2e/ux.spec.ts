import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './browser.ts';
import { followRequests } from './changes-sent.ts';
import { type Member, PASSWORD, registerMember, signIn } from './fixtures.ts';

const browser = setupBrowser();

describe('return after login (SPEC §2)', () => {
  it('navbar Login on /search-donor: signing in lands back on /search-donor, not /', async () => {
    const member = await registerMember();
    const page = await browser.newPage();
    await page.goto('/search-donor');
    await page.getByRole('navigation').getByRole('link', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Donor Login' }).waitFor();
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText("You're now logged in").waitFor();
    await page.waitForURL((url) => url.pathname === '/search-donor');
    await page.context().close();
  });

  it('navbar Login, then Register: signing up lands back on /search-donor, not /', async () => {
    const page = await browser.newPage();
    await page.goto('/search-donor');
    await page.getByRole('navigation').getByRole('link', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Donor Login' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Register' }).click();
    await page.getByRole('heading', { name: 'Join as a Donor' }).waitFor();
    await page.getByLabel('Name').fill('Nusrat Jahan');
    await page.getByLabel('Email').fill(`back-${Date.now()}@example.org`);
    const png = await sharp({
      create: { width: 40, height: 40, channels: 3, background: '#c00' },
    })
      .png()
      .toBuffer();
    await page
      .getByLabel('Photo')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByLabel('Blood group').selectOption('B+');
    await page.getByLabel('Division').selectOption('Khulna');
    await page.getByLabel('District').selectOption('Jashore');
    await page.getByLabel('Upazila').selectOption('Jashore Sadar');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    // Issue 31: the privacy consent, its own box.
    await page
      .getByRole('checkbox', { name: 'I agree to the privacy notice, as follows:' })
      .check();
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Donor registered successfully').waitFor();
    await page.waitForURL((url) => url.pathname === '/search-donor');
    // Drawn signed in (the account menu) before the Login link is looked for.
    await page.getByRole('button', { name: /account menu/i }).waitFor();
    expect(await page.getByRole('link', { name: 'Login' }).count()).toBe(0);
    await page.context().close();
  });
});

/** Tomorrow as YYYY-MM-DD. */
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** A pending request of the signed-in page's member, made through the API; its id. */
async function createRequest(page: Page, fields: Record<string, string> = {}): Promise<string> {
  const res = await page.context().request.post('/api/donation-request', {
    data: {
      recipientName: `Patient ${Date.now().toString(36)}`,
      bloodGroup: 'A-',
      division: 'Khulna',
      district: 'Khulna',
      hospitalName: 'Khulna Medical College Hospital',
      fullAddress: 'KDA Avenue, Khulna',
      donationDate: tomorrow(),
      donationTime: '10:30',
      requestMessage: 'Two bags needed before surgery.',
      ...fields,
    },
  });
  if (!res.ok()) throw new Error(`create failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { insertedId: string }).insertedId;
}

async function signedInPage(member: Member): Promise<Page> {
  const page = await browser.newPage();
  await signIn(page.context(), member);
  return page;
}

/** Follows the PATCHes the page sends. */
const followPatches = (page: Page) => followRequests(page, (req) => req.method() === 'PATCH');

describe('double submits (regression: a double click sent two PATCHes, the second a 409)', () => {
  it('double-clicking Confirm in Donate Now and Done on My Donation Request sends one PATCH each', async () => {
    const requester = await registerMember();
    const donor = await registerMember();
    const pageA = await signedInPage(requester);
    const id = await createRequest(pageA);

    const pageB = await signedInPage(donor);
    const donorPatches = followPatches(pageB);
    await pageB.goto(`/blood-donation-request/${id}`);
    await pageB.getByRole('button', { name: 'Donate Now' }).click();
    const dialog = pageB.getByRole('dialog', {
      name: 'Please review your details before confirming',
    });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).dblclick();
    await pageB.getByText('Done, Blood donation request is now In Progress.').waitFor();
    await donorPatches.settled();
    expect(donorPatches.sent).toHaveLength(1);
    expect(await pageB.getByText('Something went wrong').count()).toBe(0);

    const requesterPatches = followPatches(pageA);
    await pageA.goto('/dashboard/my-donation-requests');
    const row = pageA.getByRole('row').filter({ hasText: donor.email });
    await row.getByRole('button', { name: 'Done' }).dblclick();
    await pageA.getByText('Donation status has been done').waitFor();
    await requesterPatches.settled();
    expect(requesterPatches.sent).toHaveLength(1);
    expect(await pageA.getByText('Something went wrong').count()).toBe(0);
    await pageA.context().close();
    await pageB.context().close();
  });
});

/**
 * WCAG contrast ratios of every address block's lines (the footer's, the Get in touch card's), from the computed styles. Colours go
 * through a canvas, which turns Tailwind's oklch() (and any alpha) into sRGB bytes.
 */
async function addressContrasts(page: Page) {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('no canvas');
    const paint = (color: string) => {
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 1, 1);
    };
    const backgroundOf = (el: Element): string[] => {
      const layers: string[] = [];
      for (let node: Element | null = el; node; node = node.parentElement) {
        const bg = getComputedStyle(node).backgroundColor;
        if (bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') layers.unshift(bg);
      }
      return ['#fff', ...layers];
    };
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const lin = (v: number) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const nodes = Array.from(document.querySelectorAll('address p, address span, address a'));
    return nodes.map((el) => {
      ctx.clearRect(0, 0, 1, 1);
      for (const layer of backgroundOf(el)) paint(layer);
      paint(getComputedStyle(el).color);
      const fg = Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3));
      ctx.clearRect(0, 0, 1, 1);
      for (const layer of backgroundOf(el)) paint(layer);
      const bg = Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3));
      const [one, two] = [luminance(fg), luminance(bg)];
      const [hi, lo] = [Math.max(one, two), Math.min(one, two)];
      return { text: el.textContent?.slice(0, 30), ratio: (hi + 0.05) / (lo + 0.05) };
    });
  });
}

describe('colour contrast (regression: the address and phone lines on / failed WCAG AA)', () => {
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    it(`the address, phone and email lines on / reach 4.5:1 at ${size.width}px`, async () => {
      const page = await browser.newPage();
      await page.setViewportSize(size);
      await page.goto('/');
      await page.locator('footer address').waitFor();
      await page.locator('#contact-title').scrollIntoViewIfNeeded();
      const found = await addressContrasts(page);
      expect(found.length).toBeGreaterThan(6);
      expect(found.filter((node) => node.ratio < 4.5)).toEqual([]);
      await page.context().close();
    });
  }
});

describe('small ones (sibling issue)', () => {
  it('Donate Now opens with the focus on its first action, not on a read-only field, and closes on Escape', async () => {
    const requester = await registerMember();
    const donor = await registerMember();
    const id = await createRequest(await signedInPage(requester));
    const page = await signedInPage(donor);
    await page.goto(`/blood-donation-request/${id}`);
    await page.getByRole('button', { name: 'Donate Now' }).click();
    await page.getByRole('dialog').waitFor();
    const focused = await page.evaluate(() => ({
      tag: document.activeElement?.tagName,
      text: document.activeElement?.textContent,
    }));
    expect(focused).toEqual({ tag: 'BUTTON', text: 'Close' });
    // Escape closes it through the dialog's close event, which the page hears: it opens again.
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Donate Now' }).click();
    await page.getByRole('dialog').waitFor();
    await page.context().close();
  });

  it('signing out on a dashboard page lands on the home page with the signed-out message', async () => {
    const member = await registerMember();
    const page = await signedInPage(member);
    await page.goto('/dashboard/profile');
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'SignOut' }).click();
    await page.getByText('You’ve been signed out. Have a great day').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    // Drawn signed out (the Login link) before the login form is looked for. By their markup:
    // the signed-out dialog hides the rest of the page from role queries while it shows.
    await page.locator('header a[href="/login"]').waitFor({ state: 'attached' });
    expect(await page.locator('h1', { hasText: 'Donor Login' }).count()).toBe(0);
    await page.context().close();
  });
});

describe('the dashboard frame (issue 17, item 3)', () => {
  it('a phone has one menu button; it opens the dashboard menu with the site links and the account', async () => {
    const member = await registerMember();
    const page = await signedInPage(member);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard/profile');
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    const menuButtons = page.getByRole('button', { name: /menu/i });
    const names = await menuButtons.evaluateAll((buttons) =>
      buttons.map((button) => button.getAttribute('aria-label') ?? button.textContent),
    );
    expect(names).toEqual(['Open menu']);

    await menuButtons.click();
    const drawer = page.getByRole('dialog', { name: 'RedHope Dashboard' });
    for (const name of ['Profile', 'My Donation Request', 'Home', 'Search Donor', 'Blogs']) {
      expect(await drawer.getByRole('link', { name, exact: true }).count()).toBe(1);
    }
    expect(await drawer.getByRole('button', { name: /Account menu/ }).count()).toBe(1);
    await drawer.getByRole('link', { name: 'My Donation Request' }).click();
    await page.getByRole('heading', { name: 'My Donation Request' }).waitFor();
    expect(await drawer.count()).toBe(0);
    await page.context().close();
  });

  it('at 1280 px the sidebar starts where the navbar does, and selects are as tall as inputs', async () => {
    const member = await registerMember();
    const page = await signedInPage(member);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard/create-donation-request');
    await page.getByRole('heading', { name: 'Create Donation Request' }).waitFor();
    const left = async (selector: string) =>
      (await page.locator(selector).first().boundingBox())?.x ?? Number.NaN;
    expect(await left('nav[aria-label="Dashboard"]')).toBe(await left('header nav > a'));

    const heights = await page
      .locator('main form')
      .locator('input:not([type="checkbox"]):not([type="radio"]), select')
      .evaluateAll((fields) => fields.map((field) => field.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(8);
    expect(new Set(heights)).toEqual(new Set([heights[0]]));
    await page.context().close();
  });
});
