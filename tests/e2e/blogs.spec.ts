import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { baseUrl, setupBrowser } from './browser.ts';
import { callApi, type Member, promoteToAdmin, registerMember, signIn } from './fixtures.ts';

const browser = setupBrowser();

/** A page signed in as `member`. */
async function pageFor(member: Member): Promise<Page> {
  const page = await browser.newPage();
  await signIn(page.context(), member);
  return page;
}

const call = callApi<unknown>;

/** An admin, and a volunteer the admin made one, each on their own page. */
async function staff() {
  const admin = await registerMember();
  await promoteToAdmin(admin.email);
  const volunteer = await registerMember();
  const adminPage = await pageFor(admin);
  await call(adminPage, 'PATCH', `/api/users/volunteer/${volunteer.id}`, {});
  const volunteerPage = await pageFor(volunteer);
  return { admin, volunteer, adminPage, volunteerPage };
}

/** A real PNG for the thumbnail input. */
async function pngFile() {
  const buffer = await sharp({
    create: { width: 64, height: 36, channels: 3, background: '#dc2626' },
  })
    .png()
    .toBuffer();
  return { name: 'thumbnail.png', mimeType: 'image/png', buffer };
}

/** Any script a payload managed to run sets this. */
const PWNED = 'window.__pwned';
const xss = (n: number) => `<img src=x onerror="${PWNED}=${n}"><script>${PWNED}=${n}</script>`;

/** Fails when the page is wider than the screen (sideways scrolling). */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

describe('blogs from writing to reading', () => {
  it('a volunteer writes a blog, an admin publishes it, a visitor reads it', async () => {
    const stamp = Date.now().toString(36);
    const { adminPage, volunteerPage } = await staff();
    const title = `Rokto ${stamp} ${xss(1)}`;
    // Over 100 visible letters of Bangla in the first paragraph, then markup in the second.
    const bangla = `আ${'কি'.repeat(120)}`;
    const content = `${bangla}\n\n${xss(2)} **not bold**`;

    // The volunteer writes it through the form, thumbnail and all.
    const page = volunteerPage;
    await page.goto('/dashboard/content-management');
    await page.getByRole('heading', { name: 'Content Management' }).waitFor();
    await page.getByRole('link', { name: 'Add Blog' }).click();
    await page.getByRole('heading', { name: 'Add Blog' }).waitFor();

    // Nothing filled in: the spec's three messages, and nothing sent.
    await page.getByRole('button', { name: 'Create Blog' }).click();
    for (const message of [
      'Please provide blog title',
      'Please provide thumbnail',
      'Please enter Description',
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }

    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Thumbnail').setInputFiles(await pngFile());
    await page.getByLabel('Content').fill(content);
    await page.getByRole('button', { name: 'Create Blog' }).click();
    await page.getByText('Your blog has been saved').waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard/content-management');

    // In the volunteer's list as a draft; Publish and Delete are the admin's.
    const row = page.getByRole('row').filter({ hasText: `Rokto ${stamp}` });
    await row.getByText('draft', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'Publish' }).isDisabled()).toBe(true);
    expect(await row.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    // The title is the text typed, markup and all, not an element.
    expect(await row.getByRole('link', { name: `Rokto ${stamp}` }).textContent()).toBe(title);
    const href = await row.getByRole('link', { name: `Rokto ${stamp}` }).getAttribute('href');
    const blogPath = href ?? '';
    expect(blogPath).toMatch(/^\/blogs\/[0-9a-f-]{36}$/);

    // A visitor cannot read the draft: a clear page, not an error screen.
    const visitor = await browser.newPage();
    await visitor.goto(blogPath);
    await visitor
      .getByRole('heading', { name: 'This blog does not exist or has not been published.' })
      .waitFor();

    // The admin publishes it.
    await adminPage.goto('/dashboard/content-management?status=draft');
    const adminRow = adminPage.getByRole('row').filter({ hasText: `Rokto ${stamp}` });
    await adminRow.getByRole('button', { name: 'Publish' }).click();
    await adminPage.getByText('Blog has been published now').waitFor();
    await adminPage
      .getByRole('row')
      .filter({ hasText: `Rokto ${stamp}` })
      .waitFor({
        state: 'detached',
      });

    // The visitor finds it on /blogs, cut at 100 letters, and reads it in full.
    await visitor.goto('/blogs');
    await visitor.getByRole('heading', { name: 'Blogs', exact: true }).waitFor();
    const card = visitor.locator('article').filter({ hasText: `Rokto ${stamp}` });
    expect(await card.getByRole('heading').textContent()).toBe(title);
    expect(await card.locator('p').first().textContent()).toBe(`আ${'কি'.repeat(99)}…`);
    await card.getByRole('link', { name: /View Details/ }).click();
    await visitor.waitForURL(`**${blogPath}`);
    // The address changes before the blog's page is drawn (its code arrives after): until then
    // the list's own heading is the page's first, so wait for the heading to become the title.
    const heading = visitor.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.textContent()).toBe(title);
    const posted = await visitor.locator('time').textContent();
    expect(posted).toMatch(
      /^Posted on [A-Z][a-z]{2} \d{1,2}(st|nd|rd|th) \d{2} at \d{1,2}:\d{2}\s[AP]M$/,
    );
    const paragraphs = await visitor.locator('article p.whitespace-pre-line').allTextContents();
    expect(paragraphs).toEqual([bangla, `${xss(2)} **not bold**`]);
    const thumbnail = await visitor.locator('article img').first().getAttribute('src');
    expect(thumbnail).toMatch(/^\/api\/images\/[0-9a-f-]{36}\.webp$/);
    // No payload became an element or ran.
    expect(await visitor.locator('img[src="x"]').count()).toBe(0);
    expect(await visitor.evaluate(PWNED)).toBeUndefined();
    expect(await page.evaluate(PWNED)).toBeUndefined();

    // Shared, the link shows a preview: the server wrote its tags into the page.
    const html = await (await fetch(`${baseUrl()}${blogPath}`)).text();
    expect(html).toContain(`<meta property="og:image" content="${baseUrl()}${thumbnail}" />`);
    expect(html).toContain(`<meta property="og:title" content="Rokto ${stamp} &lt;img src=x`);

    for (const p of [page, adminPage, visitor]) await p.context().close();
  });

  it('saves nothing when the thumbnail upload fails, and says so', async () => {
    const { volunteerPage: page, adminPage } = await staff();
    const stamp = Date.now().toString(36);
    await page.route('**/api/images', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'Storage is down.' } }),
      }),
    );
    await page.goto('/dashboard/content-management/add-blog');
    await page.getByLabel('Title').fill(`Lost ${stamp}`);
    await page.getByLabel('Thumbnail').setInputFiles(await pngFile());
    await page.getByLabel('Content').fill('This should not be saved.');
    let created = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/blogs') {
        created = true;
      }
    });
    await page.getByRole('button', { name: 'Create Blog' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Image upload failed').waitFor();
    await dialog.getByText('Please try again.').waitFor();
    expect(created).toBe(false);
    const all = (await call(adminPage, 'GET', '/api/blogs?limit=100')) as Array<{ title: string }>;
    expect(all.some((blog) => blog.title === `Lost ${stamp}`)).toBe(false);
    for (const p of [page, adminPage]) await p.context().close();
  });

  it('an admin unpublishes and deletes after confirming; the table fits at 390 and 1280 px', async () => {
    const { adminPage: page } = await staff();
    const stamp = Date.now().toString(36);
    const longTitle = `Unbroken${'x'.repeat(140)}${stamp}`.slice(0, 150);
    const { insertedId } = (await call(page, 'POST', '/api/blogs', {
      title: longTitle,
      image: '/api/images/0190a0a0-0000-7000-8000-000000000000.webp',
      content: 'Short.',
    })) as { insertedId: string };
    await call(page, 'PATCH', `/api/blogs/${insertedId}`, { status: 'published' });

    for (const size of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      await page.goto('/dashboard/content-management');
      await page.getByRole('link', { name: longTitle }).waitFor();
      await expectNoSidewaysScroll(page);
    }

    // UnPublish.
    const actions = page.getByRole('group', { name: `Actions for the blog ${longTitle}` });
    await actions.getByRole('button', { name: 'UnPublish' }).click();
    await page.getByText('Blog has been draft now').waitFor();
    await actions.getByRole('button', { name: 'Publish' }).waitFor();

    // Delete asks first; keeping it keeps it.
    await actions.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Are you sure you want to delete this blog?').waitFor();
    await page.getByRole('button', { name: 'No, keep it' }).click();
    await page.getByRole('link', { name: longTitle }).waitFor();
    await actions.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Yes, delete it' }).click();
    await page.getByText('Blog has been delete now').waitFor();
    await page.getByRole('link', { name: longTitle }).waitFor({ state: 'detached' });
    await page.context().close();
  });
});

describe('the contact inbox', () => {
  it('an admin reads a message sent from the home page, as text, and marks it handled', async () => {
    const stamp = Date.now().toString(36);
    const visitor = await browser.newPage();
    await visitor.goto('/');
    const form = visitor.locator('form').filter({ has: visitor.getByLabel('Message') });
    await form.getByLabel('Name').fill(`Sender ${stamp}`);
    await form.getByLabel('Phone number').fill('+880 1711-000000');
    await form.getByLabel('Email').fill(`sender-${stamp}@example.org`);
    await form.getByLabel('Message').fill(`Hello ${stamp}\n${xss(3)}`);
    await form.getByRole('button', { name: 'Send message' }).click();
    await visitor
      .getByText('Thanks for reaching out! The RedHope team will contact you soon.')
      .waitFor();
    await visitor.context().close();

    const admin = await registerMember();
    await promoteToAdmin(admin.email);
    const page = await pageFor(admin);
    await page.goto('/dashboard');
    const menuLink = page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: /^Contact Messages \d+ new$/ });
    await menuLink.waitFor();
    // The number a person sees beside the link.
    const countBefore = Number(await menuLink.locator('[aria-hidden="true"]').textContent());
    expect(countBefore).toBeGreaterThan(0);
    await menuLink.click();
    await page.getByRole('heading', { name: 'Contact Messages' }).waitFor();

    await page.getByRole('combobox', { name: 'Status' }).selectOption('new');
    const item = page.getByRole('listitem').filter({ hasText: `Sender ${stamp}` });
    await item.getByRole('button', { name: /Open/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Message' });
    await dialog.waitFor();
    expect(await dialog.locator('p.whitespace-pre-line').textContent()).toBe(
      `Hello ${stamp}\n${xss(3)}`,
    );
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.evaluate(PWNED)).toBeUndefined();
    await dialog.getByRole('button', { name: 'Mark handled' }).click();
    await page.getByText('Marked as handled').waitFor();
    await item.waitFor({ state: 'detached' });

    // The menu's count went down by one; the message is among the handled ones.
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', {
        name: countBefore > 1 ? `Contact Messages ${countBefore - 1} new` : 'Contact Messages',
        exact: true,
      })
      .waitFor();
    await page.getByRole('combobox', { name: 'Status' }).selectOption('handled');
    const handled = page.getByRole('listitem').filter({ hasText: `Sender ${stamp}` });
    await handled.getByText('handled', { exact: true }).waitFor();
    await page.context().close();
  });
});
