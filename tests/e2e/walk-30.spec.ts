import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, setupBrowser } from './browser.ts';
import {
  callApi,
  type Member,
  promoteToAdmin,
  registerMember,
  reloadInBangla,
  signIn,
} from './fixtures.ts';
import { holdAppCode } from './hold-app-code.ts';
import { DESKTOP, PHONE } from './layout-check.ts';

// Issue 30, what the acceptance walk found: each at the size (and in the language) where it
// happens. Items 1, 2, 3, 4, 6, 8, 9, 10, 11, 12, 14, 15, 16 and 18 here; item 13 in stale-tab.spec.ts;
// item 17 (emails and SMS in Bangla) in server/features/notifications/email.test.ts and sms.test.ts,
// its share previews in server/features/share/share-previews.test.ts.

const browser = setupBrowser();

type Size = { width: number; height: number };

async function pageFor(member: Member | null, size: Size): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewportSize(size);
  if (member) await signIn(page.context(), member);
  return page;
}

const call = callApi;

/** An admin (with the second factor every admin needs) and a page signed in as them. */
async function adminAt(size: Size) {
  const admin = await registerMember();
  await promoteToAdmin(admin.email);
  return { admin, page: await pageFor(admin, size) };
}

/** The date in Dhaka `days` from now, as YYYY-MM-DD. */
const dhakaDate = (days: number) =>
  new Date(Date.now() + 6 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

const requestFields = (
  recipientName: string,
  place = { division: 'Khulna', district: 'Khulna' },
) => ({
  recipientName,
  bloodGroup: 'AB-',
  ...place,
  hospitalName: 'Khulna Medical College Hospital',
  fullAddress: 'KDA Avenue, Khulna',
  donationDate: dhakaDate(2),
  donationTime: '10:30',
  requestMessage: 'Needed before surgery.',
});

/**
 * Gives the page `window.rgbOf`: the sRGB of any CSS colour (Tailwind's are oklch), through a
 * canvas, as the screen shows it.
 */
async function addRgbOf(page: Page): Promise<void> {
  await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    (window as unknown as { rgbOf: (color: string) => number[] }).rgbOf = (color) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
    };
  });
}

type WithRgb = { rgbOf: (color: string) => number[] };

/** WCAG contrast of the element's text colour on its background colour. */
async function contrastOf(page: Page, locator: ReturnType<Page['locator']>): Promise<number> {
  await addRgbOf(page);
  const [fg, bg] = await locator.evaluate((element) => {
    const { rgbOf } = window as unknown as WithRgb;
    const style = getComputedStyle(element);
    return [rgbOf(style.color), rgbOf(style.backgroundColor)];
  });
  const luminance = (rgb: number[]) => {
    const [r, g, b] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(fg), luminance(bg)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('the signed-in phone header (item 2)', () => {
  for (const lang of ['en', 'bn'] as const) {
    it(`is one row at 390 px, as a visitor's is (${lang})`, async () => {
      const visitor = await pageFor(null, PHONE);
      await visitor.goto(`/?lang=${lang}`);
      await visitor.locator('header nav').waitFor();
      const visitorHeight = await visitor
        .locator('header')
        .evaluate((h) => h.getBoundingClientRect().height);
      await visitor.context().close();

      const member = await registerMember();
      const page = await pageFor(member, PHONE);
      for (const path of ['/', '/dashboard']) {
        await page.goto(`${path}?lang=${lang}`);
        // Signed in: the bell is there (its name in either language starts the same way).
        await page.locator('header a[href="/dashboard/notifications"]').first().waitFor();
        const height = await page
          .locator('header')
          .evaluate((h) => h.getBoundingClientRect().height);
        expect(height, `${path} header height`).toBe(visitorHeight);
        // Brand, bell, language and menu button share one row.
        const tops = await page.locator('header nav > *:visible').evaluateAll((items) =>
          items.map((item) => {
            const box = item.getBoundingClientRect();
            return box.top + box.height / 2;
          }),
        );
        expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(4);
      }
      await page.context().close();
    });
  }
});

/**
 * Bangla text the page drew in boxes (this Chromium has no Bengali font of its own): each text
 * node with Bengali letters, measured where it stands, against the same text drawn afresh in our
 * font at the same size and weight. Boxes are wider or narrower than letters by far.
 */
function boxedBangla(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bengali = /[\u0980-\u09FF]/;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const boxed: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (!parent || !bengali.test(text) || parent.getClientRects().length === 0) continue;
      if (parent.closest('.sr-only, [hidden], option, title')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const drawn = range.getBoundingClientRect().width;
      if (drawn === 0) continue;
      const style = getComputedStyle(parent);
      const probe = document.createElement('span');
      probe.textContent = text;
      probe.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font-size:${style.fontSize};font-weight:${style.fontWeight};letter-spacing:${style.letterSpacing};text-transform:${style.textTransform};font-family:${style.fontFamily}`;
      document.body.append(probe);
      const fresh = probe.getBoundingClientRect().width;
      probe.remove();
      // Only single lines compare (a wrapped text's box is its widest line).
      if (range.getClientRects().length === 1 && Math.abs(drawn - fresh) > fresh * 0.05) {
        boxed.push(
          `${parent.tagName} "${text.trim().slice(0, 30)}" ${drawn.toFixed(0)} vs ${fresh.toFixed(0)}`,
        );
      }
    }
    return boxed;
  });
}

describe('a slow network, first visit (item 3)', () => {
  it('draws a dashboard link at once: the navigation and what it waits for, in its language; early taps on links work', async () => {
    const page = await pageFor(null, PHONE);
    // The app's code held back, as on Slow 3G (20 s there), until the page as sent is checked.
    const release = await holdAppCode(page);
    // 'commit': the load event itself waits for the held scripts.
    await page.goto('/dashboard?lang=bn', { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'পেজটি লোড হচ্ছে…', level: 1 }).waitFor();
    await page.getByText('RedHope অ্যাপটি আসার অপেক্ষা চলছে', { exact: false }).waitFor();

    await page.goto('/dashboard/my-donation-requests', { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'Loading this page…', level: 1 }).waitFor();
    expect(await page.locator('header nav').getByRole('link', { name: 'RedHope' }).count()).toBe(1);
    // A tap before any script has run is a real link, not lost: it opens the (prerendered) page.
    const meanwhile = page.getByRole('navigation', {
      name: 'Meanwhile, these pages open at once:',
    });
    await meanwhile.getByRole('link', { name: 'Search donor' }).click();
    await page.waitForURL('**/search-donor', { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'Search donor', level: 1 }).waitFor();

    // Once the code is here the app draws the page over the loading state (a visitor: sign in).
    release();
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    // The login form drawn, then the loading state looked for: it must be gone, not yet there.
    await page.getByRole('heading', { name: 'Donor Login' }).waitFor();
    expect(await page.getByText('Loading this page…').count()).toBe(0);
    await page.context().close();
  });
});

describe('Bangla letters on a device without a Bengali font (item 4)', () => {
  it('draws the বাংলা switch of an English page in our font, fetching no font file', async () => {
    const page = await pageFor(null, PHONE);
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(request.url());
    });
    await page.goto('/');
    const label = page.getByRole('button', { name: 'বাংলা' });
    await label.waitFor();
    await page.evaluate(() => document.fonts.ready);
    const drawnWith = await label.evaluate(async (element) => {
      const family = getComputedStyle(element).fontFamily;
      const faces = [...document.fonts].filter((f) => f.status === 'loaded');
      return { family, loaded: faces.map((f) => f.family) };
    });
    // The first family of the label is ours, and it is loaded (not a system font that may not be
    // there, which drew boxes).
    const first = drawnWith.family.split(',')[0]?.trim().replaceAll('"', '');
    expect(drawnWith.loaded.map((f) => f.replaceAll('"', ''))).toContain(first);
    expect(first).toMatch(/RedHope Bangla/);
    // An English page downloads no font file for it: the four letters come with the stylesheet.
    expect(fonts).toEqual([]);
    await page.context().close();
  });

  it('draws a bold Bangla name on an English page in letters, not boxes (1280 px)', async () => {
    const member = await registerMember({ name: 'রহিম উদ্দিন আহমেদ' });
    const page = await pageFor(member, DESKTOP);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    await page.evaluate(() => document.fonts.ready);
    // The fonts come after the first layout; give them a moment to be drawn with.
    await page.waitForTimeout(1000);
    expect(await boxedBangla(page)).toEqual([]);
    await page.context().close();
  });

  it('has a face of our font for every weight Bangla is drawn in (Bangla dashboard, 390 px)', async () => {
    const member = await registerMember({ name: 'করিম উদ্দিন' });
    const page = await pageFor(member, PHONE);
    await page.goto('/dashboard?lang=bn');
    // The dashboard drawn, not the loading page before it (which has its own h1 and no menu):
    // the header's menu button opens the dashboard's drawer only then.
    await page.waitForFunction(() => {
      const button = document.querySelector('header button[aria-controls]:not([aria-haspopup])');
      const target = document.getElementById(button?.getAttribute('aria-controls') ?? '');
      return !!target?.classList.contains('fixed') && !document.querySelector('[data-app-loading]');
    });
    await page.getByRole('button', { name: /মেনু/ }).click();
    await page.getByRole('dialog').waitFor();
    await page.evaluate(() => document.fonts.ready);
    const missing = await page.evaluate(() => {
      const bengali = /[\u0980-\u09FF]/;
      const weights = new Set<number>();
      for (const element of document.querySelectorAll<HTMLElement>('body *')) {
        const own = [...element.childNodes].some(
          (n) => n.nodeType === Node.TEXT_NODE && bengali.test(n.textContent ?? ''),
        );
        if (own && element.getClientRects().length > 0) {
          weights.add(Number(getComputedStyle(element).fontWeight));
        }
      }
      const faces = [...document.fonts].filter(
        (f) => f.family.replaceAll('"', '') === 'RedHope Bangla' && f.status === 'loaded',
      );
      // A face drawn for a weight is the face made for it: its range starts at that weight
      // (or is the regular face's range below it), not a lighter or heavier one stretched.
      const madeFor = (face: FontFace, weight: number) => {
        const [from, to = from] = face.weight.split(' ').map(Number) as [number, number?];
        return weight >= from && weight <= (to ?? from) && (weight <= 400 || from === weight);
      };
      return [...weights].filter((w) => !faces.some((face) => madeFor(face, w)));
    });
    expect(missing).toEqual([]);
    await page.waitForTimeout(1000);
    expect(await boxedBangla(page)).toEqual([]);
    await page.context().close();
  });
});

describe('Bangla small print (item 11)', () => {
  it('is at least 14 px on buttons, badges and status pills of a Bangla page at 390 px', async () => {
    const { page } = await adminAt(PHONE);
    await call(page, 'POST', '/api/blogs', {
      title: `খসড়া ${Date.now().toString(36)}`,
      image: '/api/images/0190a0a0-0000-7000-8000-000000000000.webp',
      content: 'Short.',
    });
    for (const path of ['/dashboard/content-management', '/dashboard/allUsers']) {
      await page.goto(`${path}?lang=bn`);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForFunction(() => !document.querySelector('main [role="status"]'));
      const small = await page.evaluate(() => {
        const bengali = /[\u0980-\u09FF]/;
        return [...document.querySelectorAll<HTMLElement>('body *')]
          .filter((element) => {
            const own = [...element.childNodes].some(
              (n) => n.nodeType === Node.TEXT_NODE && bengali.test(n.textContent ?? ''),
            );
            return own && element.getClientRects().length > 0 && !element.closest('.sr-only');
          })
          .filter((element) => Number.parseFloat(getComputedStyle(element).fontSize) < 14)
          .map((element) => `${element.tagName} "${element.textContent?.trim()}"`);
      });
      expect(small, path).toEqual([]);
    }
    await page.context().close();
  });
});

describe('unread notifications (item 12)', () => {
  it('are marked calmly, not in red, at 390 px', async () => {
    const stamp = Date.now().toString(36);
    const place = { division: 'Khulna', district: 'Khulna', upazila: 'Dumuria' };
    const requester = await registerMember();
    const donor = await registerMember({ name: `Alerted ${stamp}`, bloodGroup: 'O-', ...place });
    const requesterPage = await pageFor(requester, PHONE);
    await call(requesterPage, 'POST', '/api/donation-request', {
      ...requestFields(`Patient ${stamp}`, place),
      hospitalName: 'Dumuria Upazila Health Complex',
    });
    await requesterPage.context().close();

    const page = await pageFor(donor, PHONE);
    // The alert is written in the background, within a second or two.
    for (let tries = 0; tries < 40; tries++) {
      const unread = (await (
        await page.context().request.get('/api/notifications/unread-count')
      ).json()) as { count: number };
      if (unread.count > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await page.goto('/dashboard/notifications');
    const item = page.locator('main li').filter({ hasText: 'Unread' }).first();
    await item.waitFor();
    await addRgbOf(page);
    const reds = await item.evaluate((root) => {
      const { rgbOf } = window as unknown as WithRgb;
      const red = (color: string) => {
        const [r = 0, g = 0, b = 0] = rgbOf(color);
        return r > 150 && r > g * 2 && r > b * 2;
      };
      return [root, ...root.querySelectorAll<HTMLElement>('*')]
        .filter((element) => element.getClientRects().length > 0)
        .filter((element) => {
          const style = getComputedStyle(element);
          const transparent = style.backgroundColor === 'rgba(0, 0, 0, 0)';
          return red(style.color) || (!transparent && red(style.backgroundColor));
        })
        .map((element) => `${element.tagName}.${element.className}`);
    });
    expect(reds).toEqual([]);
    await page.context().close();
  });
});

describe('an old link to a page past the end (item 14)', () => {
  it('says there is nothing there, with the way to page 1 (public list, 390 px, both languages)', async () => {
    const page = await pageFor(null, PHONE);
    await page.goto('/blogs?page=9999');
    await page.getByText('There is nothing on page 9999').waitFor();
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Go to page 1' }).click();
    await page.waitForURL('**/blogs?page=1');
    await page.getByRole('heading', { name: 'Blogs', level: 1 }).waitFor();
    // Page 9999's answer stays drawn until page 1's arrives (a slow CI machine read it then).
    await page.getByText('There is nothing on page').waitFor({ state: 'detached' });

    await page.goto('/blood-donation-request?page=9999&lang=bn');
    await page.getByText('পেজ ৯৯৯৯-এ কিছু নেই').waitFor();
    await page.getByRole('link', { name: 'পেজ ১-এ যান' }).waitFor();
    await page.context().close();
  });

  it('does the same on a dashboard list, keeping its filter (1280 px)', async () => {
    const { page } = await adminAt(DESKTOP);
    await page.goto('/dashboard/allUsers?status=active&page=9999');
    await page.getByText('There is nothing on page 9999').waitFor();
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Go to page 1' }).click();
    await page.waitForURL(/\/dashboard\/allUsers\?status=active&page=1$/);
    await page.locator('main table').waitFor();
    await page.context().close();
  });
});

describe('keyboard and contrast (item 15)', () => {
  it('keeps focus in the open phone drawer; Escape closes it and focus goes back to the menu button', async () => {
    const { page } = await adminAt(PHONE);
    await page.goto('/dashboard');
    // The dashboard's own drawer is what the button opens once the dashboard is drawn.
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    // Waited for, not read once: the header's button points at the dashboard's drawer only once
    // the dashboard has replaced the site's menu.
    await page.waitForFunction(() => {
      const button = document.querySelector('header button[aria-label="Open menu"]');
      const target = document.getElementById(button?.getAttribute('aria-controls') ?? '');
      return !!target?.classList.contains('fixed');
    });
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    const drawer = page.getByRole('dialog', { name: 'Dashboard' });
    await drawer.waitFor();
    const outside: string[] = [];
    for (let presses = 0; presses < 40; presses++) {
      await page.keyboard.press(presses % 7 === 6 ? 'Shift+Tab' : 'Tab');
      const where = await page.evaluate(() => {
        const active = document.activeElement;
        const inside = !!active?.closest('[role="dialog"]');
        return inside ? null : `${active?.tagName} ${active?.textContent?.trim().slice(0, 30)}`;
      });
      if (where) outside.push(where);
    }
    expect(outside).toEqual([]);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''),
    ).toBe('Open menu');
    await page.context().close();
  });

  it('draws Publish and Verify at 4.5:1 or more (1280 px)', async () => {
    const { admin, page } = await adminAt(DESKTOP);
    const stamp = Date.now().toString(36);
    await call(page, 'POST', '/api/blogs', {
      title: `Draft ${stamp}`,
      image: '/api/images/0190a0a0-0000-7000-8000-000000000000.webp',
      content: 'Short.',
    });
    await page.goto('/dashboard/content-management');
    const row = page.locator('main tr').filter({ hasText: `Draft ${stamp}` });
    const publish = row.getByRole('button', { name: 'Publish', exact: true });
    await publish.waitFor();
    expect(await contrastOf(page, publish)).toBeGreaterThanOrEqual(4.5);

    // A request someone reported, in the staff queue with its Verify button.
    const requester = await registerMember();
    const requesterPage = await pageFor(requester, DESKTOP);
    const created = await call(requesterPage, 'POST', '/api/donation-request', {
      ...requestFields(`Reported ${stamp}`),
    });
    await requesterPage.context().close();
    const reporter = await registerMember();
    const reporterPage = await pageFor(reporter, DESKTOP);
    await call(reporterPage, 'POST', `/api/donation-request/${created.insertedId}/report`, {
      reason: 'asks-for-money',
    });
    await reporterPage.context().close();
    void admin;
    await page.goto('/dashboard/reports');
    const card = page.locator('article').filter({ hasText: `Reported ${stamp}` });
    const verify = card.getByRole('button', { name: 'Verify', exact: true });
    await verify.waitFor();
    expect(await contrastOf(page, verify)).toBeGreaterThanOrEqual(4.5);
    await page.context().close();
  });
});

describe('the staff menus (item 18)', () => {
  const SPEC_ADMIN = [
    'Profile',
    'All Users',
    'All Donation Request',
    'My Donation Request',
    'Create Donation Request',
    'Content Management',
  ];

  /**
   * The sidebar as read: its links' own words and its headings, in order, up to the site links.
   * Not the new-messages badge beside Contact Messages, which shows whenever a file before this
   * one on the same server left a contact message ("Contact Messages11 new").
   */
  const menuOf = (page: Page) =>
    page
      .getByRole('navigation', { name: 'Dashboard' })
      .first()
      .locator('li > a, h2')
      .evaluateAll((items) =>
        items.map((item) =>
          Array.from(item.childNodes)
            .filter((node) => node.nodeType === Node.TEXT_NODE)
            .map((node) => node.textContent)
            .join('')
            .trim(),
        ),
      );

  it("read as the spec's, with the other staff pages below their own heading (1280 px)", async () => {
    const { page } = await adminAt(DESKTOP);
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard' }).first().waitFor();
    const admin = await menuOf(page);
    expect(admin.slice(0, 6)).toEqual(SPEC_ADMIN);
    expect(admin[6]).toBe('Staff tools');
    expect(admin.slice(7, 12)).toEqual([
      'Contact Messages',
      'Reports',
      'Audit Log',
      'Two-step sign-in',
      'Failed Emails',
    ]);

    const volunteer = await registerMember();
    await call(page, 'PATCH', `/api/users/volunteer/${volunteer.id}`, {});
    const volunteerPage = await pageFor(volunteer, DESKTOP);
    await volunteerPage.goto('/dashboard');
    await volunteerPage.getByRole('navigation', { name: 'Dashboard' }).first().waitFor();
    const menu = await menuOf(volunteerPage);
    expect(menu.slice(0, 6)).toEqual([
      ...SPEC_ADMIN.filter((i) => i !== 'All Users'),
      'Staff tools',
    ]);
    expect(menu.slice(6, 8)).toEqual(['Reports', 'Two-step sign-in']);
    await volunteerPage.context().close();

    const donor = await registerMember();
    const donorPage = await pageFor(donor, DESKTOP);
    await donorPage.goto('/dashboard');
    await donorPage.getByRole('navigation', { name: 'Dashboard' }).first().waitFor();
    const donorMenu = await menuOf(donorPage);
    expect(donorMenu.slice(0, 3)).toEqual([
      'Profile',
      'My Donation Request',
      'Create Donation Request',
    ]);
    expect(donorMenu).not.toContain('Staff tools');
    await donorPage.context().close();
    await page.context().close();
  });
});

describe('at the open-request limit (item 8)', () => {
  it('says so before the form, at 390 px, in English and Bangla', async () => {
    const member = await registerMember();
    const page = await pageFor(member, PHONE);
    // The browser tests' server allows 1,000 open requests (so no spec runs into the limit by
    // chance): the real answer's limit is lowered to 3 on its way to the page.
    await page.route('**/api/donation-request/allowance', async (route) => {
      const answer = await route.fetch();
      const { open } = (await answer.json()) as { open: number };
      await route.fulfill({ response: answer, json: { open, max: 3 } });
    });
    for (const name of ['Limit A', 'Limit B']) {
      await call(page, 'POST', '/api/donation-request', requestFields(`${name} ${member.id}`));
    }
    await page.goto('/dashboard/create-donation-request');
    // Two open: the form, as ever.
    await page.getByRole('button', { name: 'Request Now' }).waitFor();

    await call(page, 'POST', '/api/donation-request', requestFields(`Limit C ${member.id}`));
    await page.reload();
    await page.getByText('You already have 3 open requests').waitFor();
    expect(await page.getByRole('button', { name: 'Request Now' }).count()).toBe(0);
    expect(await page.getByLabel('Recipient Name').count()).toBe(0);
    await page.getByRole('link', { name: 'Go to My Donation Request' }).waitFor();

    await reloadInBangla(page);
    await page.getByText('আপনার ৩টি খোলা অনুরোধ আছে', { exact: false }).waitFor();
    await page.context().close();
  });
});

describe('Donate Now on a phone (items 1 and 6)', () => {
  it('is in view without scrolling at 390 px, and stays in view while the page scrolls', async () => {
    const requester = await registerMember();
    const family = await pageFor(requester, PHONE);
    const long = 'Needed before surgery. '.repeat(20);
    const { insertedId } = await call(family, 'POST', '/api/donation-request', {
      ...requestFields(`Sticky ${requester.id}`),
      requestMessage: long,
    });
    const donor = await pageFor(await registerMember(), PHONE);
    await donor.goto(`/blood-donation-request/${insertedId}`);
    const button = donor.getByRole('button', { name: 'Donate Now' });
    await button.waitFor();
    const inView = async () => {
      const box = await button.boundingBox();
      return !!box && box.y >= 0 && box.y + box.height <= PHONE.height;
    };
    expect(await inView()).toBe(true);
    await donor.mouse.wheel(0, 400);
    await donor.waitForFunction(() => window.scrollY > 0);
    expect(await inView()).toBe(true);
    await family.context().close();
    await donor.context().close();
  });

  it('tells a donor still resting why and from when, instead of offering it (English and Bangla)', async () => {
    const requester = await registerMember();
    const family = await pageFor(requester, PHONE);
    const member = await registerMember();
    const donor = await pageFor(member, PHONE);
    // A real donation: the donor pledges, the family marks it donated.
    const first = await call(
      family,
      'POST',
      '/api/donation-request',
      requestFields(`Given ${member.id}`),
    );
    await call(donor, 'PATCH', `/api/donation-request/${first.insertedId}`, {
      status: 'inprogress',
    });
    const detail = await family.context().request.get(`/api/donation-request/${first.insertedId}`);
    const { pledges } = (await detail.json()) as { pledges: Array<{ id: string }> };
    await call(
      family,
      'POST',
      `/api/donation-request/${first.insertedId}/pledges/${pledges[0]?.id}/outcome`,
      {
        outcome: 'donated',
      },
    );

    // Dated today: the browser tests' server rests a donor one day (tests/e2e/server.ts).
    const next = await call(family, 'POST', '/api/donation-request', {
      ...requestFields(`Next ${member.id}`),
      donationDate: dhakaDate(0),
      donationTime: '23:59',
    });
    await donor.goto(`/blood-donation-request/${next.insertedId}`);
    await donor.getByText('You are still resting from your last donation').waitFor();
    expect(await donor.getByRole('button', { name: 'Donate Now' }).count()).toBe(0);
    // The server says no too, in the same words.
    const refused = await donor
      .context()
      .request.patch(`/api/donation-request/${next.insertedId}`, {
        data: { status: 'inprogress' },
        headers: { origin: baseUrl() },
      });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'NOT_ELIGIBLE_YET',
    );

    await reloadInBangla(donor);
    // Polled over the page's whole text, so a failure shows what the page said instead.
    await expect
      .poll(() => donor.locator('main').innerText(), { timeout: 30_000 })
      .toContain('আপনি এখনো আগের রক্তদানের পর বিশ্রামে আছেন');
    await family.context().close();
    await donor.context().close();
  });
});

/** A donor who says yes to the request (PATCH to inprogress: a pledge of one of its bags). */
async function pledge(requestId: unknown, donor: { name: string; email: string }) {
  const page = await pageFor(await registerMember(donor), DESKTOP);
  await call(page, 'PATCH', `/api/donation-request/${String(requestId)}`, {
    status: 'inprogress',
  });
  await page.context().close();
}

/** The cell of `column` in the table row that holds `text`. */
const cellOf = (page: Page, text: string, column: string) =>
  page.locator('tbody tr', { hasText: text }).locator(`td[data-label="${column}"]`);

describe('My Donation Request (item 16)', () => {
  it("shows each request's donors, name and whole email, in a Donor column at 1280 px and in the card at 390 px", async () => {
    const member = await registerMember();
    const page = await pageFor(member, DESKTOP);
    const tag = member.id.slice(-6);
    const one = await call(page, 'POST', '/api/donation-request', requestFields(`One ${tag}`));
    const two = await call(page, 'POST', '/api/donation-request', {
      ...requestFields(`Two ${tag}`),
      bags: 2,
    });
    await call(page, 'POST', '/api/donation-request', requestFields(`Waiting ${tag}`));
    const rahim = {
      name: `Abdur Rahim ${tag}`,
      email: `abdur.rahim.talukder.${tag}@mail.example.com`,
    };
    const karim = { name: `Karim Uddin ${tag}`, email: `karim.uddin.${tag}@mail.example.com` };
    await pledge(one.insertedId, rahim);
    await pledge(two.insertedId, karim);

    await page.goto('/dashboard/my-donation-requests');
    await page.getByRole('columnheader', { name: 'Donor', exact: true }).waitFor();
    expect(await cellOf(page, `One ${tag}`, 'Donor').innerText()).toContain(rahim.email);
    expect(await cellOf(page, `One ${tag}`, 'Donor').innerText()).toContain(rahim.name);
    // A request of several bags: each donor pledged so far.
    expect(await cellOf(page, `Two ${tag}`, 'Donor').innerText()).toContain(karim.email);
    expect(await cellOf(page, `Waiting ${tag}`, 'Donor').innerText()).toBe('—');

    // On a phone the table is cards: the donor is still there, under its own label.
    await page.setViewportSize(PHONE);
    await page.locator('.data-table-frame[data-cards]').waitFor();
    const donor = cellOf(page, `One ${tag}`, 'Donor');
    expect(await donor.isVisible()).toBe(true);
    expect(await donor.innerText()).toContain(rahim.email);
    await page.context().close();
  });
});

describe('an ended session (item 9)', () => {
  it('keeps the draft of Create Donation Request, asks to sign in again, and brings it back', async () => {
    const member = await registerMember();
    const page = await pageFor(member, DESKTOP);
    await page.goto('/dashboard/create-donation-request');
    await page.getByLabel('Recipient Name').fill('Salma Begum');
    await page.getByLabel('Blood Group').selectOption('A-');
    await page.getByLabel('Division').selectOption('Khulna');
    await page.getByLabel('District').selectOption('Jashore');
    await page.getByLabel('Hospital Name').fill('Jashore General Hospital');
    await page.getByLabel('Full Address').fill('Hospital Road, Jashore');
    await page.getByLabel('Donation Date').fill(dhakaDate(3));
    await page.getByLabel('Donation Time').fill('09:15');
    await page.getByLabel('Request Message').fill('Two bags before the operation.');

    // The session ends on the server (as after its idle time) while the page still holds it.
    const cookie = (await page.context().cookies())
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ');
    const ended = await fetch(`${baseUrl()}/api/auth/sign-out`, {
      method: 'POST',
      headers: { cookie, origin: baseUrl(), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(ended.ok).toBe(true);

    await page.getByRole('button', { name: 'Request Now' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Your session ended — sign in again; your draft is kept.' })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByText('Something went wrong').count()).toBe(0);

    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard/create-donation-request');
    await expect.poll(() => page.getByLabel('Recipient Name').inputValue()).toBe('Salma Begum');
    expect(await page.getByLabel('District').inputValue()).toBe('Jashore');
    expect(await page.getByLabel('Request Message').inputValue()).toBe(
      'Two bags before the operation.',
    );
    await page.context().close();
  });
});

/**
 * Words of the element's text drawn across two lines: each run of letters without a space, and
 * each part of an email between its break points (EmailText makes each a text node of its own).
 */
function brokenWords(row: ReturnType<Page['locator']>): Promise<string[]> {
  return row.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest('.row-action-label, .sr-only')) continue;
      for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(
          Array.from(range.getClientRects())
            .filter((rect) => rect.width > 0)
            .map((rect) => Math.round(rect.top)),
        );
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

/** How far apart the middles of the row's action buttons and links are, up and down (px). */
const actionsSpread = (row: ReturnType<Page['locator']>) =>
  row
    .locator('td:last-child')
    .locator('a, button')
    .evaluateAll((items) => {
      const middles = items.map((item) => {
        const box = item.getBoundingClientRect();
        return box.top + box.height / 2;
      });
      return Math.max(...middles) - Math.min(...middles);
    });

describe('laptop tables (item 10)', () => {
  it('fit at 1280 px: no word broken inside, emails at their dots, actions in one row', async () => {
    const { admin, page } = await adminAt(DESKTOP);
    const tag = admin.id.slice(-6);
    const place = { division: 'Chattogram', district: 'Brahmanbaria' };
    const recipient = `Mohammad Abdullah Al Mamun ${tag}`;
    const fields = {
      ...requestFields(recipient, place),
      hospitalName: 'Brahmanbaria Sadar Hospital and Medical College',
    };
    const { insertedId } = await call(page, 'POST', '/api/donation-request', fields);
    const donor = {
      name: `Shafiqur Rahman Chowdhury ${tag}`,
      email: `shafiqur.rahman.chowdhury.${tag}@mail.example.com`,
    };
    await pledge(insertedId, donor);

    for (const path of ['my-donation-requests', 'all-donation-requests']) {
      await page.goto(`/dashboard/${path}`);
      const row = page.locator('tbody tr', { hasText: recipient });
      await row.waitFor();
      expect(await page.locator('.data-table-frame[data-cards]').count(), path).toBe(0);
      expect(await brokenWords(row), path).toEqual([]);
      // View, Done, Cancel, Delete (and the family's Contact on their own list, issue 28): one row.
      expect(await row.locator('td:last-child').locator('a, button').count(), path).toBe(
        path === 'my-donation-requests' ? 5 : 4,
      );
      expect(await actionsSpread(row), path).toBeLessThan(4);
    }

    await page.goto('/dashboard/allUsers');
    const row = page.locator('tbody tr', { hasText: donor.email });
    await row.waitFor();
    expect(await page.locator('.data-table-frame[data-cards]').count()).toBe(0);
    expect(await brokenWords(row)).toEqual([]);
    expect(await actionsSpread(row)).toBeLessThan(4);
    await page.context().close();
  });
});
